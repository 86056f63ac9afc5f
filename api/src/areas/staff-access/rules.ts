import type { StaffPermission } from '@lms/shared/contract';
import { searchForm } from '../library/index.js';

// Staff access's decisions: pure functions of facts already read (no database, no Fastify,
// no texts), unit-tested in api/test/unit/staff-access-rules.test.ts.

/** The granted rights of an account, as the audit trail records them before and after. */
export interface Rights {
  quality: boolean;
  departmentHead: boolean;
}

/** Why a change is refused; each code has its text in messages.ts. */
export type ChangeRefusal = 'ownAccount' | 'notStaff';

/** What a change is decided on, read in its transaction. */
export interface ChangeFacts {
  callerUid: number;
  /** The account named, or undefined when there is none. */
  target: { uid: number; staff: boolean } | undefined;
}

/**
 * Whether the change may be made: nobody changes their own rights (another registrar does), and
 * only a staff account holds them (a student's or a missing account is refused alike).
 */
export function changeRefusal(facts: ChangeFacts): ChangeRefusal | null {
  if (!facts.target || !facts.target.staff) return 'notStaff';
  if (facts.target.uid === facts.callerUid) return 'ownAccount';
  return null;
}

/** The rights after the change, or null when it changes nothing (the right is already so). */
export function rightsAfter(
  before: Rights,
  permission: StaffPermission,
  granted: boolean,
): Rights | null {
  if (before[permission] === granted) return null;
  return { ...before, [permission]: granted };
}

/** The words of a search text, in their compared form. */
export function searchWords(text: string): string[] {
  return searchForm(text.trim()).split(/\s+/u).filter(Boolean);
}

/**
 * The accounts a search lists: with a text, those whose name (or department) has every word; with
 * none, those that hold a granted right. At most `limit`, and whether there were more.
 */
export function searchStaff<T extends Rights & { fullName: string; department: string }>(
  staff: readonly T[],
  text: string,
  limit: number,
): { staff: T[]; more: boolean } {
  const words = searchWords(text);
  const found = staff.filter((member) => {
    if (words.length === 0) return member.quality || member.departmentHead;
    const haystack = searchForm(`${member.fullName} ${member.department}`);
    return words.every((word) => haystack.includes(word));
  });
  return { staff: found.slice(0, limit), more: found.length > limit };
}
