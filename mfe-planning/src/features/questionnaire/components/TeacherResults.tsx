import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Loading } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { useTeacherResults } from '../api/questionnaires';
import { ResultCard } from './ResultCard';
import styles from './Questionnaire.module.css';

/** The teacher's own results, one card per discipline of each opened questionnaire. */
export function TeacherResults() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const results = useTeacherResults(i18n.language);
  if (results.isError)
    return <ErrorState error={results.error} onRetry={() => void results.refetch()} />;
  if (!results.data) return <Loading />;
  if (results.data.length === 0) return <EmptyState message={t('results.none')} />;
  return (
    <ul className={styles.cards} aria-label={t('results.listLabel')}>
      {results.data.map((result) => (
        <ResultCard key={result.id_target} result={result} />
      ))}
    </ul>
  );
}
