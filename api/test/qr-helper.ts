import { defaultOptions } from '../src/options.js';
import { createTestApp, DEMO, type Client, type TestApp } from './helper.js';

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
