// The documents' decisions: pure functions of facts already read (no database, no Fastify,
// no texts), unit-tested in api/test/unit/documents-rules.test.ts.

import { REVOKE_REASON_MIN_LENGTH } from '@lms/shared/contract';
import { searchForm } from '../library/index.js';
import type { HolderRow, IssuedRow } from './repository.js';

/** Why a revocation is refused; each code has its text in messages.ts and its status in service.ts. */
export type RevokeRefusal = 'shortReason' | 'alreadyRevoked';

/** A reason as it is stored: trimmed, each run of white space one space. */
export function normalizedReason(reason: string): string {
  return reason.trim().replace(/\s+/g, ' ');
}

/** Whether a document may be revoked with this (normalized) reason: the first refusal, or null. */
export function revokeRefusal(
  document: Pick<IssuedRow, 'revokedAt'>,
  reason: string,
): RevokeRefusal | null {
  if (reason.length < REVOKE_REASON_MIN_LENGTH) return 'shortReason';
  if (document.revokedAt !== null) return 'alreadyRevoked';
  return null;
}

/**
 * Which documents a later one replaces: of a student's transcripts in one language, the latest
 * not revoked supersedes every earlier one (the record it printed has changed since). A
 * certificate is issued for its purpose and a receipt for its payment: neither is superseded.
 * Answers document id → the id of the one that supersedes it.
 */
export function supersession(rows: readonly IssuedRow[]): Map<number, number> {
  const latest = new Map<string, IssuedRow>();
  for (const row of rows) {
    if (row.kind !== 'transcript' || row.revokedAt !== null) continue;
    const key = `${row.studentId}:${row.lang ?? ''}`;
    const current = latest.get(key);
    if (!current || later(row, current)) latest.set(key, row);
  }
  const superseded = new Map<number, number>();
  for (const row of rows) {
    if (row.kind !== 'transcript') continue;
    const newest = latest.get(`${row.studentId}:${row.lang ?? ''}`);
    if (newest && newest.id !== row.id && later(newest, row)) superseded.set(row.id, newest.id);
  }
  return superseded;
}

function later(a: IssuedRow, b: IssuedRow): boolean {
  return a.issuedAt > b.issuedAt || (a.issuedAt === b.issuedAt && a.id > b.id);
}

/** The most people one search answers. */
export const HOLDERS_SHOWN = 20;

/**
 * The holders whose name or group has every word of the query, case folded in any alphabet
 * (neither database's LIKE folds Cyrillic alike); at most HOLDERS_SHOWN.
 */
export function matchingHolders(holders: readonly HolderRow[], query: string): HolderRow[] {
  const words = searchForm(query.trim()).split(/\s+/u).filter(Boolean);
  if (words.length === 0) return [];
  const found: HolderRow[] = [];
  for (const holder of holders) {
    const text = searchForm(
      [holder.fio, holder.group, holder.groupKg ?? '', holder.groupEn ?? ''].join('\n'),
    );
    if (words.every((word) => text.includes(word))) found.push(holder);
    if (found.length === HOLDERS_SHOWN) break;
  }
  return found;
}
