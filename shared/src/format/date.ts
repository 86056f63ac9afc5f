export type DateInput = Date | string | number;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A Date from a Date, a timestamp or an ISO string. A bare 'YYYY-MM-DD' is taken as a local
 * calendar date (the Date constructor would read it as UTC midnight and shift it a day west of
 * Greenwich). Null when the value is not a valid date.
 */
export function toDate(value: DateInput | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  let date: Date;
  if (value instanceof Date) {
    date = value;
  } else if (typeof value === 'string' && DATE_ONLY.test(value.trim())) {
    const [, y, m, d] = DATE_ONLY.exec(value.trim()) as RegExpExecArray;
    date = new Date(Number(y), Number(m) - 1, Number(d));
  } else {
    date = new Date(value);
  }
  return Number.isNaN(date.getTime()) ? null : date;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** 'DD/MM/YY' in local time; '' for a missing or invalid value. */
export function formatDate(value: DateInput | null | undefined): string {
  const date = toDate(value);
  if (!date) return '';
  return `${pad2(date.getDate())}/${pad2(date.getMonth() + 1)}/${pad2(date.getFullYear() % 100)}`;
}

/** 'HH:mm' (24-hour) in local time; '' for a missing or invalid value. */
export function formatTime(value: DateInput | null | undefined): string {
  const date = toDate(value);
  if (!date) return '';
  return `${pad2(date.getHours())}:${pad2(date.getMinutes())}`;
}
