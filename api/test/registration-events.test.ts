import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type {
  OptionalDisciplinesResponse,
  RegistrarHoldsResponse,
  RegStatusEvent,
  RegStreamsResponse,
  RegTeachersResponse,
  WaitlistJoinResponse,
} from '@lms/shared/contract';
import { currentAcademicYear, currentWs } from '../src/lib/calendar.js';
import { EventStream, type StreamEvent } from './event-stream.js';
import { createTestApp, DEMO, envelope, type Client, type TestApp } from './helper.js';
import { createStudents } from './registration-helper.js';

// The student's registration page hears holds, appointments and waiting-list moves live (SSE
// event `status`), each sent to the students it concerns and to nobody else, on the database
// DATABASE_URL names (SQLite otherwise).

const R = '/lms/api/regfordisciplines';
const DAY = 24 * 60 * 60 * 1000;
const SENIOR = { login: 'senior', password: 'Student1' };

const status =
  (topic: RegStatusEvent['topic']) =>
  (event: StreamEvent): boolean =>
    event.name === 'status' && (event.data as RegStatusEvent).topic === topic;

describe('registration live events: holds, appointments and waiting lists', () => {
  let t: TestApp;
  let url: string;
  let student: Client;
  let senior: Client;
  let teacher: Client;
  let registrar: Client;
  let studentId: number;
  let seniorId: number;
  let groupId: number;
  let year: number;
  let ws: 1 | 2 | 3;
  /** Two classmates of the demo student (same group, same year of study). */
  let classmates: { client: Client; studentId: number }[];
  const opened: EventStream[] = [];

  const term = () => ({ id_a_year: year, id_semester: ws });
  const data = async <T>(client: Client, path: string, body: unknown = {}): Promise<T> => {
    const response = await client.post(`${R}/${path}.json`, body);
    assert.equal(response.statusCode, 200, `${path}: ${response.body}`);
    return envelope<T>(response).data as T;
  };
  const listen = async (client: Client): Promise<EventStream> => {
    const stream = new EventStream(`${url}${R}/events`, client);
    opened.push(stream);
    assert.equal((await stream.opened).status, 200);
    return stream;
  };
  const studentOf = async (login: string) =>
    t.app.db.kysely
      .selectFrom('users as u')
      .innerJoin('students as s', 's.id', 'u.student_id')
      .select(['s.id', 's.group_id'])
      .where('u.login', '=', login)
      .executeTakeFirstOrThrow();
  const courseOfGroup = async (id: number) => {
    const group = await t.app.db.kysely
      .selectFrom('groups')
      .select('admission_year')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return ((year - group.admission_year + 100) % 100) + 1;
  };
  /** Sets a hold on the student and lifts it again (the registrar's round trip). */
  const holdAndLift = async (id: number) => {
    await data(registrar, 'holds/set', { id_student: id, note: 'Зайдите в деканат' });
    const holds = await data<RegistrarHoldsResponse>(registrar, 'holds/list');
    const hold = holds.find((h) => h.id_student === id);
    assert.ok(hold);
    await data(registrar, 'holds/lift', { id: hold.id });
  };

  before(async () => {
    t = await createTestApp();
    url = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const now = new Date();
    year = currentAcademicYear(now).id_a_year;
    ws = currentWs(now);
    await t.app.db.kysely
      .updateTable('registration_windows')
      .set({ opens_at: Date.now() - DAY, closes_at: Date.now() + 30 * DAY, electives: 1 })
      .where('year_id', '=', year)
      .where('ws_id', '=', ws)
      .execute();
    student = await t.login(DEMO.student);
    senior = await t.login(SENIOR);
    teacher = await t.login(DEMO.teacher);
    registrar = await t.login({ login: 'registrar', password: 'Registrar1' });
    const me = await studentOf(DEMO.student.login);
    studentId = me.id;
    groupId = me.group_id;
    seniorId = (await studentOf(SENIOR.login)).id;
    classmates = await createStudents(t, groupId, 2, {
      login: 'live',
      name: (i) => `Студент Живой ${i}`,
    });
  });
  after(async () => {
    for (const stream of opened) stream.close();
    await t.close();
  });

  /** Sets and removes the appointment of a year of study (the registrar's round trip). */
  const slotAndRemove = async (course: number) => {
    const opensAt = new Date(Date.now() + DAY).toISOString();
    await data(registrar, 'appointments/save', { ...term(), course, opensAt });
    await data(registrar, 'appointments/remove', { ...term(), course });
  };
  /** Waits until the stream has heard `count` events of the topic. */
  const heard = (stream: EventStream, topic: RegStatusEvent['topic'], count: number) =>
    stream.next(() => stream.events.filter(status(topic)).length >= count);

  // A stream hears the events of one bus in the order they were published: an event of another
  // topic published last shows that everything before it has arrived (or never will).

  test('a hold set and lifted reaches the held student’s page, and no other student’s', async () => {
    const held = await listen(student);
    const other = await listen(senior);
    await holdAndLift(studentId);
    await holdAndLift(seniorId);
    await slotAndRemove(await courseOfGroup(groupId));
    await slotAndRemove(await courseOfGroup((await studentOf(SENIOR.login)).group_id));
    await heard(held, 'slots', 2);
    await heard(other, 'slots', 2);
    assert.equal(held.events.filter(status('holds')).length, 2);
    assert.equal(other.events.filter(status('holds')).length, 2);
  });

  test('an appointment set and removed reaches its year of study, and not another year', async () => {
    const mine = await listen(student);
    const classmate = await listen(classmates[0]!.client);
    const other = await listen(senior);
    const course = await courseOfGroup(groupId);
    const seniorCourse = await courseOfGroup((await studentOf(SENIOR.login)).group_id);
    assert.notEqual(course, seniorCourse);
    await slotAndRemove(course);
    await heard(mine, 'slots', 2);
    await heard(classmate, 'slots', 2);
    await slotAndRemove(seniorCourse);
    await holdAndLift(studentId);
    await holdAndLift(seniorId);
    await heard(mine, 'holds', 2);
    await heard(other, 'holds', 2);
    assert.equal(mine.events.filter(status('slots')).length, 2);
    assert.equal(other.events.filter(status('slots')).length, 2);
  });

  test('leaving a waiting list moves up whoever waits behind, and tells nobody else', async () => {
    // A full elective stream: the two classmates wait on it.
    const [elective] = await data<OptionalDisciplinesResponse>(
      student,
      'optional/disciplines',
      term(),
    );
    assert.ok(elective);
    const body = { ...term(), id_discipline: elective.id_discipline };
    const [teacherRow] = await data<RegTeachersResponse>(student, 'optional/teachers', body);
    assert.ok(teacherRow);
    const streams = await data<RegStreamsResponse>(student, 'optional/subgroups', {
      ...body,
      id_teacher: teacherRow.id_teacher,
    });
    const lecture = streams.find((s) => s.id_vid_zaniatiy === 1);
    assert.ok(lecture);
    await t.app.db.kysely
      .updateTable('registration_streams')
      .set({ capacity: lecture.taken })
      .where('id', '=', lecture.subgroup)
      .execute();
    const choice = { ...body, id_teacher: teacherRow.id_teacher, subgroup: lecture.subgroup };
    const [first, second] = classmates as [
      { client: Client; studentId: number },
      { client: Client; studentId: number },
    ];
    const firstStream = await listen(first.client);
    const secondStream = await listen(second.client);
    const bystander = await listen(student);
    const joined = await data<WaitlistJoinResponse>(first.client, 'waitlist/join', choice);
    assert.equal(joined.position, 1);
    // The joining student's own pages hear it (another tab).
    await heard(firstStream, 'lists', 1);
    const behind = await data<WaitlistJoinResponse>(second.client, 'waitlist/join', choice);
    assert.equal(behind.position, 2);
    await heard(secondStream, 'lists', 1);

    await data(first.client, 'waitlist/leave', { id: joined.id });
    await heard(firstStream, 'lists', 2);
    await heard(secondStream, 'lists', 2);
    // The demo student waits on no list: nothing of it reaches their stream.
    await holdAndLift(studentId);
    await heard(bystander, 'holds', 2);
    assert.equal(bystander.events.filter(status('lists')).length, 0);

    // As it was: the second leaves too; the stream gets its seats back.
    await data(second.client, 'waitlist/leave', { id: behind.id });
    await t.app.db.kysely
      .updateTable('registration_streams')
      .set({ capacity: lecture.capacity })
      .where('id', '=', lecture.subgroup)
      .execute();
  });

  test('only a signed-in student opens the stream: a teacher 403, no session 401', async () => {
    const cookie = (client: Client) =>
      [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const asTeacher = await fetch(`${url}${R}/events`, { headers: { cookie: cookie(teacher) } });
    assert.equal(asTeacher.status, 403);
    await asTeacher.body?.cancel();
    const asRegistrar = await fetch(`${url}${R}/events`, {
      headers: { cookie: cookie(registrar) },
    });
    assert.equal(asRegistrar.status, 403);
    await asRegistrar.body?.cancel();
    const anonymous = await fetch(`${url}${R}/events`, {
      headers: { cookie: cookie(t.client()) },
    });
    assert.equal(anonymous.status, 401);
    await anonymous.body?.cancel();
  });
});
