import { hash } from 'node:crypto';

/**
 * The audit trail's hash chain, pure: a row's canonical content, its digest, and the first row
 * where a chain breaks. A row's digest is sha256 over the previous row's digest and this row's
 * canonical content, so editing, removing or reordering a row breaks the chain at that row or the
 * next one.
 */

/** The digest the first row of a trail points back to. */
export const GENESIS_DIGEST = '';

/** JSON with object keys sorted, so one value always has one text (the stored old/new value). */
export function canonicalJson(value: unknown): string {
  return flatJson(value) ?? JSON.stringify(sorted(value === undefined ? null : value));
}

/** A key JSON.stringify would write before the others (an array index): not taken by flatJson. */
const INDEX_LIKE = /^(?:0|[1-9]\d*)$/;

/**
 * canonicalJson of the usual value, a flat object of strings, numbers, booleans and nulls (a
 * journal cell, a registration), written at once with the same text; undefined for any other
 * value (the general path then writes it).
 */
function flatJson(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  if (Object.getPrototypeOf(value) !== Object.prototype) return undefined;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  let text = '{';
  for (const key of keys) {
    const item = record[key];
    if (item === undefined) continue;
    if (INDEX_LIKE.test(key)) return undefined;
    const type = typeof item;
    if (item !== null && type !== 'string' && type !== 'number' && type !== 'boolean') {
      return undefined;
    }
    text += `${text.length > 1 ? ',' : ''}${JSON.stringify(key)}:${JSON.stringify(item)}`;
  }
  return `${text}}`;
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(record)
        .sort()
        .filter((key) => record[key] !== undefined)
        .map((key) => [key, sorted(record[key])]),
    );
  }
  return value;
}

/** What a row's digest covers: everything but its id and its own digest. */
export interface ChainContent {
  at: number;
  user_id: number | null;
  role: number | null;
  address: string | null;
  device: string | null;
  kind: string;
  record_key: string;
  student_id: number | null;
  /** Canonical JSON (canonicalJson). */
  old_value: string;
  new_value: string;
}

/** The digest of a row whose previous row's digest is `previous`. */
export function digestOf(previous: string, row: ChainContent): string {
  const content = JSON.stringify([
    Number(row.at),
    row.user_id === null ? null : Number(row.user_id),
    row.role === null ? null : Number(row.role),
    row.address,
    row.device,
    row.kind,
    row.record_key,
    row.student_id === null ? null : Number(row.student_id),
    row.old_value,
    row.new_value,
  ]);
  // One call over the joined text: the same digest as hashing the three parts in turn.
  return hash('sha256', `${previous}\n${content}`, 'hex');
}

export type ChainRow = ChainContent & { id: number; prev_digest: string; digest: string };

/** Why a row breaks the chain: it does not point at the row before it, or its content changed. */
export type ChainBreakReason = 'link' | 'digest';

export interface ChainBreak {
  id: number;
  reason: ChainBreakReason;
}

/**
 * Checks rows in the trail's order, continuing from `previous` (the digest of the row before the
 * first one given; GENESIS_DIGEST from the start). Answers the first broken row, or the last
 * digest when every row holds (so a long trail is checked page by page).
 */
export function chainBreak(
  rows: readonly ChainRow[],
  previous: string = GENESIS_DIGEST,
): ChainBreak | { last: string } {
  let last = previous;
  for (const row of rows) {
    if (row.prev_digest !== last) return { id: Number(row.id), reason: 'link' };
    if (digestOf(last, row) !== row.digest) return { id: Number(row.id), reason: 'digest' };
    last = row.digest;
  }
  return { last };
}
