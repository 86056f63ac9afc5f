import type { Language } from '../i18n/languages.js';
import { toDate, type DateInput } from './date.js';
import { onTimeZoneChange, universityTimeZone, zonedParts } from './zone.js';

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

function build(lang: Language): Format {
  const en = lang === 'en';
  const timeZone = universityTimeZone();
  // kg and ru: '24.11.2026' and '24.11'; English is written by hand below.
  const numeric = new Intl.DateTimeFormat('ru-RU', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone,
  });
  const dayMonth = new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', timeZone });
  const time = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  });
  const weekdays = {
    short: new Intl.DateTimeFormat(WEEKDAY_LOCALE[lang], { weekday: 'short', timeZone }),
    long: new Intl.DateTimeFormat(WEEKDAY_LOCALE[lang], { weekday: 'long', timeZone }),
  };
  const numbers = new Map<number | undefined, Intl.NumberFormat>();
  const numberFormat = (digits: number | undefined) => {
    let format = numbers.get(digits);
    if (!format) {
      format = new Intl.NumberFormat(
        NUMBER_LOCALE[lang],
        digits === undefined
          ? { maximumFractionDigits: 2 }
          : { minimumFractionDigits: digits, maximumFractionDigits: digits },
      );
      numbers.set(digits, format);
    }
    return format;
  };
  const withDate =
    (write: (date: Date) => string) =>
    (value: DateInput | null | undefined): string => {
      const date = toDate(value);
      return date ? write(date) : '';
    };
  const writeDayMonth = en
    ? (date: Date) => {
        const { day, month } = zonedParts(date);
        return `${pad2(day)} ${EN_MONTHS[month - 1] ?? ''}`;
      }
    : (date: Date) => dayMonth.format(date).replace(/\.$/, '');
  const writeDate = en
    ? (date: Date) => `${writeDayMonth(date)} ${zonedParts(date).year}`
    : (date: Date) => numeric.format(date).replace(/\.$/, '');
  const writeNumber = (value: number | null | undefined, digits?: number) =>
    value === null || value === undefined || !Number.isFinite(value)
      ? ''
      : numberFormat(digits).format(value);

  return {
    date: withDate(writeDate),
    time: withDate((date) => time.format(date)),
    dateTime: withDate((date) => `${writeDate(date)}, ${time.format(date)}`),
    dayMonth: withDate(writeDayMonth),
    weekday: (value, width = 'short') => {
      const date = toDate(value);
      return date ? weekdays[width].format(date) : '';
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
} from './zone.js';
