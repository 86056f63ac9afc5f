import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Loading, SelectField } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { useTeaching } from '../api/teach';
import { BankSection } from './BankSection';
import { TestsSection } from './TestsSection';

/** The teacher's testing: a discipline they teach, its bank and its tests. */
export function TeacherTesting() {
  const { t } = useTranslation(NAMESPACE);
  const teaching = useTeaching();
  const [chosen, setChosen] = useState<number | null>(null);
  if (teaching.isPending) return <Loading />;
  if (teaching.isError) {
    return <ErrorState error={teaching.error} onRetry={() => void teaching.refetch()} />;
  }
  if (teaching.data.length === 0) return <EmptyState message={t('noTeaching')} />;
  // The first discipline is the choice until the teacher picks another.
  const current = teaching.data.find((entry) => entry.disciplineId === chosen) ?? teaching.data[0];
  if (!current) return null;
  return (
    <>
      <SelectField
        label={t('discipline')}
        value={current.disciplineId}
        onChange={(event) => setChosen(Number(event.target.value))}
      >
        {teaching.data.map((entry) => (
          <option key={entry.disciplineId} value={entry.disciplineId}>
            {entry.discipline}
          </option>
        ))}
      </SelectField>
      <BankSection key={`bank-${current.disciplineId}`} disciplineId={current.disciplineId} />
      <TestsSection
        key={`tests-${current.disciplineId}`}
        disciplineId={current.disciplineId}
        groups={current.groups}
      />
    </>
  );
}
