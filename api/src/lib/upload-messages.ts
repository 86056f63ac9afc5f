import type { Templates } from './messages.js';

/** Sizes as the upload refusals name them (lib/uploads.ts `sizeText`). */
export const SIZES = {
  megabytes: { kg: ({ n }) => `${n} МБ`, ru: ({ n }) => `${n} МБ`, en: ({ n }) => `${n} MB` },
  kilobytes: { kg: ({ n }) => `${n} КБ`, ru: ({ n }) => `${n} КБ`, en: ({ n }) => `${n} KB` },
} as const satisfies Templates<'megabytes' | 'kilobytes', { n: number }>;
