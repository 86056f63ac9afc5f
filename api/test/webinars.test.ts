// Webinars over HTTP: a teacher schedules an online lesson for a group they teach; it is in the
// group's and the teacher's schedule and calendar feed; the group's students join (recorded),
// others are refused; the embedded room's signalling reaches only its members; cancelling.
// Who may call what, and bad input refused without a write. On SQLite, and on PostgreSQL when
// DATABASE_URL names one.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type {
  ScheduleResponse,
  TeachingChoice,
  Webinar,
  WebinarAttendanceResponse,
  WebinarJoinResponse,
  WebinarListResponse,
} from '@lms/shared/contract';
import { createSlots, SlotTaken } from '../src/areas/rooms/index.js';
import { WEBINARS_MESSAGES } from '../src/areas/webinars/messages.js';
import { MESSAGES } from '../src/lib/messages.js';
import { EventStream } from './event-stream.js';
import { campusFixture, inEnglish, type CampusFixture } from './campus-helper.js';
import { envelope, whoAmI, type Client } from './helper.js';
import type { QrFixture } from './qr-helper.js';

const API = '/lms/api/webinars';

describe('webinars', () => {
  let f: QrFixture;
  let registrar: Client;
  let colleague: Client;
  let outsider: Client;
  let choice: TeachingChoice;
  let baseUrl: string;
  let count: CampusFixture['count'];
  before(async () => {
    ({ f, registrar, colleague, choice, count } = await campusFixture(API));
    // A student of another group.
    const other = await f.t.app.db.kysely
      .selectFrom('users as u')
      .innerJoin('students as s', 's.id', 'u.student_id')
      .select('u.login')
      .where('s.group_id', '!=', f.slot.groupId)
      .where('u.login', '!=', 'newstudent')
      .orderBy('u.id')
      .executeTakeFirstOrThrow();
    outsider = await f.t.login({ login: other.login, password: 'Student1' });
    baseUrl = await f.t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  after(() => f.t.close());

  /** A webinar of the demo teacher for the demo group (the clock: Monday 16.11.2026, 09:40). */
  const schedule = async (start: string, duration = 60) => {
    const response = await f.teacher.post(`${API}/schedule.json`, {
      id_group: choice.id_group,
      id_discipline: choice.id_discipline,
      start,
      duration,
    });
    assert.equal(response.statusCode, 200, response.body);
    return envelope<Webinar>(response).data!;
  };
  const cancel = (id: number) => f.teacher.post(`${API}/cancel.json`, { id });

  test('without a session every route answers 401', async () => {
    const anonymous = await f.t.client().prime();
    for (const path of ['teaching', 'list', 'schedule', 'cancel', 'join', 'attendance', 'signal']) {
      const response = await anonymous.post(`${API}/${path}.json`, {});
      assert.equal(response.statusCode, 401, path);
    }
    const stream = await fetch(`${baseUrl}${API}/events?id=1`);
    assert.equal(stream.status, 401);
  });

  test('a scheduled webinar is in the teacher’s and the group’s list, schedule and calendar feed; cancelled, the group sees it', async () => {
    const webinar = await schedule('2026-11-18T14:00', 80);
    assert.deepEqual(
      [webinar.date, webinar.start, webinar.end, webinar.state, webinar.cancelled],
      ['2026-11-18', '14:00', '15:20', 'scheduled', false],
    );
    // 14:00 in Bishkek (UTC+6) is 08:00 UTC.
    assert.equal(webinar.starts_at, Date.parse('2026-11-18T08:00:00Z'));
    for (const client of [f.teacher, f.student]) {
      const list = envelope<WebinarListResponse>(await client.post(`${API}/list.json`, {})).data!;
      assert.equal(list.engine, 'embedded');
      assert.ok(list.webinars.some((w) => w.id === webinar.id));
    }
    const theirs = envelope<WebinarListResponse>(await outsider.post(`${API}/list.json`, {}));
    assert.ok(!theirs.data!.webinars.some((w) => w.id === webinar.id));
    const colleagues = envelope<WebinarListResponse>(await colleague.post(`${API}/list.json`, {}));
    assert.deepEqual(colleagues.data!.webinars, []);

    const ids = { teacher: (await whoAmI(f.teacher)).id, student: (await whoAmI(f.student)).id };
    const semester = { year: f.slot.yearId, ws: f.slot.ws };
    const weekOf = async (client: Client, path: string, id: number) =>
      envelope<ScheduleResponse>(
        await client.post(`/lms/api/schedule/${path}.json`, { ...semester, id }),
      ).data!;
    const studentWeek = await weekOf(f.student, 'student', ids.student);
    assert.ok(studentWeek.webinars?.some((w) => w.id === webinar.id && !w.cancelled));
    const teacherWeek = await weekOf(f.teacher, 'teacher', ids.teacher);
    assert.ok(teacherWeek.webinars?.some((w) => w.id === webinar.id));
    const feed = await f.student.get(
      `/lms/api/schedule/export.ics?year=${f.slot.yearId}&ws=${f.slot.ws}`,
    );
    assert.equal(feed.statusCode, 200);
    assert.match(feed.body, new RegExp(`UID:webinar-${webinar.id}@lms\\r\\n`));
    assert.match(
      feed.body,
      /DTSTART:20261118T080000Z\r\nDTEND:20261118T092000Z\r\nSTATUS:CONFIRMED/,
    );
    const subscription = envelope<{ url: string }>(
      await f.teacher.post('/lms/api/schedule/calendar.json', semester),
    ).data!;
    const teacherFeed = await f.t.client().get(subscription.url);
    assert.match(teacherFeed.body, new RegExp(`UID:webinar-${webinar.id}@lms`));

    // Another teacher's webinar is refused like a missing one; a student may not cancel.
    assert.equal((await colleague.post(`${API}/cancel.json`, { id: webinar.id })).statusCode, 403);
    assert.equal((await f.student.post(`${API}/cancel.json`, { id: webinar.id })).statusCode, 403);
    assert.equal((await cancel(99_999)).statusCode, 403);

    const cancelled = await cancel(webinar.id);
    assert.equal(cancelled.statusCode, 200);
    assert.equal(envelope<Webinar>(cancelled).data!.state, 'cancelled');
    const again = await inEnglish(f.teacher, `${API}/cancel.json`, { id: webinar.id });
    assert.equal(again.statusCode, 409);
    assert.equal(envelope(again).error, WEBINARS_MESSAGES.alreadyCancelled.en);
    const afterWeek = await weekOf(f.student, 'student', ids.student);
    assert.notEqual(afterWeek.version, studentWeek.version);
    assert.ok(afterWeek.webinars?.some((w) => w.id === webinar.id && w.cancelled));
    const feedAfter = await f.student.get(
      `/lms/api/schedule/export.ics?year=${f.slot.yearId}&ws=${f.slot.ws}`,
    );
    assert.match(feedAfter.body, /STATUS:CANCELLED/);
    const join = await f.student.post(`${API}/join.json`, { id: webinar.id });
    assert.equal(join.statusCode, 409);
    assert.equal(envelope(join).error, WEBINARS_MESSAGES.cancelled.ru);
  });

  test('refused scheduling: the wrong role, bad input, a past time, a group not taught, a clash; nothing written', async () => {
    const held = await schedule('2026-11-19T10:00', 90);
    const before = await count('webinars');
    const body = {
      id_group: choice.id_group,
      id_discipline: choice.id_discipline,
      start: '2026-11-20T10:00',
      duration: 60,
    };
    const refusals: [Client, object, number, string][] = [
      [f.student, body, 403, MESSAGES.teachersOnly.ru],
      // The registrar's office signs in as staff: it teaches nothing.
      [registrar, body, 403, WEBINARS_MESSAGES.notTeaching.ru],
      [f.teacher, { ...body, start: '2026-02-31T10:00' }, 400, WEBINARS_MESSAGES.badStart.ru],
      [f.teacher, { ...body, start: '2026-11-20T24:30' }, 400, WEBINARS_MESSAGES.badStart.ru],
      [f.teacher, { ...body, start: '2026-11-16T09:30' }, 400, WEBINARS_MESSAGES.past.ru],
      [f.teacher, { ...body, start: '2028-11-16T09:30' }, 400, WEBINARS_MESSAGES.tooFar.ru],
      [colleague, body, 403, WEBINARS_MESSAGES.notTeaching.ru],
      [f.teacher, { ...body, start: '2026-11-19T11:00' }, 409, WEBINARS_MESSAGES.teacherBusy.ru],
    ];
    for (const [client, request, status, message] of refusals) {
      const response = await client.post(`${API}/schedule.json`, request);
      assert.equal(response.statusCode, status, JSON.stringify(request));
      assert.equal(envelope(response).error, message, JSON.stringify(request));
    }
    for (const bad of [
      {},
      { ...body, duration: 5 },
      { ...body, duration: 600 },
      { ...body, start: '2026-11-20 10:00' },
      { ...body, start: 7 },
      { ...body, id_group: 'x' },
    ]) {
      const response = await inEnglish(f.teacher, `${API}/schedule.json`, bad);
      assert.equal(response.statusCode, 400, JSON.stringify(bad));
      assert.ok(envelope(response).error, 'a message');
    }
    assert.equal(await count('webinars'), before);
    await cancel(held.id);
  });

  test('the group’s student joins (recorded, first and latest); another group’s student and the registrar are refused; the teacher reads who joined', async () => {
    const later = await schedule('2026-11-16T12:00', 60);
    const notYet = await inEnglish(f.student, `${API}/join.json`, { id: later.id });
    assert.equal(notYet.statusCode, 409);
    assert.equal(envelope(notYet).error, WEBINARS_MESSAGES.notYet.en);

    const webinar = await schedule('2026-11-16T09:50', 45);
    assert.equal(webinar.state, 'open');
    const before = await count('webinar_attendance');
    const refused = await inEnglish(outsider, `${API}/join.json`, { id: webinar.id });
    assert.equal(refused.statusCode, 403);
    assert.equal(envelope(refused).error, WEBINARS_MESSAGES.notYourGroup.en);
    assert.equal((await registrar.post(`${API}/join.json`, { id: webinar.id })).statusCode, 403);
    assert.equal((await colleague.post(`${API}/join.json`, { id: webinar.id })).statusCode, 403);
    assert.equal(await count('webinar_attendance'), before);

    const teacherJoin = envelope<WebinarJoinResponse>(
      await f.teacher.post(`${API}/join.json`, { id: webinar.id }),
    ).data!;
    assert.deepEqual(
      [teacherJoin.engine, teacherJoin.host, teacherJoin.url],
      ['embedded', true, null],
    );
    assert.equal(await count('webinar_attendance'), before, 'the teacher is not a student present');

    const joined = await f.student.post(`${API}/join.json`, { id: webinar.id });
    assert.equal(joined.statusCode, 200, joined.body);
    const answer = envelope<WebinarJoinResponse>(joined).data!;
    assert.equal(answer.host, false);
    assert.equal(answer.me, (await whoAmI(f.student)).uid);
    f.clock.now += 5 * 60_000;
    await f.student.post(`${API}/join.json`, { id: webinar.id });
    assert.equal(await count('webinar_attendance'), before + 1);

    const list = envelope<WebinarAttendanceResponse>(
      await f.teacher.post(`${API}/attendance.json`, { id: webinar.id }),
    ).data!;
    const studentId = (await whoAmI(f.student)).id;
    const me = list.students.find((s) => s.id === studentId)!;
    assert.equal(me.joined, f.clock.now - 5 * 60_000);
    assert.equal(me.last, f.clock.now);
    assert.ok(list.students.length > 1);
    assert.ok(list.students.filter((s) => s.id !== studentId).every((s) => s.joined === null));
    for (const client of [f.student, colleague]) {
      const other = await client.post(`${API}/attendance.json`, { id: webinar.id });
      assert.equal(other.statusCode, 403);
    }
    f.clock.now -= 5 * 60_000;
    await cancel(webinar.id);
    await cancel(later.id);
  });

  test('the embedded room: members hear who is there and get each other’s signals; outsiders and non-members get nothing', async () => {
    const webinar = await schedule('2026-11-16T09:50', 30);
    const open = (client: Client) =>
      new EventStream(`${baseUrl}${API}/events?id=${webinar.id}`, client);
    const refused = await fetch(`${baseUrl}${API}/events?id=${webinar.id}`, {
      headers: { cookie: [...outsider.cookies].map(([n, v]) => `${n}=${v}`).join('; ') },
    });
    assert.equal(refused.status, 403);
    const bad = await fetch(`${baseUrl}${API}/events?id=abc`, {
      headers: { cookie: [...f.student.cookies].map(([n, v]) => `${n}=${v}`).join('; ') },
    });
    assert.equal(bad.status, 400);

    const teacherUid = (await whoAmI(f.teacher)).uid;
    const studentUid = (await whoAmI(f.student)).uid;
    const teacher = open(f.teacher);
    await teacher.next((e) => e.name === 'welcome');
    const student = open(f.student);
    const welcome = await student.next((e) => e.name === 'welcome');
    assert.deepEqual(
      (welcome.data as { peers: { id: number; host: boolean }[] }).peers.map((p) => [p.id, p.host]),
      [[teacherUid, true]],
    );
    await teacher.next((e) => e.name === 'joined' && (e.data as { id: number }).id === studentUid);

    const sent = await f.student.post(`${API}/signal.json`, {
      id: webinar.id,
      to: teacherUid,
      kind: 'offer',
      payload: '{"sdp":"v=0"}',
    });
    assert.equal(sent.statusCode, 200);
    assert.deepEqual(envelope(sent).data, { sent: true });
    const signal = await teacher.next((e) => e.name === 'signal');
    assert.deepEqual(signal.data, { from: studentUid, kind: 'offer', payload: '{"sdp":"v=0"}' });

    // Not in the room: refused; to someone not in it: not sent.
    const outside = await outsider.post(`${API}/signal.json`, {
      id: webinar.id,
      to: teacherUid,
      kind: 'ice',
      payload: '{}',
    });
    assert.equal(outside.statusCode, 409);
    assert.equal(envelope(outside).error, WEBINARS_MESSAGES.notInRoom.ru);
    const nobody = await f.student.post(`${API}/signal.json`, {
      id: webinar.id,
      to: 99_999,
      kind: 'ice',
      payload: '{}',
    });
    assert.deepEqual(envelope(nobody).data, { sent: false });
    const tooLong = await f.student.post(`${API}/signal.json`, {
      id: webinar.id,
      to: teacherUid,
      kind: 'ice',
      payload: 'x'.repeat(40_000),
    });
    assert.equal(tooLong.statusCode, 400);

    student.close();
    await teacher.next((e) => e.name === 'left' && (e.data as { id: number }).id === studentUid);
    // Cancelled: the room's streams end.
    await cancel(webinar.id);
    teacher.close();
  });

  test('20 webinars of one group at overlapping times at once: exactly one holds, the others get a clear 409', async () => {
    const before = await count('webinars');
    const holdsBefore = await count('slot_holds');
    // Half start at 15:00, half at 15:30: every pair overlaps (60 minutes each).
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        f.teacher.post(`${API}/schedule.json`, {
          id_group: choice.id_group,
          id_discipline: choice.id_discipline,
          start: i % 2 === 0 ? '2026-11-24T15:00' : '2026-11-24T15:30',
          duration: 60,
        }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    assert.equal(statuses.filter((s) => s === 200).length, 1, statuses.join(','));
    assert.equal(statuses.filter((s) => s === 409).length, 19, statuses.join(','));
    const clear: string[] = [WEBINARS_MESSAGES.teacherBusy.ru, WEBINARS_MESSAGES.groupBusy.ru];
    for (const refused of responses.filter((r) => r.statusCode === 409)) {
      assert.ok(clear.includes(envelope(refused).error ?? ''), refused.body);
    }
    assert.equal(await count('webinars'), before + 1);
    // Its minutes for the teacher and the group; cancelled, they are free again.
    assert.equal(await count('slot_holds'), holdsBefore + 2 * 60);
    const won = envelope<Webinar>(responses.find((r) => r.statusCode === 200)!).data!;
    assert.equal((await cancel(won.id)).statusCode, 200);
    assert.equal(await count('slot_holds'), holdsBefore);
    const again = await schedule('2026-11-24T15:10', 30);
    await cancel(again.id);
  });

  test('the database itself refuses an overlapping slot (what two writes at once could both read as free)', async () => {
    const db = f.t.app.db.kysely;
    const teacherOf = async (login: string) =>
      (
        await db
          .selectFrom('users')
          .select('teacher_id')
          .where('login', '=', login)
          .executeTakeFirstOrThrow()
      ).teacher_id!;
    /** A 30-minute webinar of the teacher for the demo group on 25.11.2026, past the rules. */
    const book = (teacherId: number, time: string) =>
      db.transaction().execute((trx) =>
        createSlots(trx).book(
          'webinars',
          {
            teacher_id: teacherId,
            group_id: choice.id_group,
            discipline_id: choice.id_discipline,
            year_id: f.slot.yearId,
            ws_id: f.slot.ws,
            start_date: '2026-11-25',
            start_time: time,
            starts_at: 0,
            duration_min: 30,
            meeting_key: `race-${time}`,
            created_at: 0,
          },
          {
            holders: { teacher: teacherId, group: choice.id_group },
            date: '2026-11-25',
            time,
            minutes: 30,
          },
        ),
      );
    const before = await count('webinars');
    const first = await book(await teacherOf('teacher'), '16:00');
    // A colleague's webinar for the same group from 16:29: the group's minute 16:29 is held.
    const colleagueId = await teacherOf('t010');
    await assert.rejects(
      book(colleagueId, '16:29'),
      (error: unknown) => error instanceof SlotTaken && error.holder === 'group',
    );
    assert.equal(await count('webinars'), before + 1, 'the refused row is rolled back too');
    // From 16:30 on, the slot is free.
    const next = await book(colleagueId, '16:30');
    for (const id of [first, next]) {
      assert.equal(await createSlots(db).free('webinars', id, 1), true);
    }
    assert.equal(await createSlots(db).free('webinars', first, 1), false, 'already cancelled');
  });
});
