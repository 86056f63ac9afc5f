import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate } from 'react-router-dom';
import {
  abbreviateName,
  logout,
  ROLE,
  useSession,
  useVisuallyHidden,
  notifyFailure,
} from '@lms/shared';
import { LanguageSwitch } from '../../../components/LanguageSwitch';
import { ThemeToggle } from '../../../components/ThemeToggle';
import type { ProfileSummary } from '../summary';
import { pushSupported, removePush } from '../api/push';
import { Avatar } from './Avatar';
import styles from './ProfileMenu.module.css';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? `${styles.link} ${styles.active}` : styles.link;

/** The profile pane: who is signed in, their settings and the way out. */
export function ProfileMenu({ summary }: { summary: ProfileSummary }) {
  const { t } = useTranslation();
  const visuallyHidden = useVisuallyHidden();
  const { user } = useSession();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);

  if (!user) return null;

  const detail = user.role === ROLE.teacher ? summary.position : summary.group;
  const detailLabel = user.role === ROLE.teacher ? t('profile.position') : t('profile.group');

  const signOut = async () => {
    setLeaving(true);
    // This device's notifications are the signed-in user's: they end with the session.
    if (pushSupported()) await removePush().catch(() => undefined);
    try {
      await logout();
    } catch (err) {
      // Local traces are gone already; the server may keep the session until it expires.
      notifyFailure(err);
    }
    navigate('/lms/login', { replace: true });
  };

  return (
    <div className={styles.menu}>
      <div className={styles.identity}>
        <Avatar fullName={user.fullName} photo={summary.photo} />
        <div className={styles.who}>
          <p className={styles.name} title={user.fullName}>
            {abbreviateName(user.fullName)}
          </p>
          <p className={styles.role}>
            {user.registrarPerms
              ? t('roles.registrar')
              : user.role === ROLE.teacher
                ? t('roles.teacher')
                : t('roles.student')}
          </p>
          {detail && (
            <p className={styles.detail}>
              <span className={visuallyHidden}>{detailLabel}: </span>
              {detail}
            </p>
          )}
        </div>
      </div>

      <nav aria-label={t('profile.menuLabel')}>
        <ul className={styles.links}>
          <li>
            <NavLink to="/lms/profile" className={linkClass}>
              {t('profile.title')}
            </NavLink>
          </li>
          <li>
            <NavLink to="/lms/change-password" className={linkClass}>
              {t('profile.changePassword')}
            </NavLink>
          </li>
        </ul>
      </nav>

      <div className={styles.settings}>
        <ThemeToggle />
        <LanguageSwitch />
      </div>

      <div className={styles.footer}>
        <button
          type="button"
          className={styles.logout}
          onClick={() => void signOut()}
          disabled={leaving}
        >
          {t('profile.logout')}
        </button>
        <div className={styles.facts}>
          {summary.defaultYear && (
            <p className={styles.year}>
              {t('profile.academicYear', { year: summary.defaultYear.name })}
            </p>
          )}
          <p className={styles.version}>{t('profile.version', { version: __APP_VERSION__ })}</p>
        </div>
      </div>
    </div>
  );
}
