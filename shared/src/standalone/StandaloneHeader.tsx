import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import type { SessionUser } from '../contract/index.js';
import { useTheme } from '../theme/theme.js';
import { useUiStyles } from '../ui/styles.js';
import { LanguageSwitch } from './LanguageSwitch.js';
import { STANDALONE_NAMESPACE } from './resources.js';
import type { StandaloneArea } from './StandaloneApp.js';
import * as styles from './styles.js';

export interface StandaloneHeaderProps {
  remote: string;
  areas: readonly StandaloneArea[];
  user: SessionUser;
  onLogout: () => void;
}

/** A slim stand-in for the portal's menu: who is signed in, language, theme, logout, areas. */
export function StandaloneHeader({ remote, areas, user, onLogout }: StandaloneHeaderProps) {
  useUiStyles();
  const { t } = useTranslation(STANDALONE_NAMESPACE);
  const { mode, toggle } = useTheme();
  return (
    <header style={styles.header}>
      <div style={styles.headerStart}>
        <p style={styles.headerTitle}>{t('header', { remote })}</p>
        {areas.length > 0 && (
          <nav aria-label={t('areas')} style={styles.nav}>
            {areas.map((area) => (
              <NavLink key={area.path} to={area.path} style={styles.navLink}>
                {t(area.labelKey, { ns: remote })}
              </NavLink>
            ))}
          </nav>
        )}
      </div>
      <div style={styles.headerEnd}>
        <span style={styles.userName}>{user.fullName}</span>
        <LanguageSwitch />
        <button
          type="button"
          className="lms-ui-button"
          aria-pressed={mode === 'dark'}
          onClick={toggle}
        >
          {t('darkMode')}
        </button>
        <button type="button" className="lms-ui-button" onClick={onLogout}>
          {t('logout')}
        </button>
      </div>
    </header>
  );
}
