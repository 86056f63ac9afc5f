import { useSyncExternalStore } from 'react';

/**
 * Spec §9: below 900 px the portal is laid out for a phone (the shell's bottom tabs, one pane at
 * a time, the journal's lesson list); 899.92 px leaves no gap at fractional widths. Stylesheets
 * cannot import it and write the same query; `phone.test.ts` holds every one of them to it.
 */
export const PHONE_MEDIA_QUERY = '(max-width: 899.92px)';

const phoneQuery = (): MediaQueryList | null =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(PHONE_MEDIA_QUERY)
    : null;

function subscribe(onChange: () => void): () => void {
  const query = phoneQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** True while the screen is a phone's (PHONE_MEDIA_QUERY): follows a rotation or a resize. */
export function useIsPhone(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => phoneQuery()?.matches ?? false,
    () => false,
  );
}
