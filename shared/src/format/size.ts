import { i18n } from '../i18n/i18n.js';
import { isLanguage } from '../i18n/languages.js';
import { UI_NAMESPACE } from '../i18n/resources/index.js';
import { writeDecimal } from './decimal.js';

/** The units of formatSize, each a key of the `ui` namespace's `size` group. */
export const SIZE_UNITS = ['B', 'KB', 'MB', 'GB'] as const;
export type SizeUnit = (typeof SIZE_UNITS)[number];

/** A translate function; a component's own `t` works, the unit is read from the `ui` namespace. */
export type SizeTranslate = (key: string, options: { ns: string }) => string;

const STEP = 1024;

/** The number and unit of a size: bytes as they are, KB whole, MB and GB to one decimal. */
export function sizeParts(bytes: number): { value: number; unit: SizeUnit } {
  let value = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  let index = 0;
  while (index < SIZE_UNITS.length - 1 && value >= STEP) {
    value /= STEP;
    index += 1;
  }
  const round = (n: number) => (index >= 2 ? Math.round(n * 10) / 10 : Math.round(n));
  // 1023.99 KB would round to '1024 KB': show it as the next unit instead.
  if (index < SIZE_UNITS.length - 1 && round(value) >= STEP) {
    value /= STEP;
    index += 1;
  }
  const unit = SIZE_UNITS[index] as SizeUnit;
  return { value: round(value), unit };
}

/**
 * '20 MB' / '512 KB' / '12 B' in the interface language: '1,5 МБ' in Russian and Kyrgyz,
 * '1.5 MB' in English. Without `t` the shared i18n instance translates the unit.
 */
export function formatSize(bytes: number, t?: SizeTranslate): string {
  const { value, unit } = sizeParts(bytes);
  const language = isLanguage(i18n.language) ? i18n.language : 'ru';
  // Without groups: '1023 КБ', '5000,5 ГБ'.
  const number = writeDecimal(value, language, { minFraction: 0, maxFraction: 1, grouping: false });
  const translate: SizeTranslate = t ?? ((key, options) => i18n.t(key, options));
  return `${number} ${translate(`size.${unit}`, { ns: UI_NAMESPACE })}`;
}

/** The bytes of all the files together (the server's upload limit is on the sum). */
export function totalSize(files: readonly { size: number }[]): number {
  return files.reduce((sum, file) => sum + file.size, 0);
}

/** Whether the files together fit the upload limit; no known limit (null) lets them through. */
export function isWithinLimit(
  files: readonly { size: number }[],
  limitBytes: number | null,
): boolean {
  return limitBytes === null || totalSize(files) <= limitBytes;
}
