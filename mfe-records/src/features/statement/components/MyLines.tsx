import { useTranslation } from 'react-i18next';
import { DataTable, type StatementOwnLine } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { useMyLines } from '../api/statements';

const isRetake = (row: StatementOwnLine) => row.retake_of !== null;

/**
 * A student's own line of every statement of their group, and of their retake sheets: a grade a
 * newer sheet replaced shows as superseded (the record holds the newer one).
 */
export function MyLines() {
  const { t } = useTranslation(NAMESPACE);
  const lines = useMyLines();
  const shown = (value: number | string | null) => (value === null ? '—' : String(value));
  return (
    <DataTable<StatementOwnLine>
      caption={t('statement.myCaption')}
      rows={lines.data}
      loading={lines.isPending}
      error={lines.error}
      onRetry={() => void lines.refetch()}
      emptyMessage={t('statement.noneMine')}
      rowKey={(row) => row.id}
      phone="cards"
      columns={[
        {
          key: 'discipline',
          header: t('statement.discipline'),
          render: (row) =>
            row.line.superseded_by === null && !isRetake(row)
              ? row.discipline
              : `${row.discipline} · ${t(isRetake(row) ? 'statement.retakeSheet' : 'statement.originalSheet', { number: row.id })}`,
          rowHeader: true,
          priority: 'key',
        },
        {
          key: 'control',
          header: t('statement.control'),
          render: (row) => t(`statement.controls.${row.control}`),
        },
        {
          key: 'state',
          header: t('statement.state'),
          render: (row) => t(`statement.states.${row.state}`),
        },
        {
          key: 'current',
          header: t('statement.current'),
          render: (row) => row.line.current,
          align: 'end',
        },
        {
          key: 'exam',
          header: t('statement.exam'),
          render: (row) => shown(row.line.exam),
          align: 'end',
        },
        {
          key: 'final',
          header: t('statement.final'),
          render: (row) => (
            <>
              {row.line.admitted
                ? shown(row.line.final)
                : t(`statement.notAdmitted.${row.line.reason ?? 'absences'}`)}
              {row.line.superseded_by !== null && (
                <>
                  <br />
                  <em>{t('statement.supersededBy', { number: row.line.superseded_by })}</em>
                </>
              )}
            </>
          ),
          align: 'end',
        },
        { key: 'letter', header: t('statement.letter'), render: (row) => shown(row.line.letter) },
        { key: 'grade', header: t('statement.grade'), render: (row) => shown(row.line.grade) },
      ]}
    />
  );
}
