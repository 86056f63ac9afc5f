import { atom } from 'jotai';
import { lmsStore } from '../store.js';

export type NotificationKind = 'info' | 'success' | 'error';

export interface NotificationItem {
  id: number;
  message: string;
  kind: NotificationKind;
  /** The server's id of the request that failed, read to the support desk. */
  requestId?: string;
}

/** Spec §9: notifications close themselves after 5000 ms. */
export const NOTIFICATION_DURATION_MS = 5000;

export const notificationsAtom = atom<readonly NotificationItem[]>([]);

let nextId = 1;

/**
 * Shows a message in the <Notifications /> host; returns its id. The same message again replaces
 * the earlier one (with a fresh time), so repeating an action never piles up copies.
 */
export function notify(
  message: string,
  kind: NotificationKind = 'info',
  details: { requestId?: string | undefined } = {},
): number {
  const id = nextId++;
  const item: NotificationItem = { id, message, kind };
  if (details.requestId !== undefined) item.requestId = details.requestId;
  lmsStore.set(notificationsAtom, (items) => [
    ...items.filter((other) => other.message !== message || other.kind !== kind),
    item,
  ]);
  return id;
}

export function dismissNotification(id: number): void {
  lmsStore.set(notificationsAtom, (items) => items.filter((item) => item.id !== id));
}

/** What the host shows of the notifications: one of them, and how many more wait behind it. */
export interface CollapsedNotifications {
  shown: NotificationItem | null;
  more: number;
}

/**
 * Stacked notifications collapse to one, so they never cover more than a strip of a phone's
 * screen: the newest error if there is one (a failure needs reading more than a success does),
 * otherwise the newest; the rest are counted and can be unfolded.
 */
export function collapseNotifications(items: readonly NotificationItem[]): CollapsedNotifications {
  const newestFirst = [...items].reverse();
  const shown = newestFirst.find((item) => item.kind === 'error') ?? newestFirst[0] ?? null;
  return { shown, more: shown === null ? 0 : items.length - 1 };
}

/** A box on the screen, in viewport pixels. */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * Where the notifications stand: `end` (bottom right, above a phone's tab bar), `start` (bottom
 * left) or `top` (under the top bar).
 */
export type NotificationPlacement = 'end' | 'start' | 'top';

const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * The placement that leaves the focused element (a journal cell being typed in, a field) visible:
 * bottom right unless that covers it, then bottom left when the stack is narrow enough to stand
 * there clear of it, otherwise at the top. `stack` is where the stack stands at the bottom right.
 */
export function placementAvoiding(
  focused: Box | null,
  stack: Box,
  viewportWidth: number,
): NotificationPlacement {
  if (focused === null || stack.bottom <= stack.top || !overlaps(focused, stack)) return 'end';
  const mirrored = {
    ...stack,
    left: viewportWidth - stack.right,
    right: viewportWidth - stack.left,
  };
  return mirrored.right <= stack.left && !overlaps(focused, mirrored) ? 'start' : 'top';
}
