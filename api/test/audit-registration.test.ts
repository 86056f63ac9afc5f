// The audit trail of registrations and waiting lists over HTTP, on SQLite and (with DATABASE_URL)
// PostgreSQL: a registration's save and removal, a waiting list's join, leave and promotion each
// write exactly one row with the old and new values; a refused change (wrong role, bad input, a
// full stream, a repeat) writes none.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type {
  OptionalDisciplinesResponse,
  RegStreamsResponse,
  RegTeachersResponse,
  SaveRegistrationResponse,
  WaitlistJoinResponse,
} from '@lms/shared/contract';
import { verifyChain } from '../src/areas/audit/index.js';
import { currentAcademicYear, currentWs } from '../src/lib/calendar.js';
import { createTestApp, DEMO, envelope, type Client, type TestApp } from './helper.js';
import { createStudents } from './registration-helper.js';

const R = '/lms/api/regfordisciplines';
const DAY = 24 * 60 * 60 * 1000;

describe('audit trail: registrations and waiting lists', () => {
  let t: TestApp;
  let teacher: Client;
  let first: { client: Client; studentId: number };
  let second: { client: Client; studentId: number };
  let third: { client: Client; studentId: number };
  let year: number;
  let ws: 1 | 2 | 3;
  let choice: { id_discipline: number; id_teacher: number; subgroup: number };
  let credits: number;

  const db = () => t.app.db.kysely;
  const term = () => ({ id_a_year: year, id_semester: ws });
  const call = (client: Client, path: string, body: unknown = {}) =>
    client.post(`${R}/${path}.json`, body);
  const data = async <T>(client: Client, path: string, body: unknown = {}): Promise<T> => {
    const response = await call(client, path, body);
    assert.equal(response.statusCode, 200, `${path}: ${response.body}`);
    return envelope<T>(response).data as T;
  };
  const rows = () => db().selectFrom('audit_trail').selectAll().orderBy('id').execute();
  const count = async () => (await rows()).length;
  const changes = async (start: number) =>
    (await rows())
      .slice(start)
      .map((row) => [
        row.kind,
        row.record_key,
        Number(row.student_id),
        row.user_id === null ? null : 'user',
        JSON.parse(row.old_value),
        JSON.parse(row.new_value),
      ]);
  const save = (client: Client) => call(client, 'saveregistration', { ...term(), ...choice });

  before(async () => {
    t = await createTestApp();
    const now = new Date();
    year = currentAcademicYear(now).id_a_year;
    ws = currentWs(now);
    await db()
      .updateTable('registration_windows')
      .set({ opens_at: Date.now() - DAY, closes_at: Date.now() + 30 * DAY, electives: 1 })
      .where('year_id', '=', year)
      .where('ws_id', '=', ws)
      .execute();
    const student = await t.login(DEMO.student);
    teacher = await t.login(DEMO.teacher);
    const [elective] = await data<OptionalDisciplinesResponse>(
      student,
      'optional/disciplines',
      term(),
    );
    assert.ok(elective);
    credits = elective.kredits;
    const [lecturer] = await data<RegTeachersResponse>(student, 'optional/teachers', {
      ...term(),
      id_discipline: elective.id_discipline,
    });
    const streams = await data<RegStreamsResponse>(student, 'optional/subgroups', {
      ...term(),
      id_discipline: elective.id_discipline,
      id_teacher: lecturer!.id_teacher,
    });
    const stream = streams.find((s) => s.id_vid_zaniatiy === 1)!;
    choice = {
      id_discipline: elective.id_discipline,
      id_teacher: stream.id_teacher,
      subgroup: stream.subgroup,
    };
    // One seat left.
    await db()
      .updateTable('registration_streams')
      .set({ capacity: stream.taken + 1 })
      .where('id', '=', stream.subgroup)
      .execute();
    const group = await db()
      .selectFrom('users as u')
      .innerJoin('students as s', 's.id', 'u.student_id')
      .select('s.group_id')
      .where('u.login', '=', DEMO.student.login)
      .executeTakeFirstOrThrow();
    const people = await createStudents(t, group.group_id, 3, {
      login: 'audited',
      name: (i) => `Студент Аудита ${i}`,
    });
    [first, second, third] = [people[0]!, people[1]!, people[2]!];
  });
  after(() => t.close());

  test('a registration saved writes one row; refused saves none', async () => {
    const start = await count();
    // Bad input, a teacher: refused before any change.
    assert.equal((await call(first.client, 'saveregistration', { ...term() })).statusCode, 400);
    assert.equal((await save(teacher)).statusCode, 403);
    assert.equal(await count(), start);
    const saved = await save(first.client);
    assert.equal(saved.statusCode, 200, saved.body);
    const id = envelope<SaveRegistrationResponse>(saved).data!.id_disciplineForStudent;
    // The same discipline again, and the full stream for another student: refused.
    assert.ok((await save(first.client)).statusCode >= 400);
    assert.ok((await save(second.client)).statusCode >= 400);
    assert.deepEqual(await changes(start), [
      [
        'registration',
        `registration:${id}`,
        first.studentId,
        'user',
        null,
        {
          yearId: year,
          ws,
          disciplineId: choice.id_discipline,
          teacherId: choice.id_teacher,
          streamId: choice.subgroup,
          credits,
        },
      ],
    ]);
  });

  test('waiting-list moves: join, leave, promotion write one row each; repeats none', async () => {
    const join = (client: Client) =>
      data<WaitlistJoinResponse>(client, 'waitlist/join', {
        ...term(),
        ...choice,
      });
    const start = await count();
    const waiting = await join(second.client);
    const leaving = await join(third.client);
    // Joining twice, leaving another student's entry: refused, nothing written.
    assert.equal(
      (await call(second.client, 'waitlist/join', { ...term(), ...choice })).statusCode,
      409,
    );
    assert.ok((await call(second.client, 'waitlist/leave', { id: leaving.id })).statusCode >= 400);
    assert.equal(await count(), start + 2);
    await data(third.client, 'waitlist/leave', { id: leaving.id });

    // The first student gives their seat back: the second is promoted by the portal.
    const registration = (
      await db()
        .selectFrom('discipline_registrations')
        .select('id')
        .where('student_id', '=', first.studentId)
        .where('discipline_id', '=', choice.id_discipline)
        .executeTakeFirstOrThrow()
    ).id;
    const removedAt = await count();
    await data(first.client, 'deleteregistration', { id_disciplineForStudent: registration });
    const deadline = Date.now() + 20_000;
    const promoted = async () =>
      (
        await db()
          .selectFrom('registration_waitlist')
          .select('status')
          .where('id', '=', waiting.id)
          .executeTakeFirstOrThrow()
      ).status === 'promoted';
    while (!(await promoted())) {
      assert.ok(Date.now() < deadline, 'the second student was not promoted');
      await new Promise((resolve) => setImmediate(resolve));
    }
    const stream = choice.subgroup;
    const written = await changes(start);
    const registrationId = (written.at(-1)![5] as { registrationId: number }).registrationId;
    assert.deepEqual(written.slice(0, 2), [
      [
        'waitlist',
        `waitlist:${waiting.id}`,
        second.studentId,
        'user',
        null,
        { streamId: stream, status: 'waiting' },
      ],
      [
        'waitlist',
        `waitlist:${leaving.id}`,
        third.studentId,
        'user',
        null,
        { streamId: stream, status: 'waiting' },
      ],
    ]);
    assert.deepEqual(written.slice(2), [
      [
        'waitlist',
        `waitlist:${leaving.id}`,
        third.studentId,
        'user',
        { streamId: stream, status: 'waiting' },
        { streamId: stream, status: 'left' },
      ],
      [
        'registration',
        `registration:${registration}`,
        first.studentId,
        'user',
        { disciplineId: choice.id_discipline, lessonTypeId: null, streamIds: [stream] },
        null,
      ],
      [
        'waitlist',
        `waitlist:${waiting.id}`,
        second.studentId,
        null,
        { streamId: stream, status: 'waiting' },
        { streamId: stream, status: 'promoted', registrationId },
      ],
    ]);
    assert.ok(removedAt > start);
    assert.equal((await verifyChain(t.app.repos.audit)).broken, null);
  });
});
