import { useEffect } from 'react';
import { getAttempt } from './api/take';
import { contactAgeMs, noteContact } from './outbox/answers';

/** How often an open attempt makes sure the server has heard from the device. */
export const HEARTBEAT_MS = 30_000;

/**
 * While an attempt is open on screen, the device is heard from at least every 30 s, so the
 * teacher's monitor does not show a student reading a long question as offline: when no answer
 * was saved meanwhile, the attempt is asked once (its `serverNow` is a contact, as an answer's
 * is). Offline, nothing is sent; the answers' outbox covers the return.
 */
export function useHeartbeat(attemptId: number, open: boolean) {
  useEffect(() => {
    if (!open) return;
    let asking = false;
    const timer = setInterval(() => {
      if (asking || !navigator.onLine || contactAgeMs(attemptId) < HEARTBEAT_MS) return;
      asking = true;
      getAttempt({ attemptId })
        .then(
          (view) => noteContact(attemptId, view.serverNow),
          () => undefined,
        )
        .finally(() => {
          asking = false;
        });
    }, HEARTBEAT_MS / 3);
    return () => clearInterval(timer);
  }, [attemptId, open]);
}
