import { onlineManager } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { offlineSessionAtom } from '../data/offline.js';
import { classifyError } from '../http/errors.js';
import { UI_NAMESPACE } from '../i18n/resources/index.js';
import { lmsStore } from '../store.js';

/**
 * A page opened without a network that the portal has not kept (shared/src/data/offline.ts):
 * each of its loads fails alike, and a row of identical "no network, retry" boxes says nothing
 * more than one would. Inside a PageFrame, those boxes step aside for one calm note at the top of
 * the page; the loads go out again by themselves when the network is back.
 */

/** Registers one load that found nothing kept; returns the function that unregisters it. */
type Register = () => () => void;

const NotKeptContext = createContext<Register | null>(null);

const subscribeToNetwork = (onChange: () => void) => onlineManager.subscribe(onChange);
const networkOnline = () => onlineManager.isOnline();

/** False while the browser has no network or the shown session is the one kept offline. */
export function useOnline(): boolean {
  const browser = useSyncExternalStore(subscribeToNetwork, networkOnline, networkOnline);
  const keptSession = useAtomValue(offlineSessionAtom, { store: lmsStore });
  return browser && !keptSession;
}

/**
 * True when `error` is a load that failed for want of a network, while offline, on a page that
 * shows one note for all such loads: the caller then shows nothing of its own.
 */
export function useNotKeptOffline(error: unknown): boolean {
  const register = useContext(NotKeptContext);
  const online = useOnline();
  const notKept =
    register !== null &&
    !online &&
    error !== undefined &&
    classifyError(error).kind === 'NETWORK_ERROR';
  useEffect(() => (notKept && register ? register() : undefined), [notKept, register]);
  return notKept;
}

function NotKeptNote() {
  const { t } = useTranslation(UI_NAMESPACE);
  return (
    <div
      role="status"
      className="lms-ui-state lms-ui-state--offline"
      data-testid="not-kept-offline"
    >
      <svg className="lms-ui-state__icon" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        <path d="M6 18a26 26 0 0 1 36 0M12 25a17 17 0 0 1 24 0M18 32a8 8 0 0 1 12 0" />
        <circle cx="24" cy="38" r="2.5" />
      </svg>
      <p className="lms-ui-state__title">{t('offline.notKept')}</p>
      <p className="lms-ui-state__message">{t('offline.whenBack')}</p>
    </div>
  );
}

/** Collects the page's loads that found nothing kept and shows one note for them. */
export function NotKeptOfflineScope({ children }: { children: ReactNode }) {
  const [count, setCount] = useState(0);
  const register = useCallback<Register>(() => {
    setCount((n) => n + 1);
    return () => setCount((n) => n - 1);
  }, []);
  return (
    <NotKeptContext.Provider value={register}>
      {count > 0 && <NotKeptNote />}
      {children}
    </NotKeptContext.Provider>
  );
}
