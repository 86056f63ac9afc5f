import { useSyncExternalStore } from 'react';

/** Spec §9: below 900 px the shell is mobile; 899.92 px avoids a gap at fractional widths. */
export const MOBILE_QUERY = '(max-width: 899.92px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(MOBILE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const snapshot = () => window.matchMedia(MOBILE_QUERY).matches;

export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
