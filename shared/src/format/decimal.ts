import type { Language } from '../i18n/languages.js';

/**
 * Kyrgyz is written with Russian number patterns (format/locale.ts); these are the locales
 * Intl would use, and their marks (ru-RU: a no-break space between groups, a decimal comma).
 */
const NUMBER_LOCALE: Record<Language, string> = { kg: 'ru-RU', ru: 'ru-RU', en: 'en-GB' };
const NUMBER_MARKS: Record<Language, { group: string; decimal: string }> = {
  kg: { group: '\u00a0', decimal: ',' },
  ru: { group: '\u00a0', decimal: ',' },
  en: { group: ',', decimal: '.' },
};

export interface DecimalOptions {
  minFraction: number;
  maxFraction: number;
  /** Groups of three in the whole part (default); file sizes go without. */
  grouping?: boolean;
}

/**
 * A number as Intl.NumberFormat writes it in the language (half away from zero, from the
 * number's shortest decimal form, so 1.005 is 1,01; groups of three; at least `minFraction`, at
 * most `maxFraction` decimals), written by hand: the first Intl number formatter a page makes
 * costs a phone 100-150 ms (the transcript's first render). A number JavaScript writes with an
 * exponent (beyond 1e21 or below 1e-6) goes to Intl.
 */
export function writeDecimal(
  value: number,
  lang: Language,
  { minFraction, maxFraction, grouping = true }: DecimalOptions,
): string {
  const text = String(Math.abs(value));
  if (text.includes('e')) {
    return new Intl.NumberFormat(NUMBER_LOCALE[lang], {
      minimumFractionDigits: minFraction,
      maximumFractionDigits: maxFraction,
      useGrouping: grouping,
    }).format(value);
  }
  const marks = NUMBER_MARKS[lang];
  const [whole = '0', fraction = ''] = text.split('.');
  // The digits kept, then rounded up when the first one dropped is 5 or more.
  let digits = whole + fraction.slice(0, maxFraction).padEnd(maxFraction, '0');
  if ((fraction[maxFraction] ?? '0') >= '5') {
    const up = (BigInt(digits) + 1n).toString();
    digits = up.padStart(digits.length, '0');
  }
  const integer = digits.slice(0, digits.length - maxFraction) || '0';
  let decimals = digits.slice(digits.length - maxFraction);
  while (decimals.length > minFraction && decimals.endsWith('0')) decimals = decimals.slice(0, -1);
  const grouped = grouping ? integer.replace(/\B(?=(\d{3})+(?!\d))/g, marks.group) : integer;
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${grouped}${decimals ? marks.decimal + decimals : ''}`;
}
