import { atom } from 'jotai';
import { lmsStore } from '@lms/shared';

/** False while the browser reports no network (navigator.onLine / the `offline` event). */
export const onlineAtom = atom<boolean>(typeof navigator === 'undefined' ? true : navigator.onLine);

/** True when the server could not be reached although the browser may think it is online. */
export const serverUnreachableAtom = atom<boolean>(false);

export const CONNECTIVITY_PROBE_URL = '/lms/config.json';

/**
 * Asks the server for a small static file, bypassing every cache. Success means the portal can
 * be used again, whatever navigator.onLine says.
 */
export async function checkConnectivity(): Promise<boolean> {
  try {
    const response = await fetch(CONNECTIVITY_PROBE_URL, { cache: 'no-cache' });
    const reachable = response.ok;
    if (reachable) {
      lmsStore.set(onlineAtom, true);
      lmsStore.set(serverUnreachableAtom, false);
    }
    return reachable;
  } catch {
    return false;
  }
}

/** Follows the browser's online/offline events; returns the unsubscribe function. */
export function watchConnectivity(): () => void {
  const update = () => lmsStore.set(onlineAtom, navigator.onLine);
  window.addEventListener('online', update);
  window.addEventListener('offline', update);
  update();
  return () => {
    window.removeEventListener('online', update);
    window.removeEventListener('offline', update);
  };
}
