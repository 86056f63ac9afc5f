import { useTranslation } from 'react-i18next';
import { DataTable, type JournalKey, type TopicReportItem } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { useTopicReport } from '../api/useJournal';
import { formatDay } from '../../../lib/dates';

/** Every lesson of the journal with its topic, module and how many students were marked. */
export function TopicReport({ journal }: { journal: JournalKey }) {
  const { t } = useTranslation(NAMESPACE);
  const report = useTopicReport(journal, true);
  return (
    <DataTable<TopicReportItem>
      caption={t('topic.reportTitle')}
      rows={report.data}
      loading={report.isPending}
      error={report.error ?? undefined}
      onRetry={() => void report.refetch()}
      emptyMessage={t('topic.reportEmpty')}
      rowKey={(item) => item.id_lesson}
      columns={[
        {
          key: 'date',
          header: t('lesson.date'),
          render: (item) => `${formatDay(item.date)}, ${t(`order.${item.id_time}`)}`,
        },
        { key: 'tema', header: t('topic.text'), render: (item) => item.tema || '—' },
        { key: 'module', header: t('topic.module'), render: (item) => item.module ?? '—' },
        {
          key: 'marked',
          header: t('topic.students'),
          align: 'end',
          render: (item) => `${item.marked} / ${item.listed}`,
        },
      ]}
    />
  );
}
