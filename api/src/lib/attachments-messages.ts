import type { Text } from './messages.js';

/**
 * An upload limit as a refusal names it, in every language: '20 МБ', '64 КБ', '20 MB'. Kyrgyz
 * and Russian share the Cyrillic units.
 */
export function uploadLimitText(bytes: number): Text {
  const megabytes = bytes / (1024 * 1024);
  const [amount, cyrillic, latin] =
    megabytes >= 1
      ? [Math.round(megabytes * 10) / 10, 'МБ', 'MB']
      : [Math.max(1, Math.round(bytes / 1024)), 'КБ', 'KB'];
  return { kg: `${amount} ${cyrillic}`, ru: `${amount} ${cyrillic}`, en: `${amount} ${latin}` };
}
