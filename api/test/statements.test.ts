// The electronic statement over HTTP: the journal's scores, admission, the state machine, the
// signature bound to the digest, confirmation writing the record once, a locked statement, and
// who may call each route. On both databases (DATABASE_URL).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  ABSENCE_MARK,
  type StatementDetail,
  type StatementOwnLine,
  type StatementRatingResponse,
  type StatementSummary,
  type TranscriptResponse,
} from '@lms/shared/contract';
import { STATEMENTS_MESSAGES } from '../src/areas/statements/messages.js';
import { MESSAGES } from '../src/lib/messages.js';
import {
  anotherTeacher,
  createTestApp,
  DEMO,
  envelope,
  whoAmI,
  type Client,
  type TestApp,
} from './helper.js';
import { signBody, teacherPasskey } from './statement-sign-helper.js';
import type { SoftAuthenticator } from './soft-authenticator.js';

const API = '/lms/api/statements';
const REGISTRAR = DEMO.registrar;

describe('statements', () => {
  let t: TestApp;
  let teacher: Client;
  let colleague: Client;
  let student: Client;
  let registrar: Client;
  let seeded: StatementSummary;
  let passkey: SoftAuthenticator;

  before(async () => {
    t = await createTestApp();
    teacher = await t.login(DEMO.teacher);
    student = await t.login(DEMO.student);
    registrar = await t.login(REGISTRAR);
    colleague = await anotherTeacher(t);
    passkey = await teacherPasskey(teacher);
    const list = envelope<StatementSummary[]>(
      await teacher.post(`${API}/teacher/list.json`, {}),
    ).data;
    assert.ok(list && list.length === 1, 'the seed has one statement for the demo teacher');
    seeded = list[0]!;
  });
  after(() => t.close());

  /** teacher/sign.json's body: the digest and the demo teacher's passkey over it. */
  const signed = (id: number, digest: string) => signBody(teacher, passkey, id, digest);

  const data = <T>(response: Awaited<ReturnType<Client['post']>>, status = 200): T => {
    assert.equal(response.statusCode, status, response.body);
    return envelope<T>(response).data as T;
  };
  const open = async (id: number, client = teacher) =>
    data<StatementDetail>(await client.post(`${API}/open.json`, { id }));
  const refusedWith = (
    response: Awaited<ReturnType<Client['post']>>,
    status: number,
    text: { ru: string },
  ) => {
    assert.equal(response.statusCode, status, response.body);
    assert.equal(envelope(response).error, text.ru);
  };
  const recordRows = async (statementId: number) =>
    t.app.db.kysely
      .selectFrom('transcript_grades')
      .selectAll()
      .where('statement_id', '=', statementId)
      .execute();

  /** A new statement of the demo teacher's (credit, on the seeded discipline and group). */
  const created = async (control: 'exam' | 'credit', teacherId: number) => {
    const row = await t.app.db.kysely
      .selectFrom('statements')
      .selectAll()
      .where('id', '=', seeded.id)
      .executeTakeFirstOrThrow();
    return data<StatementDetail>(
      await registrar.post(`${API}/registrar/create.json`, {
        id_discipline: row.discipline_id,
        id_group: row.group_id,
        id_teacher: teacherId,
        id_a_year: row.year_id,
        ws: row.ws_id,
        control,
        deadline: '2030-01-20',
      }),
    );
  };

  test('the seeded statement: the journal’s current score by the formula, ready to sign', async () => {
    const detail = await open(seeded.id);
    assert.equal(detail.state, 'draft');
    assert.ok(detail.lines.length > 0);
    const row = await t.app.db.kysely
      .selectFrom('statements')
      .selectAll()
      .where('id', '=', seeded.id)
      .executeTakeFirstOrThrow();
    for (const line of detail.lines) {
      const cells = await t.app.db.kysely
        .selectFrom('journal_marks as m')
        .innerJoin('journal_lessons as l', 'l.id', 'm.lesson_id')
        .select('m.otsenka')
        .where('m.student_id', '=', line.id_student)
        .where('l.discipline_id', '=', row.discipline_id)
        .where('l.group_id', '=', row.group_id)
        .where('l.year_id', '=', row.year_id)
        .where('l.ws_id', '=', row.ws_id)
        .execute();
      const grades = cells.map((c) => Number(c.otsenka)).filter((n) => Number.isFinite(n) && n > 0);
      const absent = cells.filter((c) => c.otsenka === ABSENCE_MARK).length;
      const average = grades.length ? grades.reduce((a, b) => a + b, 0) / grades.length : 0;
      const attendance = cells.length ? ((cells.length - absent) / cells.length) * 100 : 0;
      const expected = Math.min(60, Math.round((50 * average) / 5 + (10 * attendance) / 100));
      // Rounding of the average to 2 decimals may move a half by one point.
      assert.ok(
        Math.abs(line.current - expected) <= 1,
        `${line.fio}: ${line.current} vs ${expected}`,
      );
      if (line.admitted) {
        assert.notEqual(line.exam, null);
        assert.equal(line.final, line.current + line.exam!);
        assert.ok(line.letter && line.grade);
      }
    }
  });

  test('too many absences and an unpaid hold: not admitted with the reason, no points accepted', async () => {
    const statement = await created('credit', (await whoAmI(teacher)).id);
    const [first, second] = statement.lines;
    assert.ok(first && second);
    const row = await t.app.db.kysely
      .selectFrom('statements')
      .selectAll()
      .where('id', '=', statement.id)
      .executeTakeFirstOrThrow();
    // The first student missed every lesson of the discipline this semester.
    const lessons = await t.app.db.kysely
      .selectFrom('journal_lessons')
      .select('id')
      .where('discipline_id', '=', row.discipline_id)
      .where('group_id', '=', row.group_id)
      .where('year_id', '=', row.year_id)
      .where('ws_id', '=', row.ws_id)
      .execute();
    assert.ok(lessons.length > 0);
    const saved = await t.app.db.kysely
      .selectFrom('journal_marks')
      .selectAll()
      .where('student_id', '=', first.id_student)
      .where(
        'lesson_id',
        'in',
        lessons.map((l) => l.id),
      )
      .execute();
    await t.app.db.kysely
      .updateTable('journal_marks')
      .set({ otsenka: ABSENCE_MARK })
      .where('student_id', '=', first.id_student)
      .where(
        'lesson_id',
        'in',
        lessons.map((l) => l.id),
      )
      .execute();
    // The second owes tuition for the year.
    const tuition = await t.app.db.kysely
      .selectFrom('payment_services')
      .select('id')
      .where('code', '=', 11)
      .executeTakeFirstOrThrow();
    const hold = await t.app.db.kysely
      .insertInto('payment_codes')
      .values({
        code: '9911000001',
        student_id: second.id_student,
        service_id: tuition.id,
        year_id: row.year_id,
        group_id: row.group_id,
        amount: 50_000,
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      const detail = await open(statement.id);
      const a = detail.lines.find((l) => l.id_student === first.id_student)!;
      const b = detail.lines.find((l) => l.id_student === second.id_student)!;
      assert.deepEqual([a.admitted, a.reason], [false, 'absences']);
      assert.equal(a.final, a.current);
      assert.equal(a.grade, 2);
      assert.deepEqual([b.admitted, b.reason], [false, 'hold']);
      refusedWith(
        await teacher.post(`${API}/teacher/save.json`, {
          id: statement.id,
          lines: [{ id_student: b.id_student, exam: 30 }],
        }),
        400,
        STATEMENTS_MESSAGES.notAdmitted,
      );
      assert.equal(
        (await open(statement.id)).lines.find((l) => l.id_student === b.id_student)?.exam,
        null,
      );
    } finally {
      await t.app.db.kysely.deleteFrom('payment_codes').where('id', '=', hold.id).execute();
      for (const cell of saved) {
        await t.app.db.kysely
          .updateTable('journal_marks')
          .set({ otsenka: cell.otsenka })
          .where('student_id', '=', cell.student_id)
          .where('lesson_id', '=', cell.lesson_id)
          .execute();
      }
    }
  });

  test('the journey: save, sign the digest seen, confirm once into the record, lock; every illegal step refused', async () => {
    let detail = await open(seeded.id);
    const target = detail.lines.find((l) => l.admitted)!;
    // Illegal steps of a draft.
    refusedWith(
      await registrar.post(`${API}/registrar/confirm.json`, {
        id: seeded.id,
        digest: detail.digest,
      }),
      409,
      STATEMENTS_MESSAGES.wrongState,
    );
    refusedWith(
      await registrar.post(`${API}/registrar/lock.json`, { id: seeded.id }),
      409,
      STATEMENTS_MESSAGES.wrongState,
    );
    detail = data<StatementDetail>(
      await teacher.post(`${API}/teacher/save.json`, {
        id: seeded.id,
        lines: [{ id_student: target.id_student, exam: 40 }],
      }),
    );
    const line = detail.lines.find((l) => l.id_student === target.id_student)!;
    assert.equal(line.final, line.current + 40);
    // A digest the teacher did not see (an older one) is refused.
    refusedWith(
      await teacher.post(`${API}/teacher/sign.json`, await signed(seeded.id, '0'.repeat(64))),
      409,
      STATEMENTS_MESSAGES.changed,
    );
    detail = data<StatementDetail>(
      await teacher.post(`${API}/teacher/sign.json`, await signed(seeded.id, detail.digest)),
    );
    assert.equal(detail.state, 'signed');
    assert.equal(detail.signature_valid, true);
    // Signed: no more points, no second signature, no lock before confirmation.
    for (const [path, body] of [
      ['teacher/save.json', { id: seeded.id, lines: [] }],
      ['teacher/sign.json', await signed(seeded.id, detail.digest)],
    ] as const) {
      refusedWith(await teacher.post(`${API}/${path}`, body), 409, STATEMENTS_MESSAGES.wrongState);
    }
    refusedWith(
      await registrar.post(`${API}/registrar/lock.json`, { id: seeded.id }),
      409,
      STATEMENTS_MESSAGES.wrongState,
    );
    assert.equal((await recordRows(seeded.id)).length, 0);
    detail = data<StatementDetail>(
      await registrar.post(`${API}/registrar/confirm.json`, {
        id: seeded.id,
        digest: detail.digest,
      }),
    );
    assert.equal(detail.state, 'confirmed');
    const rows = await recordRows(seeded.id);
    assert.equal(rows.length, detail.lines.length);
    assert.equal(rows.find((r) => r.student_id === target.id_student)?.score, line.final);
    refusedWith(
      await registrar.post(`${API}/registrar/confirm.json`, {
        id: seeded.id,
        digest: detail.digest,
      }),
      409,
      STATEMENTS_MESSAGES.wrongState,
    );
    detail = data<StatementDetail>(
      await registrar.post(`${API}/registrar/lock.json`, { id: seeded.id }),
    );
    assert.equal(detail.state, 'locked');
    // Locked: every write refused, the record unchanged.
    for (const [client, path, body] of [
      [teacher, 'teacher/save.json', { id: seeded.id, lines: [] }],
      [teacher, 'teacher/sign.json', await signed(seeded.id, detail.digest)],
      [registrar, 'registrar/confirm.json', { id: seeded.id, digest: detail.digest }],
      [registrar, 'registrar/lock.json', { id: seeded.id }],
    ] as const) {
      refusedWith(await client.post(`${API}/${path}`, body), 409, STATEMENTS_MESSAGES.locked);
    }
    assert.equal((await recordRows(seeded.id)).length, detail.lines.length);

    // The student's own line, and the transcript shows the grade.
    const own = data<StatementOwnLine[]>(await student.post(`${API}/student/mine.json`, {}));
    const me = await whoAmI(student);
    for (const entry of own) assert.equal(entry.line.id_student, me.id);
    const mine = detail.lines.find((l) => l.id_student === me.id);
    assert.ok(mine, 'the seeded statement lists the demo student');
    {
      assert.equal(own.find((o) => o.id === seeded.id)?.line.final, mine.final);
      const transcript = data<TranscriptResponse>(
        await student.post('/lms/api/misc/transcript.json', { id_student: me.id }),
      );
      const scores = transcript.groups.flatMap((g) =>
        g.years.flatMap((y) => y.semesters.flatMap((s) => s.rows.map((r) => r.score))),
      );
      assert.ok(scores.includes(mine.final!));
    }
  });

  test('a signed statement changed behind the signature no longer verifies and is not confirmed', async () => {
    const statement = await created('exam', (await whoAmI(teacher)).id).catch(() => null);
    // The seeded exam statement holds the exam slot; a credit one was made above: use a new group.
    const id = statement?.id ?? (await anotherStatement());
    let detail = await fillAndSign(id);
    await t.app.db.kysely
      .updateTable('statement_lines')
      .set((eb) => ({ final: eb('final', '+', 1) }))
      .where('statement_id', '=', id)
      .where('admitted', '=', 1)
      .execute();
    detail = await open(id, registrar);
    assert.equal(detail.signature_valid, false);
    refusedWith(
      await registrar.post(`${API}/registrar/confirm.json`, { id, digest: detail.digest }),
      409,
      STATEMENTS_MESSAGES.tampered,
    );
    assert.equal((await recordRows(id)).length, 0);
  });

  /** A statement of the demo teacher's on another of their teachings (made by the registrar). */
  async function anotherStatement(): Promise<number> {
    const me = await whoAmI(teacher);
    const used = await t.app.db.kysely
      .selectFrom('statements')
      .select(['discipline_id', 'group_id'])
      .execute();
    const current = await t.app.db.kysely
      .selectFrom('statements')
      .select(['year_id', 'ws_id'])
      .where('id', '=', seeded.id)
      .executeTakeFirstOrThrow();
    // This semester's teaching: its grades are not in the record yet.
    const plan = await t.app.db.kysely
      .selectFrom('teaching_assignments')
      .select(['discipline_id', 'group_id', 'year_id', 'ws_id'])
      .where('teacher_id', '=', me.id)
      .where('year_id', '=', current.year_id)
      .where('ws_id', '=', current.ws_id)
      .orderBy('discipline_id')
      .orderBy('group_id')
      .execute();
    const free = plan.find(
      (p) => !used.some((u) => u.discipline_id === p.discipline_id && u.group_id === p.group_id),
    );
    assert.ok(free, 'the demo teacher teaches another discipline or group');
    return data<StatementDetail>(
      await registrar.post(`${API}/registrar/create.json`, {
        id_discipline: free.discipline_id,
        id_group: free.group_id,
        id_teacher: me.id,
        id_a_year: free.year_id,
        ws: free.ws_id,
        control: 'exam',
        deadline: '2030-01-20',
      }),
    ).id;
  }

  /** Points for every admitted student, then the teacher's signature. */
  async function fillAndSign(id: number): Promise<StatementDetail> {
    const detail = await open(id);
    const saved = data<StatementDetail>(
      await teacher.post(`${API}/teacher/save.json`, {
        id,
        lines: detail.lines
          .filter((l) => l.admitted)
          .map((l) => ({ id_student: l.id_student, exam: 25 })),
      }),
    );
    return data<StatementDetail>(
      await teacher.post(`${API}/teacher/sign.json`, await signed(id, saved.digest)),
    );
  }

  test('two registrars confirming at once: one wins, the record has each grade once', async () => {
    const id = await anotherStatement();
    const signed = await fillAndSign(id);
    const second = await t.login(REGISTRAR);
    const answers = await Promise.all(
      [registrar, second].map((client) =>
        client.post(`${API}/registrar/confirm.json`, { id, digest: signed.digest }),
      ),
    );
    assert.deepEqual(
      answers.map((a) => a.statusCode).sort(),
      [200, 409],
      answers.map((a) => a.body).join(' '),
    );
    const loser = answers.find((a) => a.statusCode === 409)!;
    assert.equal(envelope(loser).error, STATEMENTS_MESSAGES.wrongState.ru);
    assert.equal((await recordRows(id)).length, signed.lines.length);
  });

  test('who may: another teacher, a student, a plain teacher on the registrar’s routes, no session', async () => {
    const detail = await open(seeded.id);
    for (const [path, body] of [
      ['open.json', { id: seeded.id }],
      ['teacher/save.json', { id: seeded.id, lines: [] }],
      ['teacher/sign-options.json', { id: seeded.id, digest: detail.digest }],
      ['teacher/sign.json', await signed(seeded.id, detail.digest)],
    ] as const) {
      refusedWith(await colleague.post(`${API}/${path}`, body), 403, MESSAGES.forbidden);
      assert.equal((await student.post(`${API}/${path}`, body)).statusCode, 403, path);
    }
    assert.deepEqual(
      data<StatementSummary[]>(await colleague.post(`${API}/teacher/list.json`, {})),
      [],
    );
    for (const path of [
      'registrar/list.json',
      'registrar/create.json',
      'registrar/confirm.json',
      'registrar/lock.json',
    ]) {
      assert.equal((await teacher.post(`${API}/${path}`, { id: seeded.id })).statusCode, 403, path);
    }
    assert.equal((await teacher.post(`${API}/student/mine.json`, {})).statusCode, 403);
    const anonymous = await t.client().prime();
    for (const path of [
      'teacher/list.json',
      'open.json',
      'registrar/list.json',
      'student/mine.json',
    ]) {
      assert.equal((await anonymous.post(`${API}/${path}`, {})).statusCode, 401, path);
    }
    // A missing statement is refused like another's.
    refusedWith(await teacher.post(`${API}/open.json`, { id: 999_999 }), 403, MESSAGES.forbidden);
  });

  test('the registrar lists every statement with its state and deadline; an overdue draft is marked', async () => {
    await t.app.db.kysely
      .updateTable('statements')
      .set({ deadline: 1 })
      .where('state', '=', 'draft')
      .execute();
    const list = data<StatementSummary[]>(await registrar.post(`${API}/registrar/list.json`, {}));
    assert.ok(list.length >= 3);
    for (const s of list) assert.equal(s.overdue, s.state === 'draft', `${s.id}`);
  });

  test('a student’s rating: their place in the group, course and faculty; only for students', async () => {
    const rating = data<StatementRatingResponse>(
      await student.post(`${API}/student/rating.json`, {}),
    );
    assert.ok(rating.average !== null && rating.group && rating.course && rating.faculty);
    assert.ok(rating.group.of <= rating.course.of && rating.course.of <= rating.faculty.of);
    for (const place of [rating.group, rating.course, rating.faculty]) {
      assert.ok(place.place >= 1 && place.place <= place.of);
      assert.ok(place.percentile >= 0 && place.percentile < 100);
    }
    // The group's places agree with the record: the students with a higher average come first.
    assert.ok(
      rating.group.place <=
        rating.group.of - Math.round((rating.group.percentile * rating.group.of) / 100),
    );
    assert.equal((await teacher.post(`${API}/student/rating.json`, {})).statusCode, 403);
    const anonymous = await t.client().prime();
    assert.equal((await anonymous.post(`${API}/student/rating.json`, {})).statusCode, 401);
  });

  test('bad bodies are 400 with a message in the caller’s language and write nothing', async () => {
    const english = await t.login(REGISTRAR);
    english.cookies.set('lang', 'en');
    const bad = await english.post(`${API}/registrar/create.json`, {
      id_discipline: 1,
      id_group: 1,
      id_teacher: 1,
      id_a_year: 26,
      ws: 1,
      control: 'exam',
      deadline: '2030-02-31',
    });
    refusedWith(bad, 400, { ru: STATEMENTS_MESSAGES.badDeadline.en });
    const wrong = await teacher.post(`${API}/teacher/save.json`, {
      id: seeded.id,
      lines: [{ id_student: 1, exam: 41 }],
    });
    assert.equal(wrong.statusCode, 400);
  });
});
