import { useTranslation } from 'react-i18next';
import styles from './PreviewBanner.module.css';

/**
 * Says that this browser gets a candidate release (it opened a preview link), and leads out of
 * the preview (the server clears the cookie and sends the page back to the portal).
 */
export function PreviewBanner({ remotes }: { remotes: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <p role="status" className={styles.banner}>
      <span>{t('preview.notice', { remotes: remotes.join(', ') })}</span>{' '}
      <a href="/lms/preview/off" className={styles.leave}>
        {t('preview.leave')}
      </a>
    </p>
  );
}
