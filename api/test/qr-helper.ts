import assert from 'node:assert/strict';
import type { PasskeyCreationOptions } from '@lms/shared/contract';
import { defaultOptions } from '../src/options.js';
import { createTestApp, DEMO, envelope, type Client, type TestApp } from './helper.js';
import { SoftAuthenticator } from './soft-authenticator.js';

/** The portal's origin in the tests (defaultOptions' publicOrigin): the passkeys' relying party. */
export const ORIGIN = defaultOptions().publicOrigin;

export const CHALLENGE = '/lms/api/qr/student/challenge.json';
export const VISIT = '/lms/api/qr/student/visit.json';

/** Registers a phone (a software authenticator) for the signed-in student; the answer. */
export async function registerPhone(client: Client, phone = new SoftAuthenticator(ORIGIN)) {
  const options = await client.post('/lms/api/qr/passkeys/options.json', {});
  assert.equal(options.statusCode, 200, options.body);
  const response = phone.register(envelope<PasskeyCreationOptions>(options).data!);
  const registered = await client.post('/lms/api/qr/passkeys/register.json', {
    response,
    name: 'Test phone',
  });
  return { phone, registered, response };
}

/** Monday 16 November 2026, 09:40 in Bishkek: inside the demo lesson (Monday, 09:30–10:50). */
export const DEMO_LESSON_NOW = Date.parse('2026-11-16T09:40:00+06:00');

export interface QrFixture {
  t: TestApp;
  clock: { now: number };
  teacher: Client;
  student: Client;
  studentId: number;
  slot: {
    id: number;
    roomId: number;
    latitude: number;
    longitude: number;
    radius: number;
    groupId: number;
    yearId: number;
    ws: number;
  };
}

/** The app with an injected clock, the demo teacher and student signed in, and the demo slot. */
export async function qrFixture(): Promise<QrFixture> {
  const clock = { now: DEMO_LESSON_NOW };
  const defaults = defaultOptions();
  const t = await createTestApp({
    schedule: { ...defaults.schedule, clock: () => clock.now },
  });
  const teacher = await t.login(DEMO.teacher);
  const student = await t.login(DEMO.student);
  const db = t.app.db.kysely;
  const demo = await db
    .selectFrom('users as u')
    .innerJoin('students as s', 's.id', 'u.student_id')
    .select(['s.id', 's.group_id'])
    .where('u.login', '=', DEMO.student.login)
    .executeTakeFirstOrThrow();
  const teacherRow = await db
    .selectFrom('users')
    .select('teacher_id')
    .where('login', '=', DEMO.teacher.login)
    .executeTakeFirstOrThrow();
  const slot = await db
    .selectFrom('schedule_lessons as l')
    .innerJoin('rooms as r', 'r.id', 'l.room_id')
    .select([
      'l.id',
      'l.room_id as roomId',
      'r.latitude',
      'r.longitude',
      'r.radius_m as radius',
      'l.group_id as groupId',
      'l.year_id as yearId',
      'l.ws_id as ws',
    ])
    .where('l.teacher_id', '=', teacherRow.teacher_id!)
    .where('l.group_id', '=', demo.group_id)
    .where('l.day_number', '=', 1)
    .where('l.time_id', '=', 2)
    .where('l.week_kind', '=', 0)
    .orderBy('l.year_id', 'desc')
    .orderBy('l.ws_id', 'asc')
    .executeTakeFirstOrThrow();
  return {
    t,
    clock,
    teacher,
    student,
    studentId: demo.id,
    slot: {
      ...slot,
      latitude: Number(slot.latitude),
      longitude: Number(slot.longitude),
      radius: Number(slot.radius),
    },
  };
}

/** A signed-in client for a student id, with a session made directly. */
export async function studentClient(t: TestApp, studentId: number): Promise<Client> {
  const user = await t.app.db.kysely
    .selectFrom('users')
    .select('id')
    .where('student_id', '=', studentId)
    .executeTakeFirstOrThrow();
  const token = await t.app.repos.sessions.create(user.id, 3_600_000);
  return t.client().useSession(token);
}

/**
 * Gives a timetable lesson's teacher, discipline, lesson type and semester a registration stream
 * of their own, so the lesson is its members' only (access/teaching.ts). `join` registers a
 * student for the discipline and makes them a member; `remove` deletes the stream and its
 * members again.
 */
export async function streamForLesson(t: TestApp, lessonId: number) {
  const db = t.app.db.kysely;
  const lesson = await db
    .selectFrom('schedule_lessons')
    .selectAll()
    .where('id', '=', lessonId)
    .executeTakeFirstOrThrow();
  const stream = await db
    .insertInto('registration_streams')
    .values({
      teacher_id: lesson.teacher_id,
      discipline_id: lesson.discipline_id,
      lesson_type_id: lesson.lesson_type_id,
      year_id: lesson.year_id,
      ws_id: lesson.ws_id,
      name: 'Поток для проверки',
      capacity: 30,
      taken: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const registrations: number[] = [];
  return {
    id: stream.id,
    async join(studentId: number): Promise<void> {
      const controlForm = await db
        .selectFrom('control_forms')
        .select('id')
        .executeTakeFirstOrThrow();
      const registration = await db
        .insertInto('discipline_registrations')
        .values({
          student_id: studentId,
          discipline_id: lesson.discipline_id,
          year_id: lesson.year_id,
          ws_id: lesson.ws_id,
          credits: 5,
          control_form_id: controlForm.id,
          is_by_plan: 0,
          created_at: Date.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      registrations.push(registration.id);
      await db
        .insertInto('registration_members')
        .values({
          registration_id: registration.id,
          stream_id: stream.id,
          student_id: studentId,
          lesson_type_id: lesson.lesson_type_id,
          created_at: Date.now(),
        })
        .execute();
    },
    async remove(): Promise<void> {
      await db.deleteFrom('registration_members').where('stream_id', '=', stream.id).execute();
      if (registrations.length > 0) {
        await db.deleteFrom('discipline_registrations').where('id', 'in', registrations).execute();
      }
      await db.deleteFrom('registration_streams').where('id', '=', stream.id).execute();
    },
  };
}
