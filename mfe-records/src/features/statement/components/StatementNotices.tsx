import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ErrorState, errorMessage, useFormat, type StatementNotice } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { useReadNotice, useStatementNotices } from '../api/statements';
import styles from './Statement.module.css';

/**
 * The teacher's unread notices above their statements: a retake sheet assigned to them, a
 * statement past its deadline and not signed (the same the portal pushes to their devices).
 * Each opens its sheet (and is then read) or is marked read; none: a quiet line.
 */
export function StatementNotices({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const format = useFormat();
  const notices = useStatementNotices();
  const read = useReadNotice();
  const heading = useRef<HTMLHeadingElement>(null);
  if (notices.isPending) return null;

  /** What the notice says: which sheet, and what of it. */
  const what = (notice: StatementNotice) =>
    notice.kind === 'retakeAssigned'
      ? t('statement.notices.retakeAssigned', { number: notice.id_statement })
      : t('statement.notices.overdue', { date: format.date(notice.deadline) });
  const markRead = (notice: StatementNotice) =>
    read.mutate(notice.id, {
      // The button goes with its notice: the panel's heading keeps the focus.
      onSuccess: () => heading.current?.focus(),
    });

  return (
    <section className={styles.notices} aria-labelledby="statement-notices-title">
      <h2 id="statement-notices-title" ref={heading} tabIndex={-1} className={styles.noticesTitle}>
        {t('statement.notices.title')}
      </h2>
      {notices.error ? (
        <ErrorState
          error={notices.error}
          message={t('statement.notices.failed')}
          onRetry={() => void notices.refetch()}
        />
      ) : notices.data.length === 0 ? (
        <p className={styles.noticesNone}>{t('statement.notices.none')}</p>
      ) : (
        <ul className={styles.noticeList}>
          {notices.data.map((notice) => {
            const sheet = `${notice.discipline}, ${notice.group}`;
            return (
              <li key={notice.id} className={styles.notice} data-kind={notice.kind}>
                <div className={styles.noticeText}>
                  <p className={styles.noticeWhat}>
                    <strong>{what(notice)}</strong>
                  </p>
                  <p className={styles.noticeSheet}>
                    {sheet} · {t(`statement.controls.${notice.control}`)} ·{' '}
                    {t('statement.notices.signBy', { date: format.date(notice.deadline) })}
                  </p>
                  <p className={styles.noticeWhen}>
                    {t('statement.notices.when', { at: format.dateTime(notice.created_at) })}
                  </p>
                </div>
                <div className={styles.actions}>
                  <Button
                    variant="primary"
                    onClick={() => {
                      read.mutate(notice.id);
                      onOpen(notice.id_statement);
                    }}
                    aria-label={t('statement.notices.openNamed', { what: what(notice), sheet })}
                  >
                    {t('statement.open')}
                  </Button>
                  <Button
                    onClick={() => markRead(notice)}
                    disabled={read.isPending}
                    aria-label={t('statement.notices.readNamed', { what: what(notice), sheet })}
                  >
                    {t('statement.notices.read')}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {read.error && (
        <p role="alert" className={styles.overdue}>
          {errorMessage(read.error)}
        </p>
      )}
    </section>
  );
}
