import {
  ACADEMIC_YEAR_COUNT,
  academicStartYear,
  academicYearOption,
  academicYearOptions,
  defaultAcademicYear,
} from './academicYear.js';

describe('academicYearOption', () => {
  it('uses the two-digit start year as id and YYYY-YY as name', () => {
    expect(academicYearOption(2024)).toEqual({ id: 24, name: '2024-25' });
  });

  it('wraps the century correctly', () => {
    expect(academicYearOption(2099)).toEqual({ id: 99, name: '2099-00' });
    expect(academicYearOption(2009)).toEqual({ id: 9, name: '2009-10' });
  });
});

describe('defaultAcademicYear', () => {
  it('is the previous year before September', () => {
    expect(defaultAcademicYear(new Date(2025, 0, 15))).toEqual({ id: 24, name: '2024-25' });
    expect(defaultAcademicYear(new Date(2025, 7, 31, 23, 59, 59))).toEqual({
      id: 24,
      name: '2024-25',
    });
  });

  it('is the current year from the first of September', () => {
    expect(defaultAcademicYear(new Date(2025, 8, 1, 0, 0, 0))).toEqual({ id: 25, name: '2025-26' });
    expect(defaultAcademicYear(new Date(2025, 11, 31, 23, 59))).toEqual({
      id: 25,
      name: '2025-26',
    });
  });

  it('stays in the same academic year across New Year', () => {
    const december = defaultAcademicYear(new Date(2025, 11, 31, 23, 59, 59));
    const january = defaultAcademicYear(new Date(2026, 0, 1, 0, 0, 0));
    expect(january).toEqual(december);
  });

  it('defaults to the current date', () => {
    expect(defaultAcademicYear().id).toBe(academicStartYear(new Date()) % 100);
  });
});

describe('academicYearOptions', () => {
  it('lists six years, newest first: the coming one, the current one and four before', () => {
    const options = academicYearOptions(new Date(2025, 9, 1));
    expect(options).toHaveLength(ACADEMIC_YEAR_COUNT);
    expect(options).toEqual([
      { id: 26, name: '2026-27' },
      { id: 25, name: '2025-26' },
      { id: 24, name: '2024-25' },
      { id: 23, name: '2023-24' },
      { id: 22, name: '2022-23' },
      { id: 21, name: '2021-22' },
    ]);
  });

  it('shifts at the end of August / start of September', () => {
    expect(academicYearOptions(new Date(2025, 7, 31))[0]).toEqual({ id: 25, name: '2025-26' });
    expect(academicYearOptions(new Date(2025, 8, 1))[0]).toEqual({ id: 26, name: '2026-27' });
  });

  it('is unchanged between December and January', () => {
    expect(academicYearOptions(new Date(2026, 0, 1))).toEqual(
      academicYearOptions(new Date(2025, 11, 31)),
    );
  });

  it('contains the default year', () => {
    const now = new Date(2024, 3, 10);
    expect(academicYearOptions(now)).toContainEqual(defaultAcademicYear(now));
  });

  it('has unique ids', () => {
    const ids = academicYearOptions(new Date(2030, 0, 1)).map((option) => option.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
