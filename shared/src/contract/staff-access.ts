import { Type, type Static } from '@sinclair/typebox';
import { STAFF_PERMISSIONS, STAFF_SEARCH_MAX_LENGTH } from './constants.js';
import { withSchemas } from './endpoint.js';
import { STAFF_ACCESS_ADDRESSES } from './endpoints/staff-access.js';
import { Id } from './envelope.js';

// Staff access (api/src/areas/staff-access): the registrar's office grants and revokes the rights
// a staff account holds beside its role: the quality office (builds and opens questionnaires) and
// the department head (reads the workload of their department's teachers). Every grant and
// revoke writes one row of the audit trail (kind 'permission'). Routes under
// /lms/api/staff-access, for the registrar only.

/** A staff account with its rights. `registrar`: holds the registrar's own right (not granted here). */
export const StaffMember = Type.Object({
  uid: Id,
  fullName: Type.String(),
  department: Type.String(),
  position: Type.Union([Type.String(), Type.Null()]),
  registrar: Type.Boolean(),
  quality: Type.Boolean(),
  departmentHead: Type.Boolean(),
});
export type StaffMember = Static<typeof StaffMember>;

/**
 * POST staff-access/staff.json: staff accounts whose name has every word of `query` (any case,
 * any alphabet), by name, at most STAFF_SEARCH_LIMIT; a blank query lists the accounts that hold
 * a granted right. `more`: there were more matches than listed.
 */
export const StaffSearchBody = Type.Object({
  query: Type.String({ maxLength: STAFF_SEARCH_MAX_LENGTH, examples: ['Асанов'] }),
});
export type StaffSearchBody = Static<typeof StaffSearchBody>;
export const StaffSearchResponse = Type.Object({
  staff: Type.Array(StaffMember),
  more: Type.Boolean(),
});
export type StaffSearchResponse = Static<typeof StaffSearchResponse>;

/**
 * POST staff-access/change.json: grants (`granted: true`) or revokes a right of a staff account.
 * Answers the account as it is now, and whether anything changed (granting a right held already
 * changes nothing and is not recorded). Refused: the caller's own account, a missing or
 * student's account (like a missing record).
 */
export const StaffChangeBody = Type.Object({
  uid: Id,
  permission: Type.Union(
    STAFF_PERMISSIONS.map((name) => Type.Literal(name)),
    {
      examples: ['quality'],
    },
  ),
  granted: Type.Boolean({ examples: [true] }),
});
export type StaffChangeBody = Static<typeof StaffChangeBody>;
export const StaffChangeResponse = Type.Object({
  member: StaffMember,
  changed: Type.Boolean(),
});
export type StaffChangeResponse = Static<typeof StaffChangeResponse>;

/** The staff-access endpoints for the API: each address with the schemas it validates. */
export const STAFF_ACCESS_ENDPOINTS = withSchemas(STAFF_ACCESS_ADDRESSES, {
  staff: { body: StaffSearchBody, response: StaffSearchResponse },
  change: { body: StaffChangeBody, response: StaffChangeResponse },
});
