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

/** Shows a message in the <Notifications /> host (top right); returns its id. */
export function notify(
  message: string,
  kind: NotificationKind = 'info',
  details: { requestId?: string | undefined } = {},
): number {
  const id = nextId++;
  const item: NotificationItem = { id, message, kind };
  if (details.requestId !== undefined) item.requestId = details.requestId;
  lmsStore.set(notificationsAtom, (items) => [...items, item]);
  return id;
}

export function dismissNotification(id: number): void {
  lmsStore.set(notificationsAtom, (items) => items.filter((item) => item.id !== id));
}
