import { useEffect, useState, type RefObject } from 'react';

export interface SidewaysScroll {
  /** The content is wider than the box: it scrolls sideways. */
  scrolls: boolean;
  /** There is more to the right than the box shows (false once scrolled to the end). */
  more: boolean;
}

/**
 * Whether a scrolling box is wider inside than out, and whether it holds more than it shows to
 * the right, for a visible "more to the right" hint. `watch` re-measures when the content
 * changes (rows or columns added). DataTable uses it; so can a screen's own grid.
 */
export function useSidewaysScroll(
  box: RefObject<HTMLElement | null>,
  watch: unknown,
): SidewaysScroll {
  const [scrolls, setScrolls] = useState(false);
  const [more, setMore] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const measure = () => {
      setScrolls(element.clientWidth < element.scrollWidth - 1);
      setMore(element.scrollLeft + element.clientWidth < element.scrollWidth - 1);
    };
    element.addEventListener('scroll', measure, { passive: true });
    // A ResizeObserver reports each box once when it starts observing, after the browser's own
    // layout: measuring here as well would force a layout of the whole page in the middle of
    // the render (on a phone, tens of milliseconds for a long list).
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    if (observer) {
      observer.observe(element);
      if (element.firstElementChild) observer.observe(element.firstElementChild);
    } else {
      measure();
    }
    return () => {
      element.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [box, watch]);
  return { scrolls, more };
}
