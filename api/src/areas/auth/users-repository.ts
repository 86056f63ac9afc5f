import { ROLE, type SessionUser } from '@lms/shared/contract';
import type { Kysely } from 'kysely';
import { prepared } from '../../db/prepared.js';
import type { Database } from '../../db/schema.js';
import { normalizeLogin } from './rules.js';

/** An account as stored, with its person's name (`wire.ts` makes the session's user of it). */
export interface AccountRecord {
  uid: number;
  login: string;
  passwordHash: string;
  mustChange: boolean;
  role: SessionUser['role'];
  /** teachers.id or students.id, by the role. */
  personId: number;
  fullName: string;
  newsPerms: boolean;
  registrarPerms: boolean;
  /** May build and open questionnaires (the quality office). */
  qualityPerms: boolean;
  /** May see the department's workload (the department head). */
  headPerms: boolean;
}

export { normalizeLogin };

/** Accounts with their person's name, as `toAccountRecord` reads them (sessions.ts too). */
export function accountsQuery(db: Kysely<Database>) {
  return db
    .selectFrom('users as u')
    .leftJoin('teachers as t', 't.id', 'u.teacher_id')
    .leftJoin('students as s', 's.id', 'u.student_id')
    .innerJoin('persons as p', (join) =>
      join.on((eb) => eb('p.id', '=', eb.fn.coalesce('t.person_id', 's.person_id'))),
    )
    .select([
      'u.id',
      'u.login',
      'u.password_hash',
      'u.role',
      'u.must_change_credentials',
      'u.news_perms',
      'u.registrar_perms',
      'u.quality_perms',
      'u.head_perms',
      'u.teacher_id',
      'u.student_id',
      'p.full_name',
    ]);
}

type AccountRow = Awaited<ReturnType<ReturnType<typeof accountsQuery>['executeTakeFirst']>>;

export function toAccountRecord(row: AccountRow): AccountRecord | undefined {
  if (!row) return undefined;
  const personId = row.role === ROLE.teacher ? row.teacher_id : row.student_id;
  if (personId === null) return undefined;
  return {
    uid: row.id,
    login: row.login,
    passwordHash: row.password_hash,
    mustChange: row.must_change_credentials === 1,
    role: row.role,
    personId,
    fullName: row.full_name,
    newsPerms: row.news_perms === 1,
    registrarPerms: row.registrar_perms === 1,
    qualityPerms: row.quality_perms === 1,
    headPerms: row.head_perms === 1,
  };
}

export function createUsersRepository(db: Kysely<Database>) {
  const accounts = () => accountsQuery(db);
  const byUid = prepared(db, (uid: number) => accounts().where('u.id', '=', uid), 1);

  return {
    async findByLogin(login: string): Promise<AccountRecord | undefined> {
      return toAccountRecord(
        await accounts().where('u.login', '=', normalizeLogin(login)).executeTakeFirst(),
      );
    },

    async findByUid(uid: number): Promise<AccountRecord | undefined> {
      return toAccountRecord((await byUid(uid))[0]);
    },

    async loginTakenByOther(login: string, uid: number): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('login', '=', normalizeLogin(login))
        .where('id', '!=', uid)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** New login and password; the forced-change flag is cleared. */
    async updateCredentials(uid: number, login: string, passwordHash: string): Promise<void> {
      await db
        .updateTable('users')
        .set({
          login: normalizeLogin(login),
          password_hash: passwordHash,
          must_change_credentials: 0,
          updated_at: Date.now(),
        })
        .where('id', '=', uid)
        .execute();
    },

    async updatePassword(uid: number, passwordHash: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: Date.now() })
        .where('id', '=', uid)
        .execute();
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
