import { ROLE } from '@lms/shared/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { localized, type Language } from '../../lib/catalogue-names.js';

/** A staff account with its rights, as stored (0/1) and named in the reader's language. */
export interface StaffRow {
  uid: number;
  fullName: string;
  department: string;
  position: string | null;
  registrar: boolean;
  quality: boolean;
  departmentHead: boolean;
}

/** The rights an account holds, as the change reads them in its transaction. */
export interface AccountRights {
  uid: number;
  role: number;
  staff: boolean;
  quality: boolean;
  departmentHead: boolean;
}

/** The users column of each right the registrar grants. */
export const RIGHT_COLUMN = { quality: 'quality_perms', departmentHead: 'head_perms' } as const;

/**
 * Staff access's SQL: the staff accounts (role 1 with a teacher) and their rights. Built on the
 * app's handle, and on the change's transaction for its reads and its write.
 */
export function createStaffAccessRepository(db: Kysely<Database>) {
  const staff = (lng: Language) =>
    db
      .selectFrom('users as u')
      .innerJoin('teachers as t', 't.id', 'u.teacher_id')
      .innerJoin('persons as p', 'p.id', 't.person_id')
      .innerJoin('departments as d', 'd.id', 't.department_id')
      .select([
        'u.id',
        'p.full_name',
        localized(lng, 'd.name').as('department'),
        localized(lng, 't.position').as('position'),
        'u.registrar_perms',
        'u.quality_perms',
        'u.head_perms',
      ])
      .where('u.role', '=', ROLE.teacher);

  const toRow = (row: {
    id: number;
    full_name: string;
    department: string;
    position: string | null;
    registrar_perms: number;
    quality_perms: number;
    head_perms: number;
  }): StaffRow => ({
    uid: Number(row.id),
    fullName: row.full_name,
    department: row.department,
    position: row.position || null,
    registrar: Number(row.registrar_perms) === 1,
    quality: Number(row.quality_perms) === 1,
    departmentHead: Number(row.head_perms) === 1,
  });

  return {
    /** Every staff account, by name (the search folds and filters them in the process). */
    async allStaff(lng: Language): Promise<StaffRow[]> {
      const rows = await staff(lng).orderBy('p.full_name').orderBy('u.id').execute();
      return rows.map(toRow);
    },

    /** One staff account, or undefined (no such account, or a student's). */
    async member(lng: Language, uid: number): Promise<StaffRow | undefined> {
      const row = await staff(lng).where('u.id', '=', uid).executeTakeFirst();
      return row && toRow(row);
    },

    /** An account's role and rights (any role), or undefined when there is no such account. */
    async rightsOf(uid: number): Promise<AccountRights | undefined> {
      const row = await db
        .selectFrom('users')
        .select(['id', 'role', 'teacher_id', 'quality_perms', 'head_perms'])
        .where('id', '=', uid)
        .executeTakeFirst();
      return (
        row && {
          uid: Number(row.id),
          role: Number(row.role),
          staff: Number(row.role) === ROLE.teacher && row.teacher_id !== null,
          quality: Number(row.quality_perms) === 1,
          departmentHead: Number(row.head_perms) === 1,
        }
      );
    },

    /** Sets one right of an account (0/1). */
    async setRight(
      uid: number,
      right: keyof typeof RIGHT_COLUMN,
      granted: boolean,
      now: number,
    ): Promise<void> {
      await db
        .updateTable('users')
        .set({ [RIGHT_COLUMN[right]]: granted ? 1 : 0, updated_at: now })
        .where('id', '=', uid)
        .execute();
    },
  };
}

export type StaffAccessRepository = ReturnType<typeof createStaffAccessRepository>;
