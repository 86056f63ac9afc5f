import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether a scrolling box holds more than it shows to the right: true while there is more, false
 * once the user has scrolled to the end (or everything fits). `watch` re-measures when the
 * content changes (rows or columns added). The kit's DataTable does the same for its tables; the
 * journal's own grid (a keyboard grid, not a DataTable) needs it too.
 */
export function useMoreToTheRight(box: RefObject<HTMLElement | null>, watch: unknown): boolean {
  const [more, setMore] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const measure = () =>
      setMore(element.scrollLeft + element.clientWidth < element.scrollWidth - 1);
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    if (element.firstElementChild) observer?.observe(element.firstElementChild);
    return () => {
      element.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [box, watch]);
  return more;
}
