import { useTranslation } from 'react-i18next';
import { DataTable, useFormat, type JournalKey, type TopicReportItem } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { useTopicReport } from '../api/useJournal';
import { useBringIntoView } from '../../../lib/useBringIntoView';
import { lessonTitle } from '../lessons';
import styles from './TeacherJournal.module.css';

/** Every lesson of the journal with its topic, module and how many students were marked. */
export function TopicReport({ journal }: { journal: JournalKey }) {
  const { t } = useTranslation(NAMESPACE);
  const format = useFormat();
  const report = useTopicReport(journal, true);
  const ref = useBringIntoView<HTMLDivElement>();
  return (
    <div ref={ref} className={styles.revealed}>
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
            render: (item) => lessonTitle(item, t, format),
          },
          {
            key: 'tema',
            header: t('topic.text'),
            priority: 'key',
            render: (item) => item.tema || '—',
          },
          { key: 'module', header: t('topic.module'), render: (item) => item.module ?? '—' },
          {
            key: 'marked',
            header: t('topic.students'),
            priority: 'low',
            align: 'end',
            render: (item) => `${format.number(item.marked)} / ${format.number(item.listed)}`,
          },
        ]}
      />
    </div>
  );
}
