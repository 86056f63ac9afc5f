import { useTranslation } from 'react-i18next';
import {
  Button,
  confirm,
  ErrorState,
  errorMessage,
  FormError,
  Loading,
  useFormat,
  formatTime,
} from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { useAttendance, useMarkJournal } from '../api/webinars';
import styles from '../../campus.module.css';

/**
 * The teacher's view of who of the group joined, and when (the university's time); once the
 * webinar is open, the joiners are marked present in the journal after a confirmation.
 */
export function AttendancePanel({ id }: { id: number }) {
  const { t } = useTranslation(NAMESPACE);
  const format = useFormat();
  const attendance = useAttendance(id);
  const mark = useMarkJournal(id);
  const joined = attendance.data?.students.filter((s) => s.joined !== null).length ?? 0;
  const ask = async () => {
    if (!attendance.data) return;
    const yes = await confirm(
      t('webinars.markQuestion', {
        count: joined,
        date: format.date(attendance.data.webinar.date),
      }),
      { confirmLabel: t('webinars.markYes'), cancelLabel: t('webinars.markNo') },
    );
    if (yes) mark.mutate();
  };
  return (
    <section aria-labelledby="webinar-attendance">
      <h2 id="webinar-attendance">{t('webinars.attendance')}</h2>
      {attendance.isPending && <Loading />}
      {attendance.isError && (
        <ErrorState error={attendance.error} onRetry={() => void attendance.refetch()} />
      )}
      {attendance.data && (
        <>
          <p>
            {t('webinars.present', {
              count: joined,
              total: attendance.data.students.length,
            })}
          </p>
          <ul className={styles.list}>
            {attendance.data.students.map((student) => (
              <li key={student.id}>
                {student.name}:{' '}
                {student.joined === null
                  ? t('webinars.notJoined')
                  : t('webinars.joinedAt', { time: formatTime(student.joined) })}
              </li>
            ))}
          </ul>
          <div className={styles.actions}>
            <Button
              onClick={() => void ask()}
              disabled={joined === 0 || mark.isPending}
              aria-describedby="webinar-journal-result"
            >
              {t('webinars.markJournal')}
            </Button>
          </div>
        </>
      )}
      <div id="webinar-journal-result" role="status">
        {mark.data &&
          t('webinars.marked', {
            count: mark.data.marked,
            already: mark.data.joined - mark.data.marked,
          })}
      </div>
      {mark.isError && <FormError>{errorMessage(mark.error)}</FormError>}
    </section>
  );
}
