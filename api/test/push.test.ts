// Web Push end to end on this machine: a test push service (push-service.ts) holds each
// subscription's keys, checks the VAPID signature and decrypts what the API sends. A chat
// message, an order's status change and a mark reach the subscribed user's device in their
// language, and never another user's; a subscription the service answers 410 for is dropped.
import assert from 'node:assert/strict';
import { after, before, describe, test, type TestContext } from 'node:test';
import type {
  DistrictListResponse,
  DocListResponse,
  NaznachenieListResponse,
  Order,
  PushKeyResponse,
  PushPayload,
  PushStatusResponse,
  QrPayload,
  RegionListResponse,
} from '@lms/shared/contract';
import { REGISTRAR_ACCOUNT } from '../src/db/seed/orders.js';
import { localDay } from '../src/areas/orders/rules.js';
import { defaultOptions } from '../src/options.js';
import { demoConversation, multipart, send, target, type DemoConversation } from './chat-helper.js';
import { createTestApp, envelope, type Client, type TestApp } from './helper.js';
import { TestPushService, type Device } from './push-service.js';
import { DEMO_LESSON_NOW } from './qr-helper.js';

const P = '/lms/api/push';
const S = '/lms/api/singlewindow';
const ALL = { chat: true, orders: true, marks: true, news: true, waitlist: true, schedule: true };

