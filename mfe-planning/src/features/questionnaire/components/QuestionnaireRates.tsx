import { useTranslation } from 'react-i18next';
import { DataTable, type QuestionnaireSummary } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { useOfficeResults, useRates } from '../api/questionnaires';
import { ResultCard } from './ResultCard';
import styles from './Questionnaire.module.css';

/** The response rate of each discipline × teacher of an opened questionnaire, and its results. */
export function QuestionnaireRates({ questionnaire }: { questionnaire: QuestionnaireSummary }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const rates = useRates(questionnaire.id, i18n.language);
  const results = useOfficeResults(questionnaire.id, i18n.language);
  const shown = (results.data ?? []).filter((r) => r.enough);
  return (
    <section
      className={styles.screen}
      aria-label={t('office.ratesOf', { title: questionnaire.title })}
    >
      <DataTable
        caption={t('office.ratesOf', { title: questionnaire.title })}
        rows={rates.data}
        loading={rates.isPending}
        error={rates.error}
        onRetry={() => void rates.refetch()}
        rowKey={(row) => row.id_target}
        emptyMessage={t('office.noTargets')}
        columns={[
          {
            key: 'faculty',
            header: t('office.faculty'),
            render: (r) => r.faculty,
            priority: 'low',
          },
          {
            key: 'discipline',
            header: t('office.discipline'),
            render: (r) => r.discipline,
            rowHeader: true,
          },
          { key: 'teacher', header: t('office.teacher'), render: (r) => r.teacher },
          {
            key: 'rate',
            header: t('office.rate'),
            align: 'end',
            render: (r) =>
              t('office.rateValue', {
                answered: r.answered,
                expected: r.expected,
                percent: r.expected > 0 ? Math.round((r.answered / r.expected) * 100) : 0,
              }),
          },
        ]}
      />
      {shown.length > 0 && (
        <ul className={styles.cards} aria-label={t('results.listLabel')}>
          {shown.map((result) => (
            <ResultCard key={result.id_target} result={result} />
          ))}
        </ul>
      )}
    </section>
  );
}
