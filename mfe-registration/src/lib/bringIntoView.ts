/**
 * Scrolls an element's table row (or the element) into view, smoothly unless the user asked for
 * less motion, and optionally moves the focus to it without scrolling again, so a screen reader
 * reads it: what a screen has just added out of sight (a saved row, an opened panel).
 */
export function bringIntoView(
  element: HTMLElement,
  { focus = false, block = 'center' }: { focus?: boolean; block?: ScrollLogicalPosition } = {},
): void {
  const target = element.closest('tr') ?? element;
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? true;
  // jsdom has no layout and no scrollIntoView.
  target.scrollIntoView?.({ block, behavior: reduce ? 'auto' : 'smooth' });
  if (focus) element.focus({ preventScroll: true });
}
