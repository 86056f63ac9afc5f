import { useLayoutEffect, type RefObject } from 'react';
import { PHONE_MEDIA_QUERY } from '@lms/shared';

/** The message list never gets shorter than this, however little room a screen leaves. */
const MIN_LIST_PX = 160;

/** Within this distance of its end the list counts as read to the end, and stays there. */
const AT_END_PX = 4;

export interface PhoneFit {
  /** The top of the page to the viewport's bottom, in page pixels. */
  viewportHeight: number;
  /** The list's top in the page (not the viewport: the page may be scrolled). */
  listTop: number;
  /** What comes under the list on the screen: the gap, the composer. */
  below: number;
  /** What the portal keeps at the bottom of a phone's screen: the tab bar, the pane's padding. */
  bottomInset: number;
}

/** The height that makes the list, the composer and the tab bar fit in the viewport. */
export function fittedListHeight({
  viewportHeight,
  listTop,
  below,
  bottomInset,
}: PhoneFit): number {
  return Math.max(MIN_LIST_PX, Math.floor(viewportHeight - listTop - below - bottomInset));
}

const px = (value: string) => {
  const number = Number.parseFloat(value);
  return Number.isFinite(number) ? number : 0;
};

/**
 * On a phone the message list takes the height the viewport leaves: under whatever is above it
 * (the portal's bar, the offline banner, a heading on two lines) and over the composer and the
 * bottom tab bar, so the composer and "Send" stay on the screen. The tab bar's room is the
 * composer's `bottom` (it sticks there when the page is taller anyway). Measured again whenever
 * the page, the screen or the viewport changes size; on a desk the stylesheet's height applies.
 */
export function useFitOnPhone(
  screen: RefObject<HTMLElement | null>,
  list: RefObject<HTMLElement | null>,
  composer: RefObject<HTMLElement | null>,
): void {
  useLayoutEffect(() => {
    const screenElement = screen.current;
    const listElement = list.current;
    const composerElement = composer.current;
    if (
      !screenElement ||
      !listElement ||
      !composerElement ||
      typeof window.matchMedia !== 'function'
    ) {
      return undefined;
    }
    const phone = window.matchMedia(PHONE_MEDIA_QUERY);

    const fit = () => {
      if (!phone.matches) {
        listElement.style.removeProperty('height');
        return;
      }
      const parent = listElement.parentElement;
      const gap = parent ? px(getComputedStyle(parent).rowGap) : 0;
      const height = fittedListHeight({
        viewportHeight: window.innerHeight,
        listTop: listElement.getBoundingClientRect().top + window.scrollY,
        below: gap + composerElement.offsetHeight,
        bottomInset: px(getComputedStyle(composerElement).bottom),
      });
      if (Math.abs(listElement.offsetHeight - height) < 1) return;
      const atEnd =
        listElement.scrollHeight - listElement.scrollTop - listElement.clientHeight < AT_END_PX;
      listElement.style.height = `${height}px`;
      if (atEnd) listElement.scrollTop = listElement.scrollHeight;
    };

    fit();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => fit());
    observer?.observe(document.body);
    observer?.observe(screenElement);
    window.addEventListener('resize', fit);
    phone.addEventListener('change', fit);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', fit);
      phone.removeEventListener('change', fit);
    };
  }, [screen, list, composer]);
}
