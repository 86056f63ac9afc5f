import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSession } from '@lms/shared';
import { NAMESPACE } from '../../../i18n';
import { MarkHistory } from './MarkHistory';
import styles from './MarkHistory.module.css';

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

/**
 * The registrar's office without a student chosen: a student's history opens from the office's
 * student search and holds (Discipline registration).
 */
export function ChooseStudent() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div>
      <p className={styles.hint}>{t('markHistory.chooseStudent')}</p>
      <Link to="/lms/registration" className={styles.back}>
        {t('markHistory.toSearch')}
      </Link>
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
