import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { Button, lmsStore } from '@lms/shared';
import { checkForNewRelease, reloadIntoNewRelease, updateReadyAtom } from './serviceWorker';
import styles from './UpdatePrompt.module.css';

/**
 * Looks for a new release when the user moves to another screen, comes back to the tab or gets
 * the network back, and offers the reload once it is cached: "a new version is ready".
 */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const ready = useAtomValue(updateReadyAtom, { store: lmsStore });
  const { pathname } = useLocation();

  useEffect(() => {
    void checkForNewRelease();
  }, [pathname]);
  useEffect(() => {
    const check = () => {
      if (document.visibilityState === 'visible') void checkForNewRelease();
    };
    window.addEventListener('online', check);
    document.addEventListener('visibilitychange', check);
    return () => {
      window.removeEventListener('online', check);
      document.removeEventListener('visibilitychange', check);
    };
  }, []);

  if (!ready) return null;
  return (
    <div role="status" className={styles.prompt}>
      <span>{t('update.ready')}</span>
      <Button variant="primary" className={styles.reload} onClick={reloadIntoNewRelease}>
        {t('update.reload')}
      </Button>
    </div>
  );
}
