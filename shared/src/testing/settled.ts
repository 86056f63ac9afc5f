import { act } from '@testing-library/react';
import { pageWork, realSetTimeout } from './page-work.js';

export { answeringRequest, heldRequest, SHORT_TIMER_MS } from './page-work.js';

/** The most turns of the event loop a page may take to settle. */
const MOST_TURNS = 200;

const fakeTimers = () =>
  typeof jest !== 'undefined' &&
  ((setTimeout as { _isMockFunction?: boolean })._isMockFunction === true ||
    Object.prototype.hasOwnProperty.call(setTimeout, 'clock'));

/**
 * Resolves when the page has nothing left to do by itself: every stubbed request it made is
 * answered, every short timer it set has fired, what they bring is rendered and committed, and
 * one more turn of the event loop neither changed the document nor made a request. Then the test
 * reads the screen with `getBy…`.
 *
 * It waits for events, never for a length of time, so it holds however busy the machine is (a
 * `findBy…` polls until its own time budget runs out). React.lazy chunks count as events: jest
 * compiles a dynamic import in the turn that asks for it.
 */
export async function settled(): Promise<void> {
  if (fakeTimers()) throw new Error('settled() needs real timers: advance fake ones instead');
  for (let turn = 0; turn < MOST_TURNS; turn += 1) {
    let changed = false;
    const observer = new MutationObserver(() => {
      changed = true;
    });
    observer.observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
    const before = pageWork.made();
    await act(async () => {
      await Promise.allSettled([...pageWork.working]);
      await new Promise<void>((resolve) => realSetTimeout(() => resolve(), 0));
    });
    if (observer.takeRecords().length > 0) changed = true;
    observer.disconnect();
    if (!changed && pageWork.made() === before && pageWork.working.size === 0) return;
  }
  throw new Error(`The page did not settle in ${MOST_TURNS} turns of the event loop`);
}
