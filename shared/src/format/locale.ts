import type { Language } from '../i18n/languages.js';
import { toDate, type DateInput } from './date.js';
import { onTimeZoneChange, universityTimeZone, zonedParts, type ZonedParts } from './zone.js';

/**
 * One way to write dates, times, numbers and money per language, for every remote and the
 * server's documents alike.
 *
 * - kg and ru: day first with dots ('24.11.2026', '24.11.2026, 20:46'), decimal comma ('2,55'),
 *   money '1 500,00 сом'.
 * - en: day first with the month's short name, so nobody reads 11/12 the wrong way round
 *   ('24 Nov 2026', '24 Nov 2026, 20:46'), decimal point ('2.55'), money '1,500.00 som'.
 * - Times are 24-hour in every language ('20:46').
 *
 * Dates and times are the university's (format/zone.ts), whatever the device's zone.
 * Missing or invalid dates give ''. Kyrgyz uses Russian number and date patterns: ICU's 'ky'
 * writes '2026-24-11', which nobody in Kyrgyzstan writes; its weekday names are Kyrgyz.
 */
export interface Format {
  date(value: DateInput | null | undefined): string;
  time(value: DateInput | null | undefined): string;
  dateTime(value: DateInput | null | undefined): string;
  /** A short date without the year, for column headers: '24.11' or '24 Nov'. */
  dayMonth(value: DateInput | null | undefined): string;
  weekday(value: DateInput | null | undefined, width?: 'short' | 'long'): string;
  /** A number with `digits` fraction digits when given (2.554, 2 → '2,55'), else as needed. */
  number(value: number | null | undefined, digits?: number): string;
  /** An amount in soms with two fraction digits. */
  money(value: number | null | undefined): string;
}

const NUMBER_LOCALE: Record<Language, string> = { kg: 'ru-RU', ru: 'ru-RU', en: 'en-GB' };
const WEEKDAY_LOCALE: Record<Language, string> = { kg: 'ky', ru: 'ru-RU', en: 'en-GB' };
const SOM: Record<Language, string> = { kg: 'сом', ru: 'сом', en: 'som' };

/**
 * English months, three letters each: ICU's en-GB writes 'Sept' for September (and may change
 * its abbreviations between versions); the portal writes 'Sep', like every other month, in three.
 */
const EN_MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];
const pad2 = (n: number) => String(n).padStart(2, '0');

const cache = new Map<Language, Format>();

onTimeZoneChange(() => cache.clear());

/** The group and decimal marks of NUMBER_LOCALE's languages (ru-RU: no-break space and comma). */
const NUMBER_MARKS: Record<Language, { group: string; decimal: string }> = {
  kg: { group: '\u00a0', decimal: ',' },
  ru: { group: '\u00a0', decimal: ',' },
  en: { group: ',', decimal: '.' },
};

/**
 * A number as Intl.NumberFormat writes it (half away from zero, from the number's shortest
 * decimal form, so 1.005 is 1,01; groups of three; at least `minFraction`, at most
 * `maxFraction` decimals), written by hand: the first Intl number formatter a page makes costs a
 * phone 100-150 ms (the transcript's first render). A number JavaScript writes with an exponent
 * (beyond 1e21 or below 1e-6) goes to Intl.
 */
function decimal(
  value: number,
  minFraction: number,
  maxFraction: number,
  marks: { group: string; decimal: string },
  locale: string,
): string {
  const text = String(Math.abs(value));
  if (text.includes('e')) {
    return new Intl.NumberFormat(locale, {
      minimumFractionDigits: minFraction,
      maximumFractionDigits: maxFraction,
    }).format(value);
  }
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
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, marks.group);
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${grouped}${decimals ? marks.decimal + decimals : ''}`;
}

/**
 * A value made on first use. Making an `Intl` date formatter costs a phone tens of milliseconds
 * (the first one loads the calendar and zone data): a page that writes no weekday makes no
 * weekday formatter, and none is made while the page starts.
 */
function lazy<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

/**
 * Dates and times are written from the moment's fields in the university's zone (zonedParts, one
 * formatter for every language and pattern): '24.11.2026', '24.11', '24 Nov 2026', '20:46'.
 * Weekday names alone come from a formatter of the language.
 */
function build(lang: Language): Format {
  const en = lang === 'en';
  const timeZone = universityTimeZone();
  const weekdays = {
    short: lazy(
      () => new Intl.DateTimeFormat(WEEKDAY_LOCALE[lang], { weekday: 'short', timeZone }),
    ),
    long: lazy(() => new Intl.DateTimeFormat(WEEKDAY_LOCALE[lang], { weekday: 'long', timeZone })),
  };
  const withDate =
    (write: (date: Date) => string) =>
    (value: DateInput | null | undefined): string => {
      const date = toDate(value);
      return date ? write(date) : '';
    };
  const dayMonthOf = ({ day, month }: ZonedParts) =>
    en ? `${pad2(day)} ${EN_MONTHS[month - 1] ?? ''}` : `${pad2(day)}.${pad2(month)}`;
  const dateOf = (parts: ZonedParts) => `${dayMonthOf(parts)}${en ? ' ' : '.'}${parts.year}`;
  const timeOf = ({ hour, minute }: ZonedParts) => `${pad2(hour)}:${pad2(minute)}`;
  const writeNumber = (value: number | null | undefined, digits?: number) => {
    if (value === null || value === undefined || !Number.isFinite(value)) return '';
    return decimal(value, digits ?? 0, digits ?? 2, NUMBER_MARKS[lang], NUMBER_LOCALE[lang]);
  };

  return {
    date: withDate((date) => dateOf(zonedParts(date))),
    time: withDate((date) => timeOf(zonedParts(date))),
    dateTime: withDate((date) => {
      const parts = zonedParts(date);
      return `${dateOf(parts)}, ${timeOf(parts)}`;
    }),
    dayMonth: withDate((date) => dayMonthOf(zonedParts(date))),
    weekday: (value, width = 'short') => {
      const date = toDate(value);
      return date ? weekdays[width]().format(date) : '';
    },
    number: writeNumber,
    money: (value) => {
      const amount = writeNumber(value, 2);
      return amount === '' ? '' : `${amount}\u00a0${SOM[lang]}`;
    },
  };
}

/** The formatter of a language (built once per language). */
export function formatterFor(lang: Language): Format {
  let format = cache.get(lang);
  if (!format) {
    format = build(lang);
    cache.set(lang, format);
  }
  return format;
}

export {
  DEFAULT_TIME_ZONE,
  isTimeZone,
  setUniversityTimeZone,
  universityDate,
  universityOffsetMinutes,
  universityTimeZone,
  ZONE_OFFSETS_META,
  zoneOffsets,
  type ZoneOffsets,
} from './zone.js';
