import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { QrPayload, QrStudentsResponse, QrVisitResponse } from '@lms/shared/contract';
import { envelope, type Client } from './helper.js';
import { qrFixture, streamForLesson, studentClient, type QrFixture } from './qr-helper.js';

const VISIT = '/lms/api/qr/student/visit.json';

describe('QR attendance', () => {
  let f: QrFixture;
  let qr: QrPayload;
  /** Classmates of the demo student (same group, whole-group lesson). */
  let classmates: number[];

  const showQr = async () => {
    const response = await f.teacher.post('/lms/api/schedule/qr.json', { idShed: f.slot.id });
    assert.equal(response.statusCode, 200, response.body);
    return envelope<QrPayload>(response).data!;
  };
  const inRoom = () => ({ x: f.slot.latitude, y: f.slot.longitude, accuracy: 8 });
  const visit = (client: Client, studentId: number, extra: Record<string, unknown> = {}) =>
    client.post(VISIT, {
      idShed: f.slot.id,
      idStud: studentId,
      idAud: f.slot.roomId,
      ...inRoom(),
      token: qr.token,
      lang: 'en',
      ...extra,
    });
  /** The student's journal cells of the current QR's lesson. */
  const marks = (studentId: number) =>
    f.t.app.db.kysely
      .selectFrom('journal_marks')
      .select('student_id')
      .where('lesson_id', '=', qr.id_lesson)
      .where('student_id', '=', studentId)
      .execute();
  const classmate = async (index: number) => {
    const id = classmates[index]!;
    return { id, client: await studentClient(f.t, id) };
  };

  before(async () => {
    f = await qrFixture();
    qr = await showQr();
    const rows = await f.t.app.db.kysely
      .selectFrom('students')
      .select('id')
      .where('group_id', '=', f.slot.groupId)
      .where('id', '!=', f.studentId)
      .orderBy('id')
      .execute();
    classmates = rows.map((row) => row.id);
  });
  after(() => f.t.close());

  test('the teacher gets the spec payload with a rotating token, a code and the window', () => {
    assert.equal(qr.id, f.slot.id);
    assert.equal(qr.audid, f.slot.roomId);
    assert.equal(qr.xGps, f.slot.latitude);
    assert.equal(qr.daynum, 1);
    assert.equal(qr.timeid, 2);
    assert.match(qr.code, /^\d{6}$/);
    assert.ok(qr.rotatesAt > qr.serverTime && qr.rotatesAt - qr.serverTime <= qr.rotateMs);
    assert.ok(qr.windowStart < qr.serverTime && qr.serverTime < qr.windowEnd);
    assert.equal(qr.open, true);
    assert.ok(qr.url.startsWith('/lms/api/qr/scan?t='));
  });

  test('the server time is served', async () => {
    const response = await f.teacher.get('/lms/api/qr/time.json');
    assert.equal(envelope<{ now: number }>(response).data!.now, f.clock.now);
  });

  test('a student in the room marks the visit once; a repeat is a no-op', async () => {
    const first = await visit(f.student, f.studentId);
    assert.equal(first.statusCode, 200, first.body);
    assert.equal(envelope<QrVisitResponse>(first).data!.marked, true);
    const again = await visit(f.student, f.studentId);
    assert.equal(again.statusCode, 200, again.body);
    assert.equal(envelope<QrVisitResponse>(again).data!.marked, false);
    const cells = await f.t.app.db.kysely
      .selectFrom('journal_marks')
      .selectAll()
      .where('lesson_id', '=', qr.id_lesson)
      .where('student_id', '=', f.studentId)
      .execute();
    assert.equal(cells.length, 1);
    assert.equal(cells[0]!.source, 'qr');
    assert.equal(cells[0]!.otsenka, null);
    const list = await f.teacher.post('/lms/api/visitlog/getqrstudentslist.json', {
      id_qr: qr.id_qr,
    });
    const data = envelope<QrStudentsResponse>(list).data!;
    assert.equal(data.checkedIn, 1);
    assert.ok(data.expected >= 2);
    const me = data.students.find((s) => s.id_student === f.studentId)!;
    assert.deepEqual([me.marked, me.source], [true, 'qr']);
  });

  test("another student's id in the payload is refused (403)", async () => {
    const response = await visit(f.student, classmates[0]!);
    assert.equal(response.statusCode, 403);
  });

  test('an expired token is refused with the reason; the previous rotation is still good', async () => {
    const { id, client } = await classmate(0);
    f.clock.now += qr.rotateMs; // the next rotation: the shown token is one step old
    const graced = await visit(client, id);
    assert.equal(graced.statusCode, 200, graced.body);
    const other = await classmate(1);
    f.clock.now += 2 * qr.rotateMs;
    const expired = await visit(other.client, other.id);
    assert.equal(expired.statusCode, 400);
    assert.match(envelope(expired).error!, /expired/);
    qr = await showQr();
  });

  test('a forged or replayed-from-elsewhere token is refused', async () => {
    const { id, client } = await classmate(1);
    const forged = qr.token.slice(0, -3) + (qr.token.endsWith('AAA') ? 'BBB' : 'AAA');
    const response = await visit(client, id, { token: forged });
    assert.equal(response.statusCode, 400);
    assert.match(envelope(response).error!, /not recognised/);
    const future = await visit(client, id, { token: 'x.y.z' });
    assert.equal(future.statusCode, 400);
  });

  test('the wrong lesson and the wrong room are refused', async () => {
    const { id, client } = await classmate(1);
    const other = await f.t.app.db.kysely
      .selectFrom('schedule_lessons')
      .select(['id', 'room_id'])
      .where('id', '!=', f.slot.id)
      .where('room_id', '!=', f.slot.roomId)
      .executeTakeFirstOrThrow();
    const lesson = await visit(client, id, { idShed: other.id });
    assert.equal(lesson.statusCode, 400);
    assert.match(envelope(lesson).error!, /another lesson/);
    const room = await visit(client, id, { idAud: other.room_id });
    assert.equal(room.statusCode, 400);
    assert.match(envelope(room).error!, /another room/);
  });

  test('outside the geofence, or too imprecise, is refused with the reason in the language asked', async () => {
    const { id, client } = await classmate(1);
    const far = await visit(client, id, { x: f.slot.latitude + 0.01 });
    assert.equal(far.statusCode, 403);
    assert.match(envelope(far).error!, /not in the lesson’s room/);
    const ru = await visit(client, id, { x: f.slot.latitude + 0.01, lang: 'ru' });
    assert.match(envelope(ru).error!, /не в аудитории/);
    const kg = await visit(client, id, { x: f.slot.latitude + 0.01, lang: 'kg' });
    assert.match(envelope(kg).error!, /аудиториясында эмессиз/);
    const vague = await visit(client, id, { accuracy: 900 });
    assert.equal(vague.statusCode, 403);
    assert.match(envelope(vague).error!, /imprecise/);
    // Just outside the radius, but the reported accuracy covers the room: accepted later.
    const edge = await visit(client, id, {
      x: f.slot.latitude + (f.slot.radius + 20) / 111_195,
      accuracy: 5,
    });
    assert.equal(edge.statusCode, 403);
  });

  test('outside the lesson window is refused', async () => {
    const { id, client } = await classmate(1);
    const saved = f.clock.now;
    f.clock.now = Date.parse('2026-11-16T12:30:00+06:00');
    qr = { ...qr, token: (await showQr()).token };
    const late = await visit(client, id);
    assert.equal(late.statusCode, 409);
    assert.match(envelope(late).error!, /during the lesson/);
    f.clock.now = saved;
    qr = await showQr();
  });

  test("another group's student is refused", async () => {
    const stranger = await f.t.app.db.kysely
      .selectFrom('students as s')
      .innerJoin('users as u', 'u.student_id', 's.id')
      .select('s.id')
      .where('s.group_id', '!=', f.slot.groupId)
      .where('u.must_change_credentials', '=', 0)
      .executeTakeFirstOrThrow();
    const client = await studentClient(f.t, stranger.id);
    const response = await visit(client, stranger.id);
    assert.equal(response.statusCode, 403);
    assert.match(envelope(response).error!, /not in the group/);
  });

  test("an elective stream's lesson checks in its members only, by the QR and by the code", async () => {
    const outsider = await classmate(9);
    const member = await classmate(10);
    const stream = await streamForLesson(f.t, f.slot.id);
    try {
      await stream.join(member.id);
      const scanned = await visit(outsider.client, outsider.id);
      assert.equal(scanned.statusCode, 403, scanned.body);
      assert.match(envelope(scanned).error!, /not registered in this lesson’s stream/);
      const typed = await outsider.client.post(VISIT, {
        idStud: outsider.id,
        ...inRoom(),
        code: qr.code,
        lang: 'en',
      });
      assert.equal(typed.statusCode, 403, typed.body);
      assert.match(envelope(typed).error!, /stream/);
      assert.deepEqual(await marks(outsider.id), [], 'a refused check-in marks nothing');

      const ok = await visit(member.client, member.id);
      assert.equal(ok.statusCode, 200, ok.body);
      assert.equal((await marks(member.id)).length, 1);
    } finally {
      await stream.remove();
    }
  });

  test('one device cannot mark two students in the same lesson', async () => {
    const a = await classmate(2);
    const b = await classmate(3);
    const first = await visit(a.client, a.id);
    assert.equal(first.statusCode, 200, first.body);
    b.client.cookies.set('lms_device', a.client.cookies.get('lms_device')!);
    const second = await visit(b.client, b.id);
    assert.equal(second.statusCode, 409);
    assert.match(envelope(second).error!, /device/);
  });

  test('a closed QR refuses, a re-opened one accepts; the typed code works', async () => {
    const { id, client } = await classmate(4);
    const off = await f.teacher.post('/lms/api/schedule/qr/switch.json', {
      id_qr: qr.id_qr,
      open: false,
    });
    assert.equal(off.statusCode, 200);
    const closed = await visit(client, id);
    assert.equal(closed.statusCode, 409);
    assert.match(envelope(closed).error!, /closed/);
    await f.teacher.post('/lms/api/schedule/qr/switch.json', { id_qr: qr.id_qr, open: true });
    const wrong = await client.post(VISIT, { idStud: id, ...inRoom(), code: '000000', lang: 'en' });
    assert.equal(wrong.statusCode, qr.code === '000000' ? 200 : 400);
    const typed = await client.post(VISIT, { idStud: id, ...inRoom(), code: qr.code });
    assert.equal(typed.statusCode, 200, typed.body);
  });

  test('typed codes cannot be guessed: after five wrong ones even the right one waits', async () => {
    const { id, client } = await classmate(7);
    const { client: other, id: otherId } = await classmate(8);
    const wrongCode = qr.code === '111111' ? '222222' : '111111';
    const typed = (who: Client, studentId: number, code: string) =>
      who.post(VISIT, { idStud: studentId, ...inRoom(), code, lang: 'en' });
    for (let i = 0; i < 5; i++) {
      assert.equal((await typed(client, id, wrongCode)).statusCode, 400);
    }
    const refused = await typed(client, id, qr.code);
    assert.equal(refused.statusCode, 429, refused.body);
    assert.match(envelope(refused).error!, /Too many wrong codes/);
    assert.ok(Number(refused.headers['retry-after']) > 0);
    assert.equal((await marks(id)).length, 0, 'a refused code marks nothing');
    // Another student's count is their own.
    assert.equal((await typed(other, otherId, qr.code)).statusCode, 200);
    // After the wait the right code is checked again, and a right code forgets the wrong ones.
    f.clock.now += Number(refused.headers['retry-after']) * 1000;
    qr = await showQr();
    const after = await typed(client, id, qr.code);
    assert.equal(after.statusCode, 200, after.body);
    assert.equal((await marks(id)).length, 1);
    const left = await f.t.app.db.kysely
      .selectFrom('login_attempts')
      .select('key')
      .where('key', '=', `qrcode:${id}`)
      .execute();
    assert.deepEqual(left, []);
  });

  test('a claim made before signing in is good after the token has rotated away', async () => {
    const { id, client } = await classmate(5);
    const anonymous = f.t.client();
    await anonymous.prime();
    const claimed = await anonymous.post('/lms/api/qr/claim.json', { token: qr.token });
    assert.equal(claimed.statusCode, 200, claimed.body);
    const { claim } = envelope<{ claim: string }>(claimed).data!;
    f.clock.now += 3 * qr.rotateMs;
    // The claim is bound to the device that made it.
    const elsewhere = await visit(client, id, { token: undefined, claim });
    assert.equal(elsewhere.statusCode, 400);
    client.cookies.set('lms_device', anonymous.cookies.get('lms_device')!);
    const response = await visit(client, id, { token: undefined, claim });
    assert.equal(response.statusCode, 200, response.body);
    qr = await showQr();
  });

  test("the QR's address turns a fresh token into a claim and opens the scan screen", async () => {
    const phone = f.t.client();
    const fresh = await phone.get(qr.url);
    assert.equal(fresh.statusCode, 303);
    assert.match(
      fresh.headers.location as string,
      /^\/lms\/schedule\/scan#claim=[^&]+&s=\d+&a=\d+$/,
    );
    assert.ok(phone.cookies.get('lms_device'));
    f.clock.now += 3 * qr.rotateMs;
    const stale = await f.t.client().get(qr.url);
    assert.match(stale.headers.location as string, /#error=tokenExpired/);
    qr = await showQr();
  });

  test('the teacher marks by hand; the source is recorded; roles and owners are checked', async () => {
    const { id } = await classmate(6);
    const marked = await f.teacher.post('/lms/api/schedule/qr/mark.json', {
      id_qr: qr.id_qr,
      id_student: id,
      present: true,
    });
    assert.equal(marked.statusCode, 200, marked.body);
    const list = envelope<QrStudentsResponse>(
      await f.teacher.post('/lms/api/visitlog/getqrstudentslist.json', { id_qr: qr.id_qr }),
    ).data!;
    const row = list.students.find((s) => s.id_student === id)!;
    assert.deepEqual([row.marked, row.source], [true, 'manual']);
    assert.equal(
      (await f.student.post('/lms/api/schedule/qr.json', { idShed: f.slot.id })).statusCode,
      403,
    );
    assert.equal(
      (await f.student.post('/lms/api/visitlog/getqrstudentslist.json', { id_qr: qr.id_qr }))
        .statusCode,
      403,
    );
    const foreign = await f.t.app.db.kysely
      .selectFrom('schedule_lessons')
      .select('id')
      .where('teacher_id', '!=', (await f.t.app.repos.schedule.slot('ru', f.slot.id))!.teacherId)
      .executeTakeFirstOrThrow();
    assert.equal(
      (await f.teacher.post('/lms/api/schedule/qr.json', { idShed: foreign.id })).statusCode,
      403,
    );
  });

  test('300 students scanning at once: every valid mark is stored exactly once', async () => {
    const db = f.t.app.db.kysely;
    const now = Date.now();
    const clients: { id: number; client: Client }[] = [];
    const personIds = await db
      .insertInto('persons')
      .values(Array.from({ length: 300 }, (_, i) => ({ full_name: `Load Student ${i}` })))
      .returning('id')
      .execute();
    const studentIds = await db
      .insertInto('students')
      .values(personIds.map((p) => ({ person_id: p.id, group_id: f.slot.groupId })))
      .returning('id')
      .execute();
    await db
      .insertInto('users')
      .values(
        studentIds.map((s, i) => ({
          login: `load${i}`,
          password_hash: 'x',
          role: 2 as const,
          must_change_credentials: 0,
          news_perms: 0,
          student_id: s.id,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    for (const s of studentIds) clients.push({ id: s.id, client: await studentClient(f.t, s.id) });
    qr = await showQr();
    const started = Date.now();
    // Each student scans twice, all at the same time.
    const responses = await Promise.all(
      [...clients, ...clients].map(({ id, client }) => visit(client, id)),
    );
    const elapsed = Date.now() - started;
    assert.ok(
      responses.every((r) => r.statusCode === 200),
      responses.find((r) => r.statusCode !== 200)?.body,
    );
    const marked = responses.filter((r) => envelope<QrVisitResponse>(r).data!.marked).length;
    assert.ok(elapsed < 10_000, `took ${elapsed} ms`);
    const ids = studentIds.map((s) => s.id);
    const visits = await db
      .selectFrom('qr_visits')
      .select(['student_id'])
      .where('qr_session_id', '=', qr.id_qr)
      .where('student_id', 'in', ids)
      .execute();
    const cells = await db
      .selectFrom('journal_marks')
      .select('student_id')
      .where('lesson_id', '=', qr.id_lesson)
      .where('student_id', 'in', ids)
      .where('source', '=', 'qr')
      .execute();
    assert.equal(visits.length, 300);
    assert.equal(new Set(visits.map((v) => v.student_id)).size, 300);
    assert.equal(cells.length, 300);
    // Only one of a student's two concurrent scans reported a new mark.
    assert.equal(marked, 300);
  });
});
