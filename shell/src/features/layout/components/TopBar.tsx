import { useAtom } from 'jotai';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import { lmsStore, useIsPhone, useVisuallyHidden } from '@lms/shared';
import productLogo from '../../../assets/product-logo.svg';
import { activeTabAtom, paneId } from '../tabs';
import { usePortalName } from '../usePortalName';
import { APPS_PATH, HOME_PATH } from '../useTabFollowsRoute';
import styles from './TopBar.module.css';

/** A main-menu entry of a registry module (news, messages, ...). */
export interface MenuEntry {
  to: string;
  label: string;
  /** Shown beside the entry (the chat remote's unread count). */
  badge?: ReactNode;
}

interface Props {
  /** A small picture of the signed-in user: on a phone it opens the profile pane (tab 0). */
  account: ReactNode;
  /** The registry modules' entries, between home and the applications. */
  entries?: readonly MenuEntry[];
}

/** The menu pane: the portal's name, the main sections and, on a phone, the profile button. */
export function TopBar({ account, entries = [] }: Props) {
  const { t } = useTranslation();
  const visuallyHidden = useVisuallyHidden();
  const mobile = useIsPhone();
  const portalName = usePortalName();
  const [tab, setTab] = useAtom(activeTabAtom, { store: lmsStore });
  const nav = [
    { to: HOME_PATH, label: t('layout.nav.home'), end: true, badge: undefined },
    ...entries.map((entry) => ({ ...entry, end: false })),
    { to: APPS_PATH, label: t('layout.nav.apps'), end: false, badge: undefined },
  ];

  return (
    <div className={styles.bar}>
      <Link to={HOME_PATH} className={styles.brand}>
        <img src={productLogo} width={36} height={36} alt="" className={styles.logo} />
        <span className={styles.name}>{portalName}</span>
      </Link>
      {mobile ? (
        <button
          type="button"
          className={styles.account}
          aria-pressed={tab === 0}
          aria-controls={paneId('profile')}
          onClick={() => setTab(tab === 0 ? 3 : 0)}
        >
          <span className={visuallyHidden}>{t('layout.openProfile')} </span>
          {account}
        </button>
      ) : (
        <nav aria-label={t('layout.nav.label')}>
          <ul className={styles.nav}>
            {nav.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.end}
                  className={({ isActive }) =>
                    isActive ? `${styles.link} ${styles.active}` : styles.link
                  }
                >
                  {item.label}
                  {item.badge && <span className={styles.badge}>{item.badge}</span>}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
