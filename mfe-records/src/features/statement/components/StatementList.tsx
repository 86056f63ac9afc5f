import { useTranslation } from 'react-i18next';
import { Button, DataTable, useFormat, type StatementSummary } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { useStatementList } from '../api/statements';
import styles from './Statement.module.css';

/** The caller's statements (a teacher's own, or all for the registrar), by deadline. */
export function StatementList({
  who,
  onOpen,
}: {
  who: 'teacher' | 'registrar';
  onOpen: (id: number) => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const format = useFormat();
  const list = useStatementList(who);
  /** The discipline, and for a retake sheet its number (a list may hold several of one group). */
  const title = (row: StatementSummary) =>
    row.retake_of === null
      ? row.discipline
      : `${row.discipline} · ${t('statement.retakeSheet', { number: row.id })}`;
  return (
    <DataTable<StatementSummary>
      caption={t(who === 'registrar' ? 'statement.allCaption' : 'statement.mineCaption')}
      rows={list.data}
      loading={list.isPending}
      error={list.error}
      onRetry={() => void list.refetch()}
      emptyMessage={t('statement.none')}
      rowKey={(row) => row.id}
      phone="cards"
      columns={[
        {
          key: 'discipline',
          header: t('statement.discipline'),
          render: title,
          rowHeader: true,
          priority: 'key',
        },
        { key: 'group', header: t('statement.group'), render: (row) => row.group },
        ...(who === 'registrar'
          ? [
              {
                key: 'teacher',
                header: t('statement.teacher'),
                render: (row: StatementSummary) => row.teacher,
              },
            ]
          : []),
        {
          key: 'control',
          header: t('statement.control'),
          render: (row) => t(`statement.controls.${row.control}`),
        },
        {
          key: 'state',
          header: t('statement.state'),
          render: (row) => (
            <span className={styles.state} data-state={row.state}>
              {t(`statement.states.${row.state}`)}
            </span>
          ),
        },
        {
          key: 'deadline',
          header: t('statement.deadline'),
          render: (row) => (
            <>
              {format.date(row.deadline)}
              {row.overdue && <strong className={styles.overdue}> {t('statement.overdue')}</strong>}
            </>
          ),
        },
        {
          key: 'open',
          header: t('statement.actions'),
          label: t('statement.actions'),
          render: (row) => (
            <Button
              onClick={() => onOpen(row.id)}
              aria-label={t('statement.openNamed', { name: `${title(row)}, ${row.group}` })}
            >
              {t('statement.open')}
            </Button>
          ),
        },
      ]}
    />
  );
}
