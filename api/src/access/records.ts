import type { SessionUser } from '@lms/shared/contract';
import { ApiError } from '../lib/http.js';
import { MESSAGES } from '../lib/messages.js';

/**
 * Who may do what to a record, for every area: the caller's own record, the registrar, and (in
 * `teaching.ts`) the teacher's own lessons and a group's members.
 */

/**
 * The answer for a record the caller may not see, whether it exists or not: one status and one
 * message for both, so the ids of other people's records cannot be probed (403 vs 404).
 */
export function hiddenRecord(): ApiError {
  return new ApiError(403, MESSAGES.forbidden);
}

/**
 * Identity comes from the session: a payload that names another account, person or role is
 * refused rather than trusted.
 */
export function assertSelf(
  user: SessionUser,
  claims: { uid?: number; id?: number; role?: number },
): void {
  if (
    (claims.uid !== undefined && claims.uid !== user.uid) ||
    (claims.id !== undefined && claims.id !== user.id) ||
    (claims.role !== undefined && claims.role !== user.role)
  ) {
    throw new ApiError(403, MESSAGES.forbidden);
  }
}

/**
 * A record looked up by id, if the caller may see it (`allowed`); a missing record and another's
 * record are refused alike (`hiddenRecord`).
 */
export function visibleRecord<T>(record: T | null | undefined, allowed: (record: T) => boolean): T {
  if (record === null || record === undefined || !allowed(record)) throw hiddenRecord();
  return record;
}

/** A record looked up by id that must be the caller's own: its owner is the caller's person id. */
export function ownRecord<T>(
  user: SessionUser,
  record: T | null | undefined,
  ownerOf: (record: T) => number,
): T {
  return visibleRecord(record, (found) => ownerOf(found) === user.id);
}

/** The registrar (the single window's queue, holds, issued documents). */
export function isRegistrar(user: SessionUser): boolean {
  return user.registrarPerms === true;
}

/** The quality office: builds and opens questionnaires (the registrar, or the granted right). */
export function isQualityOffice(user: SessionUser): boolean {
  return isRegistrar(user) || user.qualityPerms === true;
}

/** A department head (the granted right): reads the workload of their own department. */
export function isDepartmentHead(user: SessionUser): boolean {
  return user.headPerms === true;
}
