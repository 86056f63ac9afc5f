// Around the call: in the embedded room a student raises and lowers their hand (everyone in the
// room hears the hands in the order raised) and the people in the room chat (checked and relayed
// by the server; others refused). Afterwards the webinar's teacher marks the students who joined
// as present on the journal lesson of the webinar's group and discipline on its date (made when
// missing); asked again it writes nothing more, and a mark the teacher gave by hand stays. Only
// the webinar's own teacher may; not before it opens, not for a cancelled one, not with nobody
// joined. On SQLite, and on PostgreSQL when DATABASE_URL names one.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  ABSENCE_MARK,
  WEBINAR_CHAT_MAX_LENGTH,
  type JournalResponse,
  type Webinar,
  type WebinarChatMessage,
  type WebinarHand,
  type WebinarJournalResponse,
} from '@lms/shared/contract';
import { WEBINARS_MESSAGES } from '../src/areas/webinars/messages.js';
import { campusFixture, inEnglish, type CampusFixture } from './campus-helper.js';
import { envelope, whoAmI, type Client } from './helper.js';
import { DEMO_LESSON_NOW } from './qr-helper.js';
import { EventStream, type StreamEvent } from './event-stream.js';

const API = '/lms/api/webinars';
const VISITLOG = '/lms/api/visitlog';

