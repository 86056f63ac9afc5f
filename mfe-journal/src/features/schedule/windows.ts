import { useEffect, useState } from 'react';

/** When a lesson of today takes marks, in server epoch ms (schedule/qr/today.json). */
export interface MarkWindow {
  windowStart: number;
  windowEnd: number;
}

/** Where the server's `now` falls against a lesson's window: its QR is shown only while 'open'. */
export type WindowPhase = 'before' | 'open' | 'over';

export function windowPhase(window: MarkWindow, serverNow: number): WindowPhase {
  if (serverNow < window.windowStart) return 'before';
  if (serverNow > window.windowEnd) return 'over';
  return 'open';
}

/** The next instant after `serverNow` at which one of the windows opens or closes, if any. */
export function nextWindowChange(windows: readonly MarkWindow[], serverNow: number): number | null {
  const ahead = windows
    .flatMap((window) => [window.windowStart, window.windowEnd + 1])
    .filter((instant) => instant > serverNow);
  return ahead.length === 0 ? null : Math.min(...ahead);
}

/** The longest a timer may wait in a browser (about 24.8 days). */
const LONGEST_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * The server's clock (this device's plus `offsetMs`), read again when one of the windows opens or
 * closes, so a screen left open changes by itself at the right minute.
 */
export function useServerNow(offsetMs: number, windows: readonly MarkWindow[]): number {
  const [, setTicks] = useState(0);
  const now = Date.now() + offsetMs;
  const next = nextWindowChange(windows, now);
  useEffect(() => {
    if (next === null) return undefined;
    const wait = Math.min(LONGEST_TIMEOUT_MS, Math.max(0, next - (Date.now() + offsetMs)) + 50);
    const timer = setTimeout(() => setTicks((ticks) => ticks + 1), wait);
    return () => clearTimeout(timer);
  }, [offsetMs, next]);
  return now;
}
