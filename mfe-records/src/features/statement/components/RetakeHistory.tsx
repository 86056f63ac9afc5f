import { useTranslation } from 'react-i18next';
import { DataTable, useFormat, type StatementDetail } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import styles from './Statement.module.css';

type Entry = StatementDetail['history'][number];

/**
 * The grade history of the students with retake sheets: the original's line and each retake
 * sheet's, oldest first, each either standing or superseded by a newer sheet.
 */
export function RetakeHistory({ history }: { history: StatementDetail['history'] }) {
  const { t } = useTranslation(NAMESPACE);
  const format = useFormat();
  if (history.length === 0) return null;
  const shown = (value: number | string | null) => (value === null ? '—' : String(value));
  return (
    <DataTable<Entry>
      caption={t('statement.historyCaption')}
      rows={history}
      rowKey={(e) => `${e.id}-${e.id_student}`}
      emptyMessage={t('statement.noStudents')}
      phone="cards"
      columns={[
        {
          key: 'fio',
          header: t('statement.student'),
          render: (e) => e.fio,
          rowHeader: true,
          priority: 'key',
        },
        {
          key: 'sheet',
          header: t('statement.sheet'),
          render: (e) =>
            t(e.retake ? 'statement.retakeSheet' : 'statement.originalSheet', { number: e.id }),
        },
        {
          key: 'state',
          header: t('statement.state'),
          render: (e) => (
            <span data-testid={`history-${e.id}`}>
              {t(`statement.states.${e.state}`)}
              {e.confirmed_at !== null && ` · ${format.dateTime(e.confirmed_at)}`}
            </span>
          ),
        },
        { key: 'final', header: t('statement.final'), render: (e) => shown(e.final), align: 'end' },
        { key: 'letter', header: t('statement.letter'), render: (e) => shown(e.letter) },
        { key: 'grade', header: t('statement.grade'), render: (e) => shown(e.grade) },
        {
          key: 'standing',
          header: t('statement.standing'),
          render: (e) =>
            e.superseded_by !== null ? (
              <span className={styles.superseded}>
                {t('statement.supersededBy', { number: e.superseded_by })}
              </span>
            ) : e.state === 'confirmed' || e.state === 'locked' ? (
              <strong>{t('statement.inRecord')}</strong>
            ) : (
              '—'
            ),
        },
      ]}
    />
  );
}
