import { useAtomValue } from 'jotai';
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { lmsStore, offlineSessionAtom, useFormat, useShownAsOf } from '@lms/shared';
import { checkConnectivity, onlineAtom } from './connectivity';
import styles from './OfflineBanner.module.css';

/** The CSS variable the shell's sticky top bar and full-height grid subtract the banner with. */
export const BANNER_HEIGHT_VARIABLE = '--lms-offline-banner-height';

/**
 * Publishes the banner's height while it shows, so the page stays one screen tall and the sticky
 * top bar stops under the banner instead of sliding beneath it.
 */
function usePublishedHeight(banner: RefObject<HTMLDivElement | null>, shown: boolean): void {
  useLayoutEffect(() => {
    const root = document.documentElement;
    const element = banner.current;
    if (!shown || !element) {
      root.style.removeProperty(BANNER_HEIGHT_VARIABLE);
      return undefined;
    }
    const publish = () =>
      root.style.setProperty(BANNER_HEIGHT_VARIABLE, `${element.getBoundingClientRect().height}px`);
    publish();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(BANNER_HEIGHT_VARIABLE);
    };
  }, [banner, shown]);
}

/**
 * The red 'Нет сети !!!' banner while the browser is offline (or the portal shows what it kept
 * because the server was not reached); a click checks the server again. Under it, the time of
 * the data on screen: "as of" when it was fetched.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const format = useFormat();
  const browserOnline = useAtomValue(onlineAtom, { store: lmsStore });
  const keptSession = useAtomValue(offlineSessionAtom, { store: lmsStore });
  const online = browserOnline && !keptSession;
  const asOf = useShownAsOf();
  const [checking, setChecking] = useState(false);
  const banner = useRef<HTMLDivElement>(null);
  usePublishedHeight(banner, !online);

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
    <div ref={banner} className={styles.banner} role="alert">
      <button
        type="button"
        className={styles.button}
        onClick={() => void recheck()}
        aria-busy={checking}
        title={t('offline.recheck')}
      >
        {t('offline.banner')}
      </button>
      {asOf !== null && (
        <p className={styles.asOf} data-testid="offline-as-of">
          {t('offline.asOf', { time: format.dateTime(new Date(asOf)) })}
        </p>
      )}
    </div>
  );
}