/** Waits for a device's next notification (the test's limit is generous; the delay is reported). */
async function next(device: Device, count: number, context: TestContext, since: number) {
  const deadline = Date.now() + 5000;
  while (device.received.length < count && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const arrived = device.received[count - 1];
  assert.ok(arrived, `${device.name} received no notification`);
  context.diagnostic(`${device.name}: notified ${arrived.at - since} ms after the event`);
  return arrived.payload as PushPayload;
}

describe('Web Push notifications', () => {
  const service = new TestPushService();
  let t: TestApp;
  let c: DemoConversation;
  let registrar: Client;
  const devices = {} as Record<'student' | 'teacher' | 'outsider', Device>;

  const subscribe = (client: Client, device: Device, allowPreviews: boolean) =>
    client.post(`${P}/subscribe.json`, {
      endpoint: device.endpoint,
      keys: device.keys,
      preferences: { ...ALL, allowPreviews },
    });
  const status = async (client: Client, device: Device) =>
    envelope<PushStatusResponse>(
      await client.post(`${P}/status.json`, { endpoint: device.endpoint }),
    ).data!;

  before(async () => {
    await service.start();
    const clock = { now: DEMO_LESSON_NOW };
    t = await createTestApp({
      push: { plainHttp: true, services: [service.origin] },
      schedule: { ...defaultOptions().schedule, clock: () => clock.now },
    });
    c = await demoConversation(t);
    registrar = await t.login({
      login: REGISTRAR_ACCOUNT.login,
      password: REGISTRAR_ACCOUNT.password,
    });
    devices.student = service.device('student');
    devices.teacher = service.device('teacher');
    devices.outsider = service.device('outsider');
  });
  after(async () => {
    await t?.close();
    await service.stop();
  });

  /** The teacher publishes news (multipart, as the compose form sends it). */
  const publishNews = async (fields: Record<string, string>) => {
    const body = multipart(fields);
    const published = await c.teacher.request({
      method: 'POST',
      url: '/lms/api/news/insert.json',
      payload: body.payload,
      headers: body.headers,
    });
    assert.equal(published.statusCode, 200, published.body);
  };

  /** The teacher writes a mark on the demo student's latest lesson of theirs. */
  const markLatestLesson = async (otsenka: string) => {
    const lesson = await t.app.db.kysely
      .selectFrom('journal_marks as m')
      .innerJoin('journal_lessons as l', 'l.id', 'm.lesson_id')
      .select('l.id')
      .where('l.teacher_id', '=', c.teacherMe.id)
      .where('m.student_id', '=', c.studentMe.id)
      .orderBy('l.lesson_date', 'desc')
      .executeTakeFirstOrThrow();
    return c.teacher.post('/lms/api/visitlog/studentvisitupdate.json', {
      id_lesson: lesson.id,
      id_student: c.studentMe.id,
      otsenka,
    });
  };

  test('each user subscribes their own device in their language; nobody touches another’s', async () => {
    const key = envelope<PushKeyResponse>(await c.student.get(`${P}/key.json`)).data!;
    assert.equal(Buffer.from(key.publicKey, 'base64url').length, 65);
    assert.equal((await t.client().get(`${P}/key.json`)).statusCode, 401);

    c.student.cookies.set('lang', 'en');
    c.teacher.cookies.set('lang', 'kg');
    c.outsider.cookies.set('lang', 'ru');
    assert.equal((await subscribe(c.student, devices.student, true)).statusCode, 200);
    assert.equal((await subscribe(c.teacher, devices.teacher, false)).statusCode, 200);
    assert.equal((await subscribe(c.outsider, devices.outsider, true)).statusCode, 200);

    // Another user's endpoint: refused, not taken over, not shown, not removed.
    const taken = await subscribe(c.outsider, devices.student, true);
    assert.equal(taken.statusCode, 403);
    assert.deepEqual(await status(c.outsider, devices.student), {
      subscribed: false,
      preferences: null,
    });
    await c.outsider.post(`${P}/unsubscribe.json`, { endpoint: devices.student.endpoint });
    const mine = await status(c.student, devices.student);
    // ALL names no `teaching` (a client older than that kind): the device still subscribes, with it on.
    assert.deepEqual(mine, {
      subscribed: true,
      preferences: { ...ALL, teaching: true, allowPreviews: true },
    });
    const row = await t.app.db.kysely
      .selectFrom('push_subscriptions')
      .select(['user_id', 'p256dh', 'lang'])
      .where('endpoint', '=', devices.student.endpoint)
      .executeTakeFirstOrThrow();
    assert.deepEqual(row, {
      user_id: c.studentMe.uid,
      p256dh: devices.student.keys.p256dh,
      lang: 'en',
    });

    // Plain input checks: a push service that is not a URL, keys of the wrong size.
    const bad = await c.student.post(`${P}/subscribe.json`, {
      endpoint: 'javascript:alert(1)',
      keys: devices.student.keys,
      preferences: { ...ALL, allowPreviews: true },
    });
    assert.equal(bad.statusCode, 400);
  });

  test('a chat message reaches the other party, in their language, with its text only if allowed', async (context) => {
    const at = Date.now();
    const sent = await send(c.teacher, {
      ...target(c.teacherMe, c.chain, c.studentMe.id),
      message: 'The essay is due on Friday',
    });
    assert.equal(sent.statusCode, 200, sent.body);
    const toStudent = await next(devices.student, 1, context, at);
    assert.equal(toStudent.kind, 'chat');
    assert.equal(toStudent.title, 'New message');
    assert.match(toStudent.body, /The essay is due on Friday$/);
    assert.equal(toStudent.url, '/lms/chat');

    const back = Date.now();
    await send(c.student, {
      ...target(c.studentMe, c.chain, c.teacherMe.id),
      message: 'Thank you, noted',
    });
    const toTeacher = await next(devices.teacher, 1, context, back);
    assert.equal(toTeacher.title, 'Жаңы билдирүү');
    assert.equal(toTeacher.body, 'Окуу үчүн чатты ачыңыз');
    assert.doesNotMatch(JSON.stringify(toTeacher), /noted/);
    // The sender is not notified of their own message, nor is anyone outside the conversation.
    assert.equal(devices.student.received.length, 1);
    assert.equal(devices.outsider.received.length, 0);
  });

  test("an order's status change reaches its student, in their language", async (context) => {
    const lists = {
      docs: envelope<DocListResponse>(await c.student.post(`${S}/doc/list.json`, {})).data!,
      regions: envelope<RegionListResponse>(await c.student.post(`${S}/region/list.json`, {}))
        .data!,
      purposes: envelope<NaznachenieListResponse>(
        await c.student.post(`${S}/naznachenie/list.json`, {}),
      ).data!,
    };
    const districts = envelope<DistrictListResponse>(
      await c.student.post(`${S}/district/list.json`, {
        id_region: lists.regions[0]!.id_region,
      }),
    ).data!;
    const saved = await c.student.post(`${S}/order/save.json`, {
      id_doc: lists.docs.find((d) => !d.instant)!.id_doc,
      id_region: lists.regions[0]!.id_region,
      id_district: districts[0]!.id_district,
      id_naznachenie: lists.purposes[0]!.id_naznachenie,
      date: localDay(new Date(Date.now() + 3 * 86_400_000)),
    });
    const order = envelope<Order>(saved).data!;
    const at = Date.now();
    const moved = await registrar.post(`${S}/queue/move.json`, {
      id_order: order.id_order,
      from: 'waiting',
      to: 'preparing',
    });
    assert.equal(moved.statusCode, 200, moved.body);
    const payload = await next(devices.student, 2, context, at);
    assert.deepEqual(payload, {
      kind: 'orders',
      title: 'Document order',
      body: 'Your document is being prepared',
      url: '/lms/singlewindow',
      tag: `order-${order.id_order}`,
    });
    assert.equal(devices.outsider.received.length, 0);
    assert.equal(devices.teacher.received.length, 1);
  });

  test('an absence and a grade in the journal reach the student; a subscription the service calls gone is dropped', async (context) => {
    const lesson = await t.app.db.kysely
      .selectFrom('schedule_lessons as l')
      .innerJoin('students as s', 's.group_id', 'l.group_id')
      .select('l.id')
      .where('l.teacher_id', '=', c.teacherMe.id)
      .where('s.id', '=', c.studentMe.id)
      .where('l.day_number', '=', 1)
      .where('l.time_id', '=', 2)
      .where('l.week_kind', '=', 0)
      .orderBy('l.year_id', 'desc')
      .orderBy('l.ws_id', 'asc')
      .executeTakeFirstOrThrow();
    const shown = await c.teacher.post('/lms/api/schedule/qr.json', { idShed: lesson.id });
    assert.equal(shown.statusCode, 200, shown.body);
    const qr = envelope<QrPayload>(shown).data!;
    const mark = (present: boolean) =>
      c.teacher.post('/lms/api/schedule/qr/mark.json', {
        id_qr: qr.id_qr,
        id_student: c.studentMe.id,
        present,
      });
    const at = Date.now();
    assert.equal((await mark(false)).statusCode, 200);
    const payload = await next(devices.student, 3, context, at);
    assert.deepEqual(
      [payload.kind, payload.title, payload.body, payload.url],
      [
        'marks',
        'New mark in the journal',
        'You were marked absent from the lesson',
        '/lms/journal',
      ],
    );
    assert.equal(devices.outsider.received.length, 0);

    // A grade the teacher writes in the journal.
    const graded = Date.now();
    const written = await markLatestLesson('5');
    assert.equal(written.statusCode, 200, written.body);
    const grade = await next(devices.student, 4, context, graded);
    assert.deepEqual(
      [grade.title, grade.body, grade.url],
      ['New mark in the journal', 'New mark in the journal: 5', '/lms/journal'],
    );

    // The browser unsubscribed: the push service answers 410 and the server forgets the device.
    devices.student.status = 410;
    await mark(true);
    const deadline = Date.now() + 5000;
    while ((await status(c.student, devices.student)).subscribed && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    assert.equal((await status(c.student, devices.student)).subscribed, false);
    assert.equal(devices.student.received.length, 4);
    // Every request carried a valid VAPID signature by the key the server publishes.
    assert.deepEqual(service.errors, []);
    const key = envelope<PushKeyResponse>(await c.student.get(`${P}/key.json`)).data!;
    assert.deepEqual([...service.senderKeys], [key.publicKey]);
  });

  test('published news reaches its audience, not its author; its text only where allowed', async (context) => {
    const reader = service.device('student-again');
    c.student.cookies.set('lang', 'ru');
    assert.equal((await subscribe(c.student, reader, false)).statusCode, 200);
    const at = Date.now();
    await publishNews({ message: 'Library hours change on Monday', audience: 'students' });
    const hidden = await next(reader, 1, context, at);
    assert.deepEqual(
      [hidden.kind, hidden.title, hidden.body, hidden.url],
      ['news', 'Новости', 'На портале новая новость', '/lms/news'],
    );
    // A student of another group, also in the audience, with previews: the text.
    const shown = await next(devices.outsider, 1, context, at);
    assert.equal(shown.body, 'Library hours change on Monday');
    assert.equal(devices.teacher.received.length, 1);
    assert.deepEqual(service.errors, []);
  });

  test('a group chat message is sent once, by the process that published it, signed with the same key', async (context) => {
    // A second API process on the same database and data folder (its own VAPID key file read).
    const sibling = await t.sibling();
    const reader = service.named('student-again');
    const before = reader.received.length;
    const at = Date.now();
    const sent = await send(c.teacher.on(sibling), {
      ...target(c.teacherMe, c.chain, -1, c.groupId),
      message: 'Seminar moves to room 204',
    });
    assert.equal(sent.statusCode, 200, sent.body);
    const payload = await next(reader, before + 1, context, at);
    assert.deepEqual(
      [payload.kind, payload.title, payload.body],
      ['chat', 'Новое сообщение', 'Откройте чат, чтобы прочитать'],
    );
    // A later event, then the count: the message's notification came once (with PostgreSQL
    // every process hears the event; only the publisher sends).
    const markAt = Date.now();
    await markLatestLesson('4');
    await next(reader, before + 2, context, markAt);
    assert.equal(
      reader.received.filter((r) => (r.payload as PushPayload).kind === 'chat').length,
      1,
    );
    // Outside the group: nothing; the author: nothing.
    assert.equal(devices.outsider.received.length, 1);
    assert.equal(devices.teacher.received.length, 1);
    assert.deepEqual(service.errors, []);
    assert.equal(service.senderKeys.size, 1);
  });

  test("news for one faculty reaches that faculty's readers only", async (context) => {
    const facultyOf = async (studentId: number) =>
      (
        await t.app.db.kysely
          .selectFrom('students as s')
          .innerJoin('groups as g', 'g.id', 's.group_id')
          .innerJoin('specialities as sp', 'sp.id', 'g.speciality_id')
          .select('sp.faculty_id')
          .where('s.id', '=', studentId)
          .executeTakeFirstOrThrow()
      ).faculty_id;
    const mine = await facultyOf(c.studentMe.id);
    const other = await t.app.db.kysely
      .selectFrom('faculties')
      .select('id')
      .where('id', '!=', mine)
      .executeTakeFirstOrThrow();
    const reader = service.named('student-again');
    const publish = (message: string, faculty: number) =>
      publishNews({ message, audience: 'students', faculty: String(faculty) });
    // First an item for another faculty, then one for the reader's: the reader's next
    // notification is the second (the first never came).
    const before = reader.received.length;
    const at = Date.now();
    await publish('Economics exam moved', other.id);
    await publish('Computing lab open late', mine);
    const payload = await next(reader, before + 1, context, at);
    assert.equal(payload.body, 'На портале новая новость');
    const latest = await t.app.db.kysely
      .selectFrom('news')
      .select('id')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    assert.equal(payload.tag, `news-${latest.id}`);
  });
});
