import { useEffect, useMemo, useState } from 'react';
import type { RegHold, RegWindow, WaitlistStatusResponse } from '@lms/shared';

/** One thing that stops the student saving now. */
export type Block =
  | { kind: 'hold'; hold: RegHold }
  | { kind: 'window'; window: RegWindow | null }
  | { kind: 'slot'; opensAt: string; course: number };

/**
 * What stops the student saving now, in the order the server refuses a save: their holds, a
 * closed window, an appointment not reached yet (`slotReached`: by the server's clock). Empty:
 * the form may be filled in.
 */
export function blocksOf(
  window: RegWindow | null,
  status: Pick<WaitlistStatusResponse, 'holds' | 'appointment'> | undefined,
  slotReached: boolean,
): Block[] {
  const blocks: Block[] = (status?.holds ?? []).map((hold) => ({ kind: 'hold', hold }));
  if (!window?.open) blocks.push({ kind: 'window', window });
  const appointment = status?.appointment;
  if (appointment && !slotReached) {
    blocks.push({ kind: 'slot', opensAt: appointment.opensAt, course: appointment.course });
  }
  return blocks;
}

/** The longest a browser timer waits (about 24.8 days); a later instant is checked again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Whether the server's clock has reached `at` (ISO), by the offset of `serverNow` (the server's
 * clock when it answered) from this device's; turns true by itself when the time comes.
 */
export function useServerTimeReached(at: string | undefined, serverNow: string | undefined) {
  const offset = useMemo(
    () => (serverNow === undefined ? 0 : Date.parse(serverNow) - Date.now()),
    [serverNow],
  );
  const target = at === undefined ? Number.NEGATIVE_INFINITY : Date.parse(at);
  const [, setTick] = useState(0);
  const reached = Date.now() + offset >= target;
  useEffect(() => {
    if (reached) return undefined;
    const left = Math.min(MAX_TIMER_MS, target - (Date.now() + offset));
    const timer = setTimeout(() => setTick((n) => n + 1), Math.max(0, left));
    return () => clearTimeout(timer);
  }, [reached, target, offset]);
  return reached;
}
