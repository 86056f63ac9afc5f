import { useEffect, useRef } from 'react';

/**
 * A ref for what a button opens below the fold (a form, a panel, a report): when it appears, or
 * shows something else (`shown` changes), it is scrolled into view, smoothly unless the user asked
 * for less motion. Its CSS scroll margin keeps it clear of the top bar and a phone's tab bar.
 */
export function useBringIntoView<T extends HTMLElement>(shown: unknown = true) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? true;
    // jsdom has no layout and no scrollIntoView.
    ref.current?.scrollIntoView?.({ block: 'nearest', behavior: reduce ? 'auto' : 'smooth' });
  }, [shown]);
  return ref;
}