describe('webinars: the joiners marked in the journal', () => {
  let c: CampusFixture;
  let second: Client;
  let secondId: number;
  let thirdId: number;
  let outsider: Client;
  let baseUrl: string;
  before(async () => {
    c = await campusFixture(API);
    const { f } = c;
    const others = await f.t.app.db.kysely
      .selectFrom('users as u')
      .innerJoin('students as s', 's.id', 'u.student_id')
      .select(['u.login', 's.id'])
      .where('s.group_id', '=', f.slot.groupId)
      .where('s.id', '!=', f.studentId)
      .where('u.login', '!=', 'newstudent')
      .orderBy('s.id')
      .limit(2)
      .execute();
    assert.equal(others.length, 2, 'the demo group has other students');
    second = await f.t.login({ login: others[0]!.login, password: 'Student1' });
    secondId = others[0]!.id;
    thirdId = others[1]!.id;
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
  after(() => c.f.t.close());

  const schedule = async (start: string, duration = 60) => {
    const response = await c.f.teacher.post(`${API}/schedule.json`, {
      id_group: c.choice.id_group,
      id_discipline: c.choice.id_discipline,
      start,
      duration,
    });
    assert.equal(response.statusCode, 200, response.body);
    return envelope<Webinar>(response).data!;
  };
  const mark = (client: Client, id: number) => inEnglish(client, `${API}/journal.json`, { id });
  const marked = async (id: number) => {
    const response = await mark(c.f.teacher, id);
    assert.equal(response.statusCode, 200, response.body);
    return envelope<WebinarJournalResponse>(response).data!;
  };

  test('refused: other roles, another teacher, a missing webinar, bad input, not open yet, nobody joined, cancelled; nothing written', async () => {
    const { f, colleague, registrar, count } = c;
    const later = await schedule('2026-11-16T15:00');
    const open = await schedule('2026-11-16T09:45', 15);
    const lessons = await count('journal_lessons');
    const marks = await count('journal_marks');

    const notYet = await mark(f.teacher, later.id);
    assert.equal(notYet.statusCode, 409);
    assert.equal(envelope(notYet).error, WEBINARS_MESSAGES.journalNotYet.en);
    const nobody = await mark(f.teacher, open.id);
    assert.equal(nobody.statusCode, 409);
    assert.equal(envelope(nobody).error, WEBINARS_MESSAGES.noneJoined.en);

    assert.equal((await f.student.post(`${API}/join.json`, { id: open.id })).statusCode, 200);
    for (const client of [f.student, registrar, colleague]) {
      assert.equal((await mark(client, open.id)).statusCode, 403);
    }
    assert.equal((await mark(f.teacher, 99_999)).statusCode, 403);
    for (const body of [{}, { id: 'x' }, { id: 0 }, { id: -1 }]) {
      const bad = await f.teacher.post(`${API}/journal.json`, body);
      assert.equal(bad.statusCode, 400, JSON.stringify(body));
    }
    assert.equal(await count('journal_lessons'), lessons);
    assert.equal(await count('journal_marks'), marks);
    // The embedded room records nothing: no recordings, and the screen says so.
    const recordings = await f.student.post(`${API}/recordings.json`, { id: open.id });
    assert.deepEqual(envelope(recordings).data, { engine: 'embedded', recordings: [] });
    assert.equal(
      (await c.colleague.post(`${API}/recordings.json`, { id: open.id })).statusCode,
      403,
    );

    assert.equal((await f.teacher.post(`${API}/cancel.json`, { id: open.id })).statusCode, 200);
    const cancelled = await mark(f.teacher, open.id);
    assert.equal(cancelled.statusCode, 409);
    assert.equal(envelope(cancelled).error, WEBINARS_MESSAGES.cancelled.en);
    assert.equal(await count('journal_marks'), marks);
    await f.teacher.post(`${API}/cancel.json`, { id: later.id });
  });

  test('the joiners are present on the journal lesson; asked again nothing more is written; a hand mark stays', async () => {
    const { f, count } = c;
    const webinar = await schedule('2026-11-16T10:00', 40);
    f.clock.now = DEMO_LESSON_NOW + 10 * 60_000; // 09:50: open
    assert.equal((await f.student.post(`${API}/join.json`, { id: webinar.id })).statusCode, 200);

    const first = await marked(webinar.id);
    assert.deepEqual([first.marked, first.joined, first.date], [1, 1, '2026-11-16']);
    // The period containing 10:00, from the schedule's own periods.
    const periods = await f.t.app.db.kysely
      .selectFrom('lesson_times')
      .select(['id', 'start_time', 'end_time'])
      .execute();
    const containing = periods.find((p) => p.start_time <= '10:00' && '10:00' < p.end_time);
    assert.equal(first.id_time, containing?.id);
    const lesson = await f.t.app.db.kysely
      .selectFrom('journal_lessons')
      .selectAll()
      .where('id', '=', first.id_lesson)
      .executeTakeFirstOrThrow();
    assert.deepEqual(
      [lesson.discipline_id, lesson.group_id, lesson.lesson_date, lesson.lesson_type_id],
      [webinar.id_discipline, webinar.id_group, '2026-11-16', first.id_vid_zaniatiy],
    );

    // The teacher marks the second student absent by hand; then they join after all.
    const hand = await f.teacher.post(`${VISITLOG}/studentvisitupdate.json`, {
      id_lesson: first.id_lesson,
      id_student: secondId,
      otsenka: ABSENCE_MARK,
    });
    assert.equal(hand.statusCode, 200, hand.body);
    assert.equal((await second.post(`${API}/join.json`, { id: webinar.id })).statusCode, 200);
    const marks = await count('journal_marks');
    const again = await marked(webinar.id);
    assert.deepEqual(
      [again.marked, again.joined, again.id_lesson],
      [0, 2, first.id_lesson],
      'nobody new: the first joiner is present already, the hand mark stays',
    );
    const third = await marked(webinar.id);
    assert.equal(third.marked, 0);
    assert.equal(await count('journal_marks'), marks);

    // The journal shows it: present (no mark), the hand absence, a student who never joined unlisted.
    const journal = await f.teacher.post(`${VISITLOG}/getjournal.json`, {
      year: f.slot.yearId,
      ws: f.slot.ws,
      id_discipline: webinar.id_discipline,
      id_group: webinar.id_group,
      id_vid_zaniatiy: first.id_vid_zaniatiy,
    });
    assert.equal(journal.statusCode, 200, journal.body);
    const grid = envelope<JournalResponse>(journal).data!;
    assert.ok(grid.lessons.some((l) => l.id_lesson === first.id_lesson && l.own));
    const cell = (id: number) =>
      grid.rows.find((row) => row.id_student === id)?.marks[String(first.id_lesson)];
    assert.equal(cell((await whoAmI(f.student)).id), null);
    assert.equal(cell(secondId), ABSENCE_MARK);
    assert.equal(cell(thirdId), undefined);
    f.clock.now = DEMO_LESSON_NOW;
  });

  test('the room: a student raises and lowers a hand, heard in the order raised; the room chats; others refused', async () => {
    const { f, registrar } = c;
    const webinar = await schedule('2026-11-16T10:40', 20);
    f.clock.now = DEMO_LESSON_NOW + 60 * 60_000; // 10:40: open
    const open = (client: Client) =>
      new EventStream(`${baseUrl}${API}/events?id=${webinar.id}`, client);
    const hands = (event: StreamEvent) => (event.data as { hands: WebinarHand[] }).hands;
    const ids = {
      student: (await whoAmI(f.student)).uid,
      second: (await whoAmI(second)).uid,
    };
    const teacher = open(f.teacher);
    await teacher.next((e) => e.name === 'welcome');
    const student = open(f.student);
    await student.next((e) => e.name === 'welcome');
    const other = open(second);
    await other.next((e) => e.name === 'welcome');
    const hand = (client: Client, raised: unknown) =>
      inEnglish(client, `${API}/hand.json`, { id: webinar.id, raised });
    const order = (event: StreamEvent) =>
      hands(event)
        .map((h) => h.id)
        .join(',');

    assert.equal((await hand(f.student, true)).statusCode, 200);
    f.clock.now += 1000;
    const both = await hand(second, true);
    assert.deepEqual(
      envelope<{ hands: WebinarHand[] }>(both).data!.hands.map((h) => h.id),
      [ids.student, ids.second],
    );
    await teacher.next((e) => e.name === 'hands' && order(e) === `${ids.student},${ids.second}`);
    // Raised again: the place is kept. Lowered: the other stays.
    await hand(f.student, true);
    const lowered = await hand(f.student, false);
    assert.deepEqual(
      envelope<{ hands: WebinarHand[] }>(lowered).data!.hands.map((h) => h.id),
      [ids.second],
    );
    await teacher.next((e) => e.name === 'hands' && order(e) === `${ids.second}`);

    for (const client of [f.teacher, registrar]) {
      assert.equal((await hand(client, true)).statusCode, 403);
    }
    const outside = await hand(outsider, true);
    assert.equal(outside.statusCode, 409);
    assert.equal(envelope(outside).error, WEBINARS_MESSAGES.notInRoom.en);
    assert.equal((await hand(f.student, 'yes')).statusCode, 400);

    const say = (client: Client, text: unknown) =>
      inEnglish(client, `${API}/chat.json`, { id: webinar.id, text });
    const said = await say(f.student, '  Can you repeat the last slide?  ');
    assert.equal(said.statusCode, 200, said.body);
    const message = envelope<WebinarChatMessage>(said).data!;
    assert.equal(message.text, 'Can you repeat the last slide?');
    assert.equal(message.from, ids.student);
    const heard = await teacher.next((e) => e.name === 'chat');
    assert.deepEqual(heard.data, message);
    assert.equal((await say(f.teacher, 'Yes.')).statusCode, 200);
    await other.next((e) => e.name === 'chat' && (e.data as WebinarChatMessage).text === 'Yes.');
    const blank = await say(f.student, '   ');
    assert.equal(blank.statusCode, 400);
    assert.equal(envelope(blank).error, WEBINARS_MESSAGES.emptyMessage.en);
    for (const text of ['', 'x'.repeat(WEBINAR_CHAT_MAX_LENGTH + 1), 5]) {
      assert.equal((await say(f.student, text)).statusCode, 400);
    }
    assert.equal((await say(f.student, 'x'.repeat(WEBINAR_CHAT_MAX_LENGTH))).statusCode, 200);
    const outsiderSays = await say(outsider, 'hello');
    assert.equal(outsiderSays.statusCode, 409);
    assert.equal((await say(registrar, 'hello')).statusCode, 409);

    // Leaving lowers the hand; coming back, the chat so far is there.
    other.close();
    await teacher.next((e) => e.name === 'hands' && hands(e).length === 0);
    const back = open(second);
    const welcome = await back.next((e) => e.name === 'welcome');
    const chat = (welcome.data as { chat: WebinarChatMessage[] }).chat;
    assert.deepEqual(
      chat.map((m) => m.text.slice(0, 10)),
      ['Can you re', 'Yes.', 'xxxxxxxxxx'],
    );
    for (const stream of [back, student, teacher]) stream.close();
    f.clock.now = DEMO_LESSON_NOW;
    await f.teacher.post(`${API}/cancel.json`, { id: webinar.id });
  });
});
