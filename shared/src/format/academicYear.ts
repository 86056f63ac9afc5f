/** One entry of the academic year selector: id = two-digit start year, name 'YYYY-YY'. */
export interface AcademicYearOption {
  id: number;
  name: string;
}

/** Spec §3: six years in the selector. */
export const ACADEMIC_YEAR_COUNT = 6;

/** September (month index 8) starts an academic year. */
const FIRST_MONTH_OF_YEAR = 8;

const pad2 = (n: number) => String(n).padStart(2, '0');

export function academicYearOption(startYear: number): AcademicYearOption {
  return { id: startYear % 100, name: `${startYear}-${pad2((startYear + 1) % 100)}` };
}

/** The calendar year the current academic year started in: last year before September. */
export function academicStartYear(now: Date = new Date()): number {
  return now.getMonth() < FIRST_MONTH_OF_YEAR ? now.getFullYear() - 1 : now.getFullYear();
}

/** The default academic year: the previous calendar year's before September, else this year's. */
export function defaultAcademicYear(now: Date = new Date()): AcademicYearOption {
  return academicYearOption(academicStartYear(now));
}

/**
 * Six years, newest first: the coming academic year (registration for it opens in spring), the
 * current one and the four before it.
 */
export function academicYearOptions(now: Date = new Date()): AcademicYearOption[] {
  const newest = academicStartYear(now) + 1;
  return Array.from({ length: ACADEMIC_YEAR_COUNT }, (_, i) => academicYearOption(newest - i));
}
