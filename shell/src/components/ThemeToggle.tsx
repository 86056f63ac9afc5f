import { useTranslation } from 'react-i18next';
import { useTheme } from '@lms/shared';
import styles from './ThemeToggle.module.css';

/** The dark-mode switch (a real switch: role="switch", aria-checked = dark mode on). */
export function ThemeToggle({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { mode, toggle } = useTheme();
  const dark = mode === 'dark';
  return (
    <button
      type="button"
      role="switch"
      aria-checked={dark}
      className={[styles.toggle, className].filter(Boolean).join(' ')}
      onClick={toggle}
    >
      <span className={styles.track} aria-hidden="true">
        <span className={styles.thumb} />
      </span>
      <span>{t('theme.dark')}</span>
    </button>
  );
}
