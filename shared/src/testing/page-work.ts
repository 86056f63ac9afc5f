// What a page under test is doing by itself, for settled(). No imports: jest's setup
// (tools/jest/setup-globals.cjs) loads it before React, so the timers React keeps for itself
// (a Suspense boundary's reveal) are followed too.
/**
 * What the page is doing by itself: requests the stubbed networks answer on their own (not a
 * reply the test holds) and short timers it set (a typing pause, a focus moved after a render).
 */
const working = new Set<Promise<unknown>>();
/** Every request made so far, to see whether a turn of the event loop started another. */
let made = 0;

/** How many requests were made so far; what is still being worked on. */
export const pageWork = { made: () => made, working };

/**
 * A timer up to this long is the page's own work (a typing pause, a focus after a render) and
 * is waited for; a longer one (a notice that hides after 5 s, a cache's expiry) is not.
 */
export const SHORT_TIMER_MS = 1000;

export function track<T>(work: Promise<T>): Promise<T> {
  working.add(work);
  const done = () => working.delete(work);
  work.then(done, done);
  return work;
}

/** A stubbed network tells of each request it answers by itself (stubNetwork does). */
export function answeringRequest<T>(answer: Promise<T>): Promise<T> {
  made += 1;
  return track(answer);
}

/** A request the test answers (a held or hanging reply): counted as made, never waited for. */
export function heldRequest(): void {
  made += 1;
}

// Short timers are followed from the kit's first import: each is work until it fires or is
// cleared.
// A timer's handle as this environment gives it (a number in a browser, an object in Node).
type Timer = unknown;
type SetTimer = (handler: () => void, delay?: number, ...args: unknown[]) => Timer;
const timers = new Map<Timer, () => void>();
export const realSetTimeout = globalThis.setTimeout as unknown as SetTimer;
const realClearTimeout = globalThis.clearTimeout as unknown as (id: Timer) => void;
function followedSetTimeout(handler: TimerHandler, delay?: number, ...args: unknown[]): Timer {
  if (typeof handler !== 'function' || (delay ?? 0) > SHORT_TIMER_MS) {
    return realSetTimeout(handler as () => void, delay, ...args);
  }
  let finish: () => void = () => undefined;
  void track(new Promise<void>((resolve) => (finish = resolve)));
  const id = realSetTimeout(() => {
    timers.delete(id);
    try {
      (handler as (...rest: unknown[]) => void)(...args);
    } finally {
      finish();
    }
  }, delay);
  timers.set(id, finish);
  return id;
}
function followedClearTimeout(timer?: Timer): void {
  timers.get(timer)?.();
  timers.delete(timer);
  realClearTimeout(timer);
}
globalThis.setTimeout = Object.assign(
  followedSetTimeout,
  realSetTimeout,
) as unknown as typeof setTimeout;
globalThis.clearTimeout = followedClearTimeout as unknown as typeof clearTimeout;
