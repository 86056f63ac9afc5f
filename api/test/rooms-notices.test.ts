// A cancelled room booking is told to its group: a notice in the discipline's group chat (what
// the group sees live in the portal) and a push notification (kind `schedule`) to its students'
// devices, in each device's language; not to another group's students, and a refused
// cancellation (another teacher's booking) tells nobody. On SQLite, and on PostgreSQL when
// DATABASE_URL names one.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Booking, FreeRoomsResponse, TeachingChoice } from '@lms/shared/contract';
import { defaultOptions } from '../src/options.js';
import { COLLEAGUE } from './campus-helper.js';
import { createTestApp, DEMO, envelope, type Client, type TestApp } from './helper.js';
import { received, SCHEDULE_ONLY, TestPushService, type Device } from './push-service.js';
import { DEMO_LESSON_NOW } from './qr-helper.js';

const API = '/lms/api/rooms';
describe('a cancelled booking is told to its group', () => {
  const service = new TestPushService();
  let t: TestApp;
  let teacher: Client;
  let colleague: Client;
  let student: Client;
  let outsider: Client;
  let groupId: number;
  let choice: TeachingChoice;
  const devices = {} as Record<'student' | 'outsider' | 'teacher', Device>;

  before(async () => {
    await service.start();
    const clock = { now: DEMO_LESSON_NOW };
    t = await createTestApp({
      push: { plainHttp: true, services: [service.origin] },
      schedule: { ...defaultOptions().schedule, clock: () => clock.now },
    });
    teacher = await t.login(DEMO.teacher);
    colleague = await t.login(COLLEAGUE);
    student = await t.login(DEMO.student);
    const db = t.app.db.kysely;
    ({ group_id: groupId } = await db
      .selectFrom('users as u')
      .innerJoin('students as s', 's.id', 'u.student_id')
      .select('s.group_id')
      .where('u.login', '=', DEMO.student.login)
      .executeTakeFirstOrThrow());
    const other = await db
      .selectFrom('students')
      .innerJoin('users', 'users.student_id', 'students.id')
      .select('users.login')
      .where('students.group_id', '!=', groupId)
      .where('users.login', 'not in', [DEMO.student.login, DEMO.newstudent.login])
      .orderBy('students.id')
      .executeTakeFirstOrThrow();
    outsider = await t.login({ login: other.login, password: 'Student1' });
    const choices = envelope<TeachingChoice[]>(await teacher.post(`${API}/teaching.json`, {}));
    choice = choices.data!.find((c) => c.id_group === groupId)!;
    const subscribe = async (client: Client, device: Device, lang: string) => {
      client.cookies.set('lang', lang);
      const response = await client.post('/lms/api/push/subscribe.json', {
        endpoint: device.endpoint,
        keys: device.keys,
        preferences: SCHEDULE_ONLY,
      });
      assert.equal(response.statusCode, 200, response.body);
    };
    devices.student = service.device('student');
    devices.outsider = service.device('outsider');
    devices.teacher = service.device('teacher');
    await subscribe(student, devices.student, 'en');
    await subscribe(outsider, devices.outsider, 'en');
    await subscribe(teacher, devices.teacher, 'en');
  });
  after(async () => {
    await t?.close();
    await service.stop();
  });

  /** A booking of the first free room and period from the Wednesday after the demo Monday. */
  const book = async (): Promise<Booking> => {
    for (const date of ['2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21'])
      for (let period = 1; period <= 5; period++) {
        const asked = await teacher.post(`${API}/free.json`, {
          date,
          id_time: period,
          seats: choice.students,
        });
        assert.equal(asked.statusCode, 200, asked.body);
        const free = envelope<FreeRoomsResponse>(asked).data!;
        if (!free?.rooms[0]) continue;
        const booked = await teacher.post(`${API}/book.json`, {
          room: free.rooms[0].id,
          date: free.date,
          id_time: period,
          id_group: choice.id_group,
          id_discipline: choice.id_discipline,
          kind: 'consultation',
        });
        if (booked.statusCode === 200) return envelope<Booking>(booked).data!;
      }
    throw new Error('no bookable slot');
  };

  const dates = (booking: Booking) => ({
    kg: booking.date.split('-').reverse().join('.'),
    en: `${booking.date.slice(8)} Nov 2026`,
  });

  const notices = (booking: Booking) =>
    t.app.db.kysely
      .selectFrom('chat_messages')
      .select(['message', 'sender_role', 'sender_id', 'student_id', 'teacher_id'])
      .where('group_id', '=', booking.id_group)
      .where('discipline_id', '=', booking.id_discipline)
      .where('message', 'like', `%${booking.start}%`)
      .execute();

  test("another teacher's cancel is refused and tells nobody; the teacher's tells the group only", async () => {
    const booking = await book();
    const refused = await colleague.post(`${API}/cancel.json`, { id: booking.id });
    assert.equal(refused.statusCode, 403, refused.body);
    assert.deepEqual(await notices(booking), [], 'no chat notice for a refused cancel');

    const cancelled = await teacher.post(`${API}/cancel.json`, { id: booking.id });
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    const [pushed, ...more] = await received(devices.student, 1);
    assert.deepEqual(more, [], 'one notification: the refused cancel sent none');
    assert.equal(pushed?.kind, 'schedule');
    assert.equal(pushed?.title, 'Lesson cancelled');
    assert.equal(pushed?.url, '/lms/schedule');
    assert.equal(
      pushed?.body,
      `${dates(booking).en} at ${booking.start}, room ${booking.roomName} (${booking.building}): the booking is cancelled`,
    );
    // The teacher and a student of another group are not told.
    assert.equal(devices.outsider.received.length, 0);
    assert.equal(devices.teacher.received.length, 0);

    // The group chat holds one notice, from the teacher, in every language.
    const [notice, ...others] = await notices(booking);
    assert.deepEqual(others, []);
    assert.equal(notice?.sender_role, 1);
    assert.equal(notice?.teacher_id, null, 'the group chat, not a personal conversation');
    assert.deepEqual(notice?.message.split('\n'), [
      `${dates(booking).kg} саат ${booking.start} ${booking.roomName} (${booking.building}) аудиториясындагы сабак жокко чыгарылды`,
      `Занятие ${dates(booking).kg} в ${booking.start} в аудитории ${booking.roomName} (${booking.building}) отменено`,
      `The lesson on ${dates(booking).en} at ${booking.start} in room ${booking.roomName} (${booking.building}) is cancelled`,
    ]);
    assert.deepEqual(service.errors, []);
  });

  test('a subscription in Kyrgyz is told in Kyrgyz', async () => {
    student.cookies.set('lang', 'kg');
    const again = await student.post('/lms/api/push/subscribe.json', {
      endpoint: devices.student.endpoint,
      keys: devices.student.keys,
      preferences: SCHEDULE_ONLY,
    });
    assert.equal(again.statusCode, 200);
    const before = devices.student.received.length;
    const booking = await book();
    assert.equal((await teacher.post(`${API}/cancel.json`, { id: booking.id })).statusCode, 200);
    const all = await received(devices.student, before + 1);
    assert.equal(all.length, before + 1);
    assert.equal(all.at(-1)?.title, 'Сабак жокко чыгарылды');
    assert.equal(devices.outsider.received.length, 0);
  });
});
