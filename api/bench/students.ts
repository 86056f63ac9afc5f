// What the benchmarks that act as many students share: the server's database, the demo group,
// students of it signed in (rows inserted straight into the database, not hundreds of sign-ins)
// and the percentiles of their answer times.
import { randomBytes } from 'node:crypto';
import { openDatabase } from '../src/db/database.js';
import { hashToken } from '../src/areas/auth/index.js';
import { xsrfTokenFor } from '../src/lib/xsrf.js';
import type { RunningServer } from './servers.js';

export type BenchDatabase = ReturnType<typeof openDatabase>['kysely'];

/** A signed-in student: the headers of their JSON calls (session cookie and XSRF token). */
export interface BenchStudent {
  studentId: number;
  headers: Record<string, string>;
}

/** The p-th percentile of ascending values. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** The database the server uses (destroy it when done). */
export function portalDatabase(portal: RunningServer): BenchDatabase {
  return openDatabase({
    dataDir: portal.dataDir ?? '',
    databaseUrl: process.env.DATABASE_URL,
  }).kysely;
}

/** The demo student's group. */
export async function demoGroupId(db: BenchDatabase): Promise<number> {
  const demo = await db
    .selectFrom('users as u')
    .innerJoin('students as s', 's.id', 'u.student_id')
    .select('s.group_id')
    .where('u.login', '=', 'student')
    .executeTakeFirstOrThrow();
  return demo.group_id;
}

/**
 * `count` students of the group with sessions, inserted straight into the database: the n-th
 * (from 0) signs in as `<login>.<n>` and is named `<name> <n + 1>`.
 */
export async function createStudents(
  db: BenchDatabase,
  groupId: number,
  count: number,
  names: { login: string; name: string },
): Promise<BenchStudent[]> {
  const now = Date.now();
  const made: BenchStudent[] = [];
  for (let from = 0; from < count; from += 200) {
    const size = Math.min(200, count - from);
    const persons = await db
      .insertInto('persons')
      .values(
        Array.from({ length: size }, (_, i) => ({ full_name: `${names.name} ${from + i + 1}` })),
      )
      .returning('id')
      .execute();
    const students = await db
      .insertInto('students')
      .values(persons.map((p) => ({ person_id: p.id, group_id: groupId })))
      .returning('id')
      .execute();
    const users = await db
      .insertInto('users')
      .values(
        students.map((s, i) => ({
          login: `${names.login}.${from + i}`,
          password_hash: 'bench',
          role: 2 as const,
          must_change_credentials: 0,
          news_perms: 0,
          student_id: s.id,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning(['id', 'student_id'])
      .execute();
    const sessions = users.map((user) => {
      const token = randomBytes(32).toString('base64url');
      const xsrf = xsrfTokenFor(token);
      made.push({
        studentId: user.student_id!,
        headers: {
          'content-type': 'application/json',
          cookie: `XSRF-TOKEN=${xsrf}; lms_session=${token}`,
          'x-xsrf-token': xsrf,
        },
      });
      return {
        token_hash: hashToken(token),
        user_id: user.id,
        created_at: now,
        expires_at: now + 3_600_000,
        last_seen_at: now,
      };
    });
    await db.insertInto('sessions').values(sessions).execute();
  }
  return made;
}
