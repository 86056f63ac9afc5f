import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type {
  OptionalDisciplinesResponse,
  RegistrarHoldsResponse,
  RegListResponse,
  RegSemestersResponse,
  RegStreamsResponse,
  RegTeachersResponse,
  SaveRegistrationResponse,
  StreamWaitlistResponse,
  StudentSearchResponse,
  TeacherStreamsResponse,
  WaitlistJoinResponse,
  WaitlistStatusResponse,
} from '@lms/shared/contract';
import {
  STUDENT_SEARCH_LIMIT,
  STUDENT_SEARCH_MAX_LENGTH,
  STUDENT_SEARCH_MIN_LENGTH,
} from '@lms/shared/contract';
import {
  HOLD_REFUSALS,
  SEARCH_REFUSALS,
  REFUSALS,
  SLOT_REFUSALS,
  WAITLIST_CSV_HEADERS,
  windowDate,
} from '../src/areas/registration/messages.js';
import type { RegistrationEvent } from '../src/areas/registration/index.js';
import { currentAcademicYear, currentWs } from '../src/lib/calendar.js';
import { fill } from '../src/lib/messages.js';
import { registrations } from '../src/lib/metrics.js';
import { defaultOptions } from '../src/options.js';
import {
  counterValue,
  createTestApp,
  DEMO,
  envelope,
  type Client,
  type TestApp,
} from './helper.js';
import { createStudents } from './registration-helper.js';

// Waiting lists, holds and appointments (issue "Registration beyond Banner"), on the database
// DATABASE_URL names (SQLite otherwise): exact positions under concurrent joins, promotion of the
// first eligible students when seats free, skips with their reason, declines, holds and slots.

const R = '/lms/api/regfordisciplines';
const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

