import type { Language } from '../i18n/languages.js';
import { toDate, type DateInput } from './date.js';
import { writeDecimal } from './decimal.js';
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
    return writeDecimal(value, lang, { minFraction: digits ?? 0, maxFraction: digits ?? 2 });
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
