import { useSyncExternalStore } from 'react';

/** Spec §9: below 900 px the portal is laid out for a phone (899.92 px: no gap at fractions). */
export const PHONE_QUERY = '(max-width: 899.92px)';

const query = () =>
  typeof window.matchMedia === 'function' ? window.matchMedia(PHONE_QUERY) : null;

function subscribe(onChange: () => void): () => void {
  const list = query();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/** True on a narrow screen, where the journal shows one lesson as a list instead of the grid. */
export function useIsPhone(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => query()?.matches ?? false,
    () => false,
  );
}