describe('registration waiting lists, holds and appointments', () => {
  let t: TestApp;
  const clock = { now: Date.now() };
  let student: Client;
  let teacher: Client;
  let registrar: Client;
  let studentId: number;
  let groupId: number;
  let year: number;
  let ws: 1 | 2 | 3;
  let discipline: number;
  let stream: { id_teacher: number; subgroup: number };
  /** students.id of each waiter, in the order they joined. */
  const waiters: { client: Client; studentId: number; entry: number }[] = [];
  const holders: { client: Client; registration: number }[] = [];
  const events: RegistrationEvent[] = [];

  const db = () => t.app.db.kysely;
  const term = () => ({ id_a_year: year, id_semester: ws });
  const call = (client: Client, path: string, body: unknown = {}) =>
    client.post(`${R}/${path}.json`, body);
  const data = async <T>(client: Client, path: string, body: unknown = {}): Promise<T> => {
    const response = await call(client, path, body);
    assert.equal(response.statusCode, 200, `${path}: ${response.body}`);
    return envelope<T>(response).data as T;
  };
  const choice = () => ({ ...term(), id_discipline: discipline, ...stream });
  /** A mandatory discipline of the caller's plan, not registered yet, in a stream with seats. */
  const openChoice = async (client: Client) => {
    const { plan } = await data<RegListResponse>(client, 'getreglist', term());
    for (const entry of plan.filter((p) => p.id_disciplineForStudent === null)) {
      const body = { ...term(), id_discipline: entry.id_discipline };
      for (const { id_teacher } of await data<RegTeachersResponse>(
        client,
        'getteachersforregel',
        body,
      )) {
        const streams = await data<RegStreamsResponse>(client, 'getsubgroupsforregel', {
          ...body,
          id_teacher,
        });
        const open = streams.find((s) => s.free > 0 && s.id_vid_zaniatiy === 1);
        if (open) return { ...body, id_teacher, subgroup: open.subgroup };
      }
    }
    throw new Error('no discipline with free seats');
  };
  const seats = () =>
    db()
      .selectFrom('registration_streams')
      .select(['taken', 'capacity'])
      .where('id', '=', stream.subgroup)
      .executeTakeFirstOrThrow();

  before(async () => {
    const defaults = defaultOptions();
    t = await createTestApp({ schedule: { ...defaults.schedule, clock: () => clock.now } });
    t.app.registrationEvents.subscribe((event) => events.push(event));
    const now = new Date(clock.now);
    year = currentAcademicYear(now).id_a_year;
    ws = currentWs(now);
    await db()
      .updateTable('registration_windows')
      .set({ opens_at: clock.now - DAY, closes_at: clock.now + 30 * DAY, electives: 1 })
      .where('year_id', '=', year)
      .where('ws_id', '=', ws)
      .execute();
    student = await t.login(DEMO.student);
    teacher = await t.login(DEMO.teacher);
    registrar = await t.login({ login: 'registrar', password: 'Registrar1' });
    const me = await db()
      .selectFrom('users as u')
      .innerJoin('students as s', 's.id', 'u.student_id')
      .select(['s.id', 's.group_id'])
      .where('u.login', '=', 'student')
      .executeTakeFirstOrThrow();
    studentId = me.id;
    groupId = me.group_id;
    const [elective] = await data<OptionalDisciplinesResponse>(
      student,
      'optional/disciplines',
      term(),
    );
    assert.ok(elective);
    discipline = elective.id_discipline;
    const [teacherRow] = await data<RegTeachersResponse>(student, 'optional/teachers', {
      ...term(),
      id_discipline: discipline,
    });
    assert.ok(teacherRow);
    const streams = await data<RegStreamsResponse>(student, 'optional/subgroups', {
      ...term(),
      id_discipline: discipline,
      id_teacher: teacherRow.id_teacher,
    });
    const first = streams.find((s) => s.id_vid_zaniatiy === 1);
    assert.ok(first);
    stream = { id_teacher: first.id_teacher, subgroup: first.subgroup };
    // 30 students hold the stream's last 30 seats: it is full.
    await db()
      .updateTable('registration_streams')
      .set({ capacity: first.taken + 30 })
      .where('id', '=', stream.subgroup)
      .execute();
    const people = await createStudents(t, groupId, 230, {
      login: 'wait',
      name: (i) => `Студент Очереди ${String(i).padStart(3, '0')}`,
    });
    const saved = await Promise.all(
      people.slice(0, 30).map(async ({ client }) => {
        const response = await call(client, 'saveregistration', choice());
        assert.equal(response.statusCode, 200, response.body);
        return envelope<SaveRegistrationResponse>(response).data!.id_disciplineForStudent;
      }),
    );
    people
      .slice(0, 30)
      .forEach(({ client }, i) => holders.push({ client, registration: saved[i]! }));
    const row = await seats();
    assert.equal(row.taken, row.capacity);
    waiters.push(...people.slice(30).map((p) => ({ ...p, entry: 0 })));
  });
  after(() => t.close());

  test('200 students join a full stream at once: positions 1…200, no gaps, no repeats', async () => {
    const answers = await Promise.all(
      waiters.map(({ client }) => data<WaitlistJoinResponse>(client, 'waitlist/join', choice())),
    );
    const positions = answers.map((a) => a.position).sort((a, b) => a - b);
    assert.deepEqual(
      positions,
      Array.from({ length: 200 }, (_, i) => i + 1),
    );
    answers.forEach((answer, i) => (waiters[i]!.entry = answer.id));
    // The list order is the order of the positions.
    waiters.sort(
      (a, b) => answers[waiters.indexOf(a)]!.position - answers[waiters.indexOf(b)]!.position,
    );
    const again = await call(waiters[0]!.client, 'waitlist/join', choice());
    assert.equal(again.statusCode, 409);
    assert.equal(envelope(again).error, REFUSALS.alreadyWaiting.ru);
  });

  test('the teacher and the registrar see seats, list length, the list and its CSV', async () => {
    const streams = await data<TeacherStreamsResponse>(teacher, 'teacher/streams', term());
    const mine = streams.find((s) => s.subgroup === stream.subgroup);
    assert.ok(mine);
    assert.equal(mine.free, 0);
    assert.equal(mine.waiting, 200);
    const semesters = await data<RegSemestersResponse>(registrar, 'getsemesters', {
      id_a_year: year,
    });
    assert.ok(semesters.some((s) => s.id_semester === ws));
    const all = await data<TeacherStreamsResponse>(registrar, 'teacher/streams', term());
    assert.ok(all.some((s) => s.subgroup === stream.subgroup && s.waiting === 200));
    const list = await data<StreamWaitlistResponse>(teacher, 'teacher/waitlist', {
      subgroup: stream.subgroup,
    });
    assert.equal(list.length, 200);
    assert.equal(list[0]?.id_student, waiters[0]?.studentId);
    teacher.cookies.set('lang', 'en');
    const csv = await teacher.get(`${R}/teacher/waitlist.csv?subgroup=${stream.subgroup}`);
    teacher.cookies.delete('lang');
    assert.equal(csv.statusCode, 200);
    const [header, firstRow] = csv.body.replace('\uFEFF', '').split('\r\n');
    assert.equal(header, `${WAITLIST_CSV_HEADERS.position.en};Full name;Group;Joined on`);
    assert.match(firstRow ?? '', /^1;/);
    // Students and another student's uid are refused; so is the list for a student.
    assert.equal(
      (await call(student, 'teacher/waitlist', { subgroup: stream.subgroup })).statusCode,
      403,
    );
  });

  test('a waiting student who registers in another stream of the discipline leaves the list in that save', async () => {
    const last = waiters.at(-1)!;
    const full = await db()
      .selectFrom('registration_streams')
      .selectAll()
      .where('id', '=', stream.subgroup)
      .executeTakeFirstOrThrow();
    const { id: _full, ...same } = full;
    // A second stream of the discipline, with seats: another teacher's, taught to the group.
    const other = await db()
      .selectFrom('teachers')
      .select('id')
      .where('id', '!=', full.teacher_id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const assignment = await db()
      .selectFrom('teaching_assignments')
      .selectAll()
      .where('teacher_id', '=', full.teacher_id)
      .where('discipline_id', '=', full.discipline_id)
      .where('lesson_type_id', '=', full.lesson_type_id)
      .where('year_id', '=', full.year_id)
      .where('ws_id', '=', full.ws_id)
      .where('group_id', '=', groupId)
      .executeTakeFirstOrThrow();
    const { id: _assignment, ...taught } = assignment;
    await db()
      .insertInto('teaching_assignments')
      .values({ ...taught, teacher_id: other.id })
      .execute();
    // Its stream (the seed may have one already), with a free seat.
    const existing = await db()
      .selectFrom('registration_streams')
      .select(['id', 'taken'])
      .where('teacher_id', '=', other.id)
      .where('discipline_id', '=', full.discipline_id)
      .where('lesson_type_id', '=', full.lesson_type_id)
      .where('year_id', '=', full.year_id)
      .where('ws_id', '=', full.ws_id)
      .executeTakeFirst();
    const second = existing
      ? await db()
          .updateTable('registration_streams')
          .set({ capacity: existing.taken + 1 })
          .where('id', '=', existing.id)
          .returning('id')
          .executeTakeFirstOrThrow()
      : await db()
          .insertInto('registration_streams')
          .values({
            ...same,
            teacher_id: other.id,
            name: 'Второй поток',
            name_kg: null,
            name_en: null,
            capacity: 1,
            taken: 0,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
    const saved = await call(last.client, 'saveregistration', {
      ...choice(),
      id_teacher: other.id,
      subgroup: second.id,
    });
    assert.equal(saved.statusCode, 200, saved.body);
    const row = await db()
      .selectFrom('registration_waitlist')
      .select(['status', 'reason'])
      .where('id', '=', last.entry)
      .executeTakeFirstOrThrow();
    assert.deepEqual(row, { status: 'left', reason: 'registered' });
    // Their page lists no waiting; the student before them is still 199th.
    const status = await data<WaitlistStatusResponse>(last.client, 'waitlist/status', term());
    assert.deepEqual(
      status.entries.filter((entry) => entry.status === 'waiting'),
      [],
    );
    const before = await data<WaitlistStatusResponse>(
      waiters.at(-2)!.client,
      'waitlist/status',
      term(),
    );
    assert.equal(before.entries[0]?.position, 199);
    waiters.pop();
  });

  test('30 seats freed at once promote exactly the first 30 eligible; the others are skipped with the reason', async () => {
    // The 3rd in line is over the credit limit, the 7th is on the registrar's hold.
    const third = waiters[2]!;
    const seventh = waiters[6]!;
    const other = await db()
      .selectFrom('disciplines')
      .select('id')
      .where('id', '!=', discipline)
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('discipline_registrations')
      .values({
        student_id: third.studentId,
        discipline_id: other.id,
        year_id: year,
        ws_id: ws,
        credits: 40,
        control_form_id: 1,
        is_by_plan: 0,
        created_at: clock.now,
      })
      .execute();
    await data(registrar, 'holds/set', { id_student: seventh.studentId, note: 'Library books' });
    const counted = await counterValue(registrations);

    const responses = await Promise.all(
      holders.map(({ client, registration }) =>
        call(client, 'deleteregistration', { id_disciplineForStudent: registration }),
      ),
    );
    assert.deepEqual([...new Set(responses.map((r) => r.statusCode))], [200]);

    const rows = await db()
      .selectFrom('registration_waitlist')
      .select(['student_id', 'status', 'reason'])
      .where('stream_id', '=', stream.subgroup)
      .execute();
    const status = new Map(rows.map((r) => [r.student_id, r]));
    const eligible = waiters.filter((w) => w !== third && w !== seventh).slice(0, 30);
    for (const w of eligible) assert.equal(status.get(w.studentId)?.status, 'promoted');
    assert.equal(rows.filter((r) => r.status === 'promoted').length, 30);
    // Each promotion is a registration in the metric; the skipped are not.
    assert.equal(await counterValue(registrations), counted + 30);
    assert.deepEqual(status.get(third.studentId), {
      student_id: third.studentId,
      status: 'skipped',
      reason: 'creditLimit',
    });
    assert.equal(status.get(seventh.studentId)?.reason, 'hold');
    const row = await seats();
    assert.equal(row.taken, row.capacity);
    // The promoted are registered; the events name them.
    const promoted = events.flatMap((e) => (e.kind === 'promoted' ? [e.studentId] : []));
    assert.deepEqual(new Set(promoted), new Set(eligible.map((w) => w.studentId)));

    // The skipped student reads why; the next in line moved up to position 1.
    const mine = await data<WaitlistStatusResponse>(third.client, 'waitlist/status', term());
    assert.equal(mine.entries[0]?.status, 'skipped');
    assert.match(mine.entries[0]?.reason ?? '', /Превышен лимит кредитов/);
    const next = waiters[32]!;
    const theirs = await data<WaitlistStatusResponse>(next.client, 'waitlist/status', term());
    assert.equal(theirs.entries[0]?.position, 1);
  });

  test('a promoted student declines: the seat goes to the next in line', async () => {
    const first = waiters[0]!;
    const next = waiters[32]!;
    const status = await data<WaitlistStatusResponse>(first.client, 'waitlist/status', term());
    const entry = status.entries[0];
    assert.equal(entry?.status, 'promoted');
    assert.ok(entry.id_disciplineForStudent && entry.declineUntil);
    // Another student cannot decline it.
    const theirs = await call(next.client, 'waitlist/decline', { id: entry.id });
    assert.equal(theirs.statusCode, 403);
    await data(first.client, 'waitlist/decline', { id: entry.id });
    const after = await data<WaitlistStatusResponse>(next.client, 'waitlist/status', term());
    assert.equal(after.entries[0]?.status, 'promoted');
    const registration = await db()
      .selectFrom('discipline_registrations')
      .select('id')
      .where('id', '=', entry.id_disciplineForStudent)
      .executeTakeFirst();
    assert.equal(registration, undefined);
    const row = await seats();
    assert.equal(row.taken, row.capacity);
    // Leaving the list: the one behind moves up.
    const [a, b] = [waiters[33]!, waiters[34]!];
    const aStatus = await data<WaitlistStatusResponse>(a.client, 'waitlist/status', term());
    await data(a.client, 'waitlist/leave', { id: aStatus.entries[0]!.id });
    const bStatus = await data<WaitlistStatusResponse>(b.client, 'waitlist/status', term());
    assert.equal(bStatus.entries[0]?.position, 1);
  });

  test('a raised capacity promotes the list at once', async () => {
    const row = await seats();
    await data(teacher, 'teacher/capacity', {
      subgroup: stream.subgroup,
      capacity: row.capacity + 2,
    });
    const [a, b] = [waiters[34]!, waiters[35]!];
    for (const w of [a, b]) {
      const status = await data<WaitlistStatusResponse>(w.client, 'waitlist/status', term());
      assert.equal(status.entries[0]?.status, 'promoted');
    }
    const below = await call(teacher, 'teacher/capacity', {
      subgroup: stream.subgroup,
      capacity: 0,
    });
    assert.equal(below.statusCode, 409);
    assert.equal(envelope(below).error, REFUSALS.capacityBelowTaken.ru);
    assert.equal(
      (await call(student, 'teacher/capacity', { subgroup: stream.subgroup, capacity: 999 }))
        .statusCode,
      403,
    );
  });

  test('holds: unpaid tuition and a registrar’s note block saving with the reason; paying lifts it', async () => {
    const body = await openChoice(student);

    // A tuition code of the year, unpaid.
    const tuition = await db()
      .selectFrom('payment_services')
      .select(['id', 'amount'])
      .where('code', '=', 11)
      .executeTakeFirstOrThrow();
    const code = await db()
      .insertInto('payment_codes')
      .values({
        code: `11${String(studentId).padStart(10, '0')}`,
        student_id: studentId,
        service_id: tuition.id,
        year_id: year,
        group_id: groupId,
        amount: tuition.amount,
        created_at: clock.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const held = await call(student, 'saveregistration', body);
    assert.equal(held.statusCode, 403);
    assert.equal(envelope(held).error, REFUSALS.tuitionHold.ru);
    const status = await data<WaitlistStatusResponse>(student, 'waitlist/status', term());
    assert.deepEqual(
      status.holds.map((h) => h.kind),
      ['tuition'],
    );

    await db()
      .insertInto('payments')
      .values({
        code_id: code.id,
        student_id: studentId,
        amount: tuition.amount,
        status: 'paid',
        idempotency_key: 'hold-test',
        provider: 'sandbox',
        order_ref: 'hold-test',
        provider_ref: null,
        checkout_url: null,
        receipt_no: null,
        created_at: clock.now,
        updated_at: clock.now,
        expires_at: clock.now + HOUR,
        paid_at: clock.now,
      })
      .execute();

    // The registrar's hold: set, read by the student in English, lifted.
    await data(registrar, 'holds/set', { id_student: studentId, note: 'See the dean' });
    student.cookies.set('lang', 'en');
    const english = await call(student, 'saveregistration', body);
    student.cookies.delete('lang');
    assert.equal(english.statusCode, 403);
    assert.equal(envelope(english).error, fill(HOLD_REFUSALS.hold, { note: 'See the dean' }).en);
    const holds = await data<RegistrarHoldsResponse>(registrar, 'holds/list');
    const mine = holds.find((h) => h.id_student === studentId);
    assert.ok(mine);
    // Only the registrar sets and lifts holds.
    assert.equal((await call(teacher, 'holds/lift', { id: mine.id })).statusCode, 403);
    assert.equal(
      (await call(student, 'holds/set', { id_student: studentId, note: 'x' })).statusCode,
      403,
    );
    await data(registrar, 'holds/lift', { id: mine.id });
    assert.equal((await call(student, 'saveregistration', body)).statusCode, 200);
  });

  test('an appointment refuses an early save with its time and allows it from then on', async () => {
    const classmate = waiters[100]!;
    const body = await openChoice(classmate.client);
    const group = await db()
      .selectFrom('groups')
      .select('admission_year')
      .where('id', '=', groupId)
      .executeTakeFirstOrThrow();
    const course = ((year - group.admission_year + 100) % 100) + 1;
    const opensAt = clock.now + HOUR;
    await data(registrar, 'appointments/save', {
      ...term(),
      course,
      opensAt: new Date(opensAt).toISOString(),
    });
    const early = await call(classmate.client, 'saveregistration', body);
    assert.equal(early.statusCode, 409);
    assert.equal(
      envelope(early).error,
      fill(SLOT_REFUSALS.beforeSlot, { opens: windowDate(opensAt) }).ru,
    );
    const status = await data<WaitlistStatusResponse>(classmate.client, 'waitlist/status', term());
    assert.equal(status.appointment?.open, false);
    assert.equal(status.appointment?.course, course);
    clock.now = opensAt;
    assert.equal((await call(classmate.client, 'saveregistration', body)).statusCode, 200);
    // Only the registrar sets appointments.
    assert.equal(
      (
        await call(teacher, 'appointments/save', {
          ...term(),
          course,
          opensAt: new Date().toISOString(),
        })
      ).statusCode,
      403,
    );
    // The registrar sees the semester's slots and removes one; nobody else may.
    assert.deepEqual(await data(registrar, 'appointments/list', term()), [
      { course, opensAt: new Date(opensAt).toISOString() },
    ]);
    assert.equal((await call(teacher, 'appointments/list', term())).statusCode, 403);
    assert.equal(
      (await call(student, 'appointments/remove', { ...term(), course })).statusCode,
      403,
    );
    await data(registrar, 'appointments/remove', { ...term(), course });
    assert.deepEqual(await data(registrar, 'appointments/list', term()), []);
    // A slot that is not there answers like any missing record of the area (holds/lift).
    assert.equal(
      (await call(registrar, 'appointments/remove', { ...term(), course })).statusCode,
      403,
    );
  });

  test('the registrar finds students by any case of name or group words; others and bad texts are refused', async () => {
    const search = (client: Client, query: unknown) => call(client, 'holds/students', { query });
    const found = async (query: string) => {
      const response = await search(registrar, query);
      assert.equal(response.statusCode, 200, response.body);
      return envelope<StudentSearchResponse>(response).data!;
    };
    const place = await db()
      .selectFrom('groups as g')
      .innerJoin('specialities as sp', 'sp.id', 'g.speciality_id')
      .innerJoin('faculties as f', 'f.id', 'sp.faculty_id')
      .select([
        'g.name as group',
        'g.name_en as groupEn',
        'f.name as faculty',
        'f.name_en as facultyEn',
      ])
      .where('g.id', '=', groupId)
      .executeTakeFirstOrThrow();
    // Kyrgyz letters in the name, searched in the other case (SQLite's LIKE folds ASCII only).
    const [kyrgyz] = await createStudents(t, groupId, 1, {
      login: 'search',
      name: () => 'Өмүрбекова Үмүт Ңазаровна',
    });

    assert.deepEqual(await found('  өМҮРБЕКОВА үмүт  '), {
      students: [
        {
          id_student: kyrgyz!.studentId,
          s_fio: 'Өмүрбекова Үмүт Ңазаровна',
          group: place.group,
          faculty: place.faculty,
        },
      ],
      total: 1,
    });
    // Every word must match, in any order: a surname and a number.
    const one = await found('007 очереди');
    assert.deepEqual(
      one.students.map((s) => s.s_fio),
      ['Студент Очереди 007'],
    );
    // 230 namesakes: the first STUDENT_SEARCH_LIMIT by name, and how many there are.
    const many = await found('СТУДЕНТ очереди');
    assert.equal(many.total, 230);
    assert.deepEqual(
      many.students.map((s) => s.s_fio),
      Array.from(
        { length: STUDENT_SEARCH_LIMIT },
        (_, i) => `Студент Очереди ${String(i).padStart(3, '0')}`,
      ),
    );
    // A group's name in any language finds its students, shown in the caller's language.
    registrar.cookies.set('lang', 'en');
    const byGroup = await found(place.group.toLocaleLowerCase('ru'));
    assert.equal((await found(place.groupEn!.toLocaleLowerCase('en'))).total, byGroup.total);
    registrar.cookies.delete('lang');
    assert.ok(byGroup.total >= 232, String(byGroup.total));
    assert.deepEqual(
      new Set(byGroup.students.map((s) => `${s.group} / ${s.faculty}`)),
      new Set([`${place.groupEn} / ${place.facultyEn}`]),
    );
    // Text that is a LIKE pattern elsewhere is just text here.
    assert.equal((await found('%_')).total, 0);

    // Too short or too long once trimmed: 400 in the caller's language.
    for (const [query, code, n] of [
      [' а ', 'searchTooShort', STUDENT_SEARCH_MIN_LENGTH],
      ['', 'searchTooShort', STUDENT_SEARCH_MIN_LENGTH],
      ['я'.repeat(STUDENT_SEARCH_MAX_LENGTH + 1), 'searchTooLong', STUDENT_SEARCH_MAX_LENGTH],
    ] as const) {
      for (const lang of ['ru', 'kg', 'en'] as const) {
        registrar.cookies.set('lang', lang);
        const refused = await search(registrar, query);
        assert.equal(refused.statusCode, 400, refused.body);
        assert.equal(envelope(refused).error, fill(SEARCH_REFUSALS[code], { n })[lang]);
      }
      registrar.cookies.delete('lang');
    }
    assert.equal((await found(` ${'я'.repeat(STUDENT_SEARCH_MAX_LENGTH)} `)).total, 0);
    // NUL (PostgreSQL's text cannot hold it), a wrong type, a missing field, no object: 400.
    for (const body of [{ query: 'ab\u0000c' }, { query: 5 }, {}, null]) {
      const refused = await call(registrar, 'holds/students', body);
      assert.equal(refused.statusCode, 400, `${JSON.stringify(body)}: ${refused.body}`);
    }

    // Only the registrar: a student, a teacher and a stranger are refused.
    assert.equal((await search(student, 'очереди')).statusCode, 403);
    assert.equal((await search(kyrgyz!.client, 'очереди')).statusCode, 403);
    assert.equal((await search(teacher, 'очереди')).statusCode, 403);
    const stranger = await t.client().prime();
    assert.equal((await search(stranger, 'очереди')).statusCode, 401);
  });

  test('the student search follows every change it shows: a new student, a new name, a group renamed or changed', async () => {
    const names = async (query: string) => {
      const response = await call(registrar, 'holds/students', { query });
      assert.equal(response.statusCode, 200, response.body);
      return envelope<StudentSearchResponse>(response).data!.students.map(
        (s) => `${s.s_fio} ${s.group}`,
      );
    };
    assert.deepEqual(await names('Ыдырысова'), []);
    const [newcomer] = await createStudents(t, groupId, 1, {
      login: 'newcomer',
      name: () => 'Ыдырысова Айгерим',
    });
    const { name: group } = await db()
      .selectFrom('groups')
      .select('name')
      .where('id', '=', groupId)
      .executeTakeFirstOrThrow();
    assert.deepEqual(await names('ыдырысова'), [`Ыдырысова Айгерим ${group}`]);

    const person = await db()
      .selectFrom('students')
      .select('person_id')
      .where('id', '=', newcomer!.studentId)
      .executeTakeFirstOrThrow();
    await db()
      .updateTable('persons')
      .set({ full_name: 'Ыдырысова-Асанова Айгерим' })
      .where('id', '=', person.person_id)
      .execute();
    assert.deepEqual(await names('асанова айгерим'), [`Ыдырысова-Асанова Айгерим ${group}`]);

    // Moved to a new group, then the group renamed: found by the new name only.
    const { speciality_id } = await db()
      .selectFrom('groups')
      .select('speciality_id')
      .where('id', '=', groupId)
      .executeTakeFirstOrThrow();
    const moved = await db()
      .insertInto('groups')
      .values({
        speciality_id,
        name: 'ТЕСТ-9-26',
        name_kg: null,
        name_en: null,
        admission_year: 26,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db()
      .updateTable('students')
      .set({ group_id: moved.id })
      .where('id', '=', newcomer!.studentId)
      .execute();
    assert.deepEqual(await names('айгерим тест-9'), ['Ыдырысова-Асанова Айгерим ТЕСТ-9-26']);
    await db()
      .updateTable('groups')
      .set({ name: 'ТЕСТ-8-26' })
      .where('id', '=', moved.id)
      .execute();
    assert.deepEqual(await names('айгерим тест-9'), []);
    assert.deepEqual(await names('айгерим тест-8'), ['Ыдырысова-Асанова Айгерим ТЕСТ-8-26']);
  });
});
