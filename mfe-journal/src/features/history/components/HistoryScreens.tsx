import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSession } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { MarkHistory } from './MarkHistory';
import styles from './MarkHistory.module.css';

/** Where a student reads their own mark history. */
export const OWN_HISTORY_PATH = '/lms/journal/history';
/** Where the registrar reads a student's mark history. */
export const studentHistoryPath = (idStudent: number) => `/lms/journal/history/${idStudent}`;

/**
 * The path's history screen: `/journal/history` (a student's own) or `/journal/history/<id>`
 * (the registrar's view of a student); undefined for any other path.
 */
export function historyRoute(pathname: string): { idStudent: number | null } | undefined {
  const match = /\/journal\/history(?:\/([1-9][0-9]{0,9}))?\/?$/.exec(pathname);
  if (!match) return undefined;
  return { idStudent: match[1] ? Number(match[1]) : null };
}

/** The signed-in student's own mark history (their id from the session), back to the journal. */
export function OwnMarkHistory() {
  const { t } = useTranslation(NAMESPACE);
  const { user } = useSession();
  return (
    <div>
      <Link to="/lms/journal" className={styles.back}>
        {t('markHistory.backToJournal')}
      </Link>
      {user && <MarkHistory idStudent={user.id} />}
    </div>
  );
}

/** A student's mark history as the registrar reads it, back to the student search. */
export function RegistrarMarkHistory({ idStudent }: { idStudent: number }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div>
      <Link to="/lms/registration" className={styles.back}>
        {t('markHistory.backToSearch')}
      </Link>
      <MarkHistory idStudent={idStudent} />
    </div>
  );
}
