import {
  ORDER_MAX_DAYS_AHEAD,
  ORDER_NEXT_STATUS,
  type OrderEvent,
  type OrderStatus,
} from '@lms/shared/contract';
import type { ORDER_MESSAGES, ORDER_REFUSALS } from './messages.js';

// The single window's decisions, without a database: each answers a refusal code (a key of
// ORDER_MESSAGES / ORDER_REFUSALS) or null when the request may go on.

export type OrderRefusal = keyof typeof ORDER_MESSAGES;
export type MoveRefusal = keyof typeof ORDER_REFUSALS;

/** YYYY-MM-DD of `now` in the server's time zone (the university's). */
export function localDay(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A real calendar day YYYY-MM-DD, or null. */
export function parseDay(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day
    ? date
    : null;
}

/** What a student fills in to order a document (a list's placeholder is -1). */
export interface OrderFields {
  id_doc: number;
  id_region: number;
  id_district: number;
  id_naznachenie: number;
  date: string;
}

/** Spec §5: every field must be chosen. */
export function fieldsRefusal(fields: OrderFields): 'fieldsRequired' | null {
  const { id_doc, id_region, id_district, id_naznachenie, date } = fields;
  return id_doc < 1 || id_region < 1 || id_district < 1 || id_naznachenie < 1 || !date.trim()
    ? 'fieldsRequired'
    : null;
}

/** The day a document is needed by: a real day, from today to ORDER_MAX_DAYS_AHEAD days on. */
export function dateRefusal(
  date: string,
  now: Date,
  maxDaysAhead = ORDER_MAX_DAYS_AHEAD,
): 'badDate' | 'pastDate' | 'farDate' | null {
  if (!parseDay(date)) return 'badDate';
  if (date < localDay(now)) return 'pastDate';
  const latest = new Date(now);
  latest.setDate(latest.getDate() + maxDaysAhead);
  return date > localDay(latest) ? 'farDate' : null;
}

/** The order's references, as found (undefined: no such row). */
export interface OrderReferences {
  document: object | undefined;
  regionExists: boolean;
  district: { region_id: number } | undefined;
  purpose: object | undefined;
  regionId: number;
}

/** Every reference names a real row, and the district lies in the chosen region. */
export function referencesRefusal(
  refs: OrderReferences,
): 'unknownDocument' | 'unknownRegion' | 'districtMismatch' | 'unknownPurpose' | null {
  if (!refs.document) return 'unknownDocument';
  if (!refs.regionExists) return 'unknownRegion';
  if (!refs.district || refs.district.region_id !== refs.regionId) return 'districtMismatch';
  if (!refs.purpose) return 'unknownPurpose';
  return null;
}

/**
 * A move of the registrar: only to the next step (waiting → preparing → prepared), and nothing
 * moves an order its student cancelled. `current` is the order's status now, if known.
 */
export function moveRefusal(
  from: OrderStatus,
  to: OrderStatus,
  current?: OrderStatus,
): 'badMove' | 'cancelled' | null {
  if (ORDER_NEXT_STATUS[from] !== to) return 'badMove';
  if (current === 'cancelled') return 'cancelled';
  return null;
}

/** Why a move that found the order no longer in `from` failed: cancelled, or moved meanwhile. */
export function moveConflict(current: OrderStatus | undefined): 'cancelled' | 'stale' {
  return current === 'cancelled' ? 'cancelled' : 'stale';
}

/** A document the portal makes itself (a certificate of study) is issued when it gets prepared. */
export function issuesOnMove(
  to: OrderStatus,
  document: { instant: number } | undefined,
  order: { id_document: number | null },
): boolean {
  return to === 'prepared' && document?.instant === 1 && order.id_document === null;
}

/** Who listens to the order events: the registrar to all, a student to their own. */
export interface Listener {
  registrar: boolean;
  studentId: number | null;
}

export function hears(listener: Listener, event: OrderEvent): boolean {
  return (
    listener.registrar || (listener.studentId !== null && event.studentId === listener.studentId)
  );
}
