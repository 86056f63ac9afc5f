import type { Client, TestApp } from './helper.js';

/**
 * `count` students of one group with accounts and sessions, inserted directly (no sign-in round
 * trips): the n-th (from 0) signs in as `<login><n>` and is called `name(n)`.
 */
export async function createStudents(
  t: TestApp,
  groupId: number,
  count: number,
  names: { login: string; name: (n: number) => string },
): Promise<{ client: Client; studentId: number }[]> {
  const db = t.app.db.kysely;
  const now = Date.now();
  const people: { client: Client; studentId: number }[] = [];
  for (let i = 0; i < count; i++) {
    const person = await db
      .insertInto('persons')
      .values({
        full_name: names.name(i),
        gender: null,
        birth_date: null,
        nationality: null,
        citizenship: null,
        inn: null,
        phone: null,
        education: null,
        photo_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const s = await db
      .insertInto('students')
      .values({ person_id: person.id, group_id: groupId, subgroup_id: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await db
      .insertInto('users')
      .values({
        login: `${names.login}${i}`,
        password_hash: 'x',
        role: 2,
        must_change_credentials: 0,
        news_perms: 0,
        teacher_id: null,
        student_id: s.id,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = await t.app.repos.sessions.create(user.id, 60 * 60 * 1000);
    people.push({ client: t.client().useSession(token), studentId: s.id });
  }
  return people;
}
