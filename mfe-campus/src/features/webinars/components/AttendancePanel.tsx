import { useTranslation } from 'react-i18next';
import { ErrorState, Loading } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { useAttendance } from '../api/webinars';
import { universityTime } from './time';
import styles from '../../campus.module.css';

/** The teacher's view of who of the group joined, and when (the university's time). */
export function AttendancePanel({ id }: { id: number }) {
  const { t } = useTranslation(NAMESPACE);
  const attendance = useAttendance(id);
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
              count: attendance.data.students.filter((s) => s.joined !== null).length,
              total: attendance.data.students.length,
            })}
          </p>
          <ul className={styles.list}>
            {attendance.data.students.map((student) => (
              <li key={student.id}>
                {student.name}:{' '}
                {student.joined === null
                  ? t('webinars.notJoined')
                  : t('webinars.joinedAt', { time: universityTime(student.joined) })}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
