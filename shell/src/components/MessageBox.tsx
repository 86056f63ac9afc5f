import { useTranslation } from 'react-i18next';
import styles from './MessageBox.module.css';

interface Props {
  message: string;
  kind?: 'error' | 'success';
  onClose: () => void;
}

/** A message in a box; a click anywhere on it (or on its close button) dismisses it. */
export function MessageBox({ message, kind = 'error', onClose }: Props) {
  const { t } = useTranslation();
  return (
    // The whole box is a pointer target (spec: click to dismiss); keyboard users have the button.
    <div
      role={kind === 'error' ? 'alert' : 'status'}
      className={`${styles.box} ${styles[kind]}`}
      onClick={onClose}
    >
      <p className={styles.text}>{message}</p>
      <button type="button" className={styles.close} aria-label={t('actions.close')}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
