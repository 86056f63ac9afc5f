import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { usePageTitle } from '../../components/usePageTitle';
import { checkConnectivity } from './connectivity';
import styles from './OfflinePage.module.css';

/** /lms/offline: the portal cannot reach its server; one button checks again and goes home. */
export function OfflinePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);
  const [stillOffline, setStillOffline] = useState(false);
  usePageTitle(t('offline.title'));

  const retry = async () => {
    setChecking(true);
    setStillOffline(false);
    const reachable = await checkConnectivity();
    setChecking(false);
    if (reachable) navigate('/lms', { replace: true });
    else setStillOffline(true);
  };

  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="offline-title">
        <svg className={styles.icon} viewBox="0 0 48 48" aria-hidden="true">
          <path d="M6 18a26 26 0 0 1 36 0M12 25a17 17 0 0 1 24 0M18 32a8 8 0 0 1 12 0" />
          <circle cx="24" cy="38" r="2.5" />
          <path d="M8 8l32 32" />
        </svg>
        <h1 id="offline-title" className={styles.title}>
          {t('offline.title')}
        </h1>
        <p>{t('offline.message')}</p>
        <p className={styles.muted}>{t('offline.checkInternet')}</p>
        {stillOffline && (
          <p role="alert" className={styles.error}>
            {t('offline.stillOffline')}
          </p>
        )}
        <button
          type="button"
          className={styles.retry}
          onClick={() => void retry()}
          disabled={checking}
        >
          {checking ? t('offline.checking') : t('offline.retry')}
        </button>
      </section>
    </main>
  );
}
