// An online lesson scheduled is told to its group: a notice in the discipline's group chat, and
// a push reminder (kind `schedule`) to its students' devices shortly before it starts, once, and
// to no other group. The pending reminders are the database's: a reminder service started
// afresh (as after a restart) sends the ones due. On SQLite, and on PostgreSQL when
// DATABASE_URL names one.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { TeachingChoice, Webinar } from '@lms/shared/contract';
import { startReminders } from '../src/areas/webinars/reminders.js';
import { defaultOptions } from '../src/options.js';
import { createTestApp, DEMO, envelope, type Client, type TestApp } from './helper.js';
import { received, SCHEDULE_ONLY, TestPushService, type Device } from './push-service.js';
import { DEMO_LESSON_NOW } from './qr-helper.js';

const API = '/lms/api/webinars';
describe('a scheduled webinar is told to its group', () => {
  const service = new TestPushService();
  const clock = { now: DEMO_LESSON_NOW };
  let t: TestApp;
  let teacher: Client;
  let choice: TeachingChoice;
  const devices = {} as Record<'student' | 'outsider', Device>;

  before(async () => {
    await service.start();
    t = await createTestApp({
      push: { plainHttp: true, services: [service.origin] },
      schedule: { ...defaultOptions().schedule, clock: () => clock.now },
    });
    teacher = await t.login(DEMO.teacher);
    const student = await t.login(DEMO.student);
    const db = t.app.db.kysely;
    const { group_id: groupId } = await db
      .selectFrom('users as u')
      .innerJoin('students as s', 's.id', 'u.student_id')
      .select('s.group_id')
      .where('u.login', '=', DEMO.student.login)
      .executeTakeFirstOrThrow();
    const other = await db
      .selectFrom('students')
      .innerJoin('users', 'users.student_id', 'students.id')
      .select('users.login')
      .where('students.group_id', '!=', groupId)
      .where('users.login', 'not in', [DEMO.student.login, DEMO.newstudent.login])
      .orderBy('students.id')
      .executeTakeFirstOrThrow();
    const outsider = await t.login({ login: other.login, password: 'Student1' });
    const choices = envelope<TeachingChoice[]>(await teacher.post(`${API}/teaching.json`, {}));
    choice = choices.data!.find((c) => c.id_group === groupId)!;
    devices.student = service.device('student');
    devices.outsider = service.device('outsider');
    for (const [client, device] of [
      [student, devices.student],
      [outsider, devices.outsider],
    ] as const) {
      client.cookies.set('lang', 'en');
      const response = await client.post('/lms/api/push/subscribe.json', {
        endpoint: device.endpoint,
        keys: device.keys,
        preferences: SCHEDULE_ONLY,
      });
      assert.equal(response.statusCode, 200, response.body);
    }
  });
  after(async () => {
    await t?.close();
    await service.stop();
  });

  const schedule = async (start: string) => {
    const response = await teacher.post(`${API}/schedule.json`, {
      id_group: choice.id_group,
      id_discipline: choice.id_discipline,
      start,
      duration: 45,
    });
    assert.equal(response.statusCode, 200, response.body);
    return envelope<Webinar>(response).data!;
  };
  const remindedAt = async (id: number) =>
    (
      await t.app.db.kysely
        .selectFrom('webinars')
        .select('reminded_at')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).reminded_at;

  test('the group chat hears of it; a lesson starting soon is reminded at once, a later one waits', async () => {
    const soon = await schedule('2026-11-16T09:50');
    const later = await schedule('2026-11-20T15:00');
    const notices = await t.app.db.kysely
      .selectFrom('chat_messages')
      .select(['message', 'sender_role', 'teacher_id', 'group_id'])
      .where('group_id', '=', choice.id_group)
      .where('discipline_id', '=', choice.id_discipline)
      .where('message', 'like', '%Online lesson:%')
      .orderBy('id')
      .execute();
    assert.deepEqual(
      notices.map((n) => n.message.split('\n')),
      [
        [
          'Онлайн сабак: 16.11.2026 саат 09:50, 45 мүнөт. Порталдагы «Вебинарлар» бөлүмүнөн кошулуңуз',
          'Онлайн-занятие: 16.11.2026 в 09:50, 45 мин. Подключайтесь в разделе «Вебинары» на портале',
          'Online lesson: 16 Nov 2026 at 09:50, 45 min. Join it from Webinars on the portal',
        ],
        [
          'Онлайн сабак: 20.11.2026 саат 15:00, 45 мүнөт. Порталдагы «Вебинарлар» бөлүмүнөн кошулуңуз',
          'Онлайн-занятие: 20.11.2026 в 15:00, 45 мин. Подключайтесь в разделе «Вебинары» на портале',
          'Online lesson: 20 Nov 2026 at 15:00, 45 min. Join it from Webinars on the portal',
        ],
      ],
    );
    assert.ok(notices.every((n) => n.sender_role === 1 && n.teacher_id === null));

    const [reminder, ...more] = await received(devices.student, 1);
    assert.deepEqual(more, []);
    assert.deepEqual(reminder, {
      kind: 'schedule',
      title: 'Online lesson soon',
      body: 'The online lesson starts on 16 Nov 2026 at 09:50',
      url: `/lms/webinars/${soon.id}`,
      tag: `webinarSoon-${soon.id}`,
    });
    assert.notEqual(await remindedAt(soon.id), null);
    assert.equal(await remindedAt(later.id), null, 'the later one is still pending');
    assert.equal(devices.outsider.received.length, 0);

    // A restart: a reminder service started afresh reads the pending reminder from the
    // database and sends it once its time comes, once (a second look sends nothing).
    clock.now = Date.parse('2026-11-20T14:50:00+06:00');
    const fresh = startReminders({
      db: t.app.db.kysely,
      bus: t.app.scheduleNotices,
      now: () => clock.now,
      log: t.app.log,
    });
    try {
      await fresh.wake();
      await fresh.wake();
      const all = await received(devices.student, 2);
      assert.equal(all.length, 2);
      assert.equal(all[1]?.body, 'The online lesson starts on 20 Nov 2026 at 15:00');
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.equal(devices.student.received.length, 2, 'sent once');
      assert.equal(devices.outsider.received.length, 0);
    } finally {
      fresh.stop();
    }
  });

  test('a cancelled webinar is never reminded', async () => {
    clock.now = DEMO_LESSON_NOW;
    const webinar = await schedule('2026-11-21T12:00');
    const cancelled = await teacher.post(`${API}/cancel.json`, { id: webinar.id });
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    const before = devices.student.received.length;
    clock.now = Date.parse('2026-11-21T11:55:00+06:00');
    const fresh = startReminders({
      db: t.app.db.kysely,
      bus: t.app.scheduleNotices,
      now: () => clock.now,
      log: t.app.log,
    });
    try {
      await fresh.wake();
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(devices.student.received.length, before);
      assert.equal(await remindedAt(webinar.id), null);
    } finally {
      fresh.stop();
    }
  });
});
