import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lmsStore } from '@lms/shared';
import { checkConnectivity, onlineAtom } from './connectivity';
import styles from './OfflineBanner.module.css';

/** The red 'Нет сети !!!' banner while the browser is offline; a click checks the server again. */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useAtomValue(onlineAtom, { store: lmsStore });
  const [checking, setChecking] = useState(false);

  if (online) return null;

  const recheck = async () => {
    setChecking(true);
    try {
      await checkConnectivity();
    } finally {
      setChecking(false);
    }
  };

  return (
    <div className={styles.banner} role="alert">
      <button
        type="button"
        className={styles.button}
        onClick={() => void recheck()}
        aria-busy={checking}
        title={t('offline.recheck')}
      >
        {t('offline.banner')}
      </button>
    </div>
  );
}
