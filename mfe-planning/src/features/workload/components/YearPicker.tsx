import { useTranslation } from 'react-i18next';
import { SelectField } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';

/**
 * The academic year of the view: the years that have plans, the current one (the server's date)
 * marked; picking one reads that year's plans.
 */
export function YearPicker({
  years,
  yearId,
  currentYearId,
  onChange,
}: {
  years: number[];
  yearId: number;
  currentYearId: number;
  onChange: (yearId: number) => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <SelectField
      label={t('workload.year')}
      value={String(yearId)}
      onChange={(event) => onChange(Number(event.target.value))}
    >
      {years.map((year) => (
        <option key={year} value={year}>
          {t(year === currentYearId ? 'workload.yearCurrent' : 'workload.yearOption', {
            year: yearName(year),
          })}
        </option>
      ))}
    </SelectField>
  );
}

/** '2026-27' of the year id 26. */
export function yearName(yearId: number): string {
  return `20${String(yearId).padStart(2, '0')}-${String((yearId + 1) % 100).padStart(2, '0')}`;
}

/** The academic year id of a 'YYYY-MM-DD' (a year starts in September), as the server counts. */
export function yearIdOf(date: string): number {
  const year = Number(date.slice(0, 4));
  return (Number(date.slice(5, 7)) >= 9 ? year : year - 1) % 100;
}
