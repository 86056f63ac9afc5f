// Workload's access decisions: pure functions of facts already read (no database, no Fastify,
// no texts), unit-tested in api/test/unit/workload-rules.test.ts.
//
// Who reads what:
// - a teacher reads their own plan, nobody else's;
// - the registrar reads any teacher's plan and any department's teachers side by side, and is the
//   only one who adjusts a plan;
// - a department head (the right the registrar's office grants on the staff rights screen,
//   users.head_perms) reads the teachers of THEIR department side by side and each one's plan.
//
// "Their department": the right is one flag per account, not a right over a named department
// (migration 0121), and every teacher belongs to exactly one department (teachers.department_id,
// not null). So a head's department is the department of their own teacher record: a head moved
// to another department reads the new one, and heading another department means being moved to
// it. An account with the flag but no teacher record heads nothing.

/** Whose department view a caller may read. */
export type DepartmentAccess =
  { kind: 'any' } | { kind: 'own'; departmentId: number } | { kind: 'none' };

/** The caller's rights and, for a head, their own department (null: no teacher record). */
export interface CallerFacts {
  registrar: boolean;
  head: boolean;
  ownDepartmentId: number | null;
}

/** The registrar reads any department; a head their own; anyone else none. */
export function departmentAccess(caller: CallerFacts): DepartmentAccess {
  if (caller.registrar) return { kind: 'any' };
  if (caller.head && caller.ownDepartmentId !== null) {
    return { kind: 'own', departmentId: caller.ownDepartmentId };
  }
  return { kind: 'none' };
}

/**
 * The department a view asked for is read as: the registrar's pick (undefined: the default one);
 * a head's own whether asked for or not; null when refused (another department for a head, and
 * any department for the rest, are refused alike).
 */
export function departmentToRead(
  access: DepartmentAccess,
  asked: number | undefined,
): { departmentId: number | undefined } | null {
  if (access.kind === 'any') return { departmentId: asked };
  if (access.kind === 'own' && (asked === undefined || asked === access.departmentId)) {
    return { departmentId: access.departmentId };
  }
  return null;
}

/**
 * Whether the caller may read a teacher's plan: their own always; the registrar anyone's; a head
 * that of a teacher of their department (`targetDepartmentId` undefined: no such teacher).
 */
export function mayReadPlan(
  access: DepartmentAccess,
  own: boolean,
  targetDepartmentId: number | undefined,
): boolean {
  if (own || access.kind === 'any') return true;
  return access.kind === 'own' && targetDepartmentId === access.departmentId;
}

/** The years of the picker: those that have plans and the current one, newest first. */
export function pickerYears(withPlans: readonly number[], current: number): number[] {
  return [...new Set([...withPlans, current])].sort((a, b) => b - a);
}
