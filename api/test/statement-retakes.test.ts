// Retake sheets over HTTP: only the registrar opens one, for one student of a confirmed
// statement; it goes draft → signed → confirmed like any statement (every illegal step refused);
// its confirmation replaces the student's grade in the record once (two registrars at once: one
// wins), the transcript shows it, and the original's line, document and verification page say
// superseded. On both databases (DATABASE_URL).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PDFParse } from 'pdf-parse';
import type {
  ReplacedGrade,
  SignedStatement,
  StatementDetail,
  StatementOwnLine,
  StatementSummary,
  TranscriptResponse,
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
type Answer = Awaited<ReturnType<Client['post']>>;

describe('statement retakes', () => {
  let t: TestApp;
  let teacher: Client;
  let colleague: Client;
  let student: Client;
  let registrar: Client;
  let passkey: SoftAuthenticator;
  let original: StatementDetail;
  let studentId: number;

  const data = <T>(response: Answer, status = 200): T => {
    assert.equal(response.statusCode, status, response.body);
    return envelope<T>(response).data as T;
  };
  const refusedWith = (response: Answer, status: number, text: { ru: string }) => {
    assert.equal(response.statusCode, status, response.body);
    assert.equal(envelope(response).error, text.ru);
  };
  const open = async (id: number, client = teacher) =>
    data<StatementDetail>(await client.post(`${API}/open.json`, { id }));
  const sign = async (id: number, digest: string) =>
    teacher.post(`${API}/teacher/sign.json`, await signBody(teacher, passkey, id, digest));
  const retake = (body: object, client = registrar) =>
    client.post(`${API}/registrar/retake.json`, { deadline: '2030-02-10', ...body });
  const MISC = '/lms/api/misc';
  const replacedOf = async (client: Client) =>
    data<ReplacedGrade[]>(await client.post(`${MISC}/transcript-replaced.json`, {}));
  /** The student's rows of the record for the original's discipline and semester. */
  const recordOf = async (id: number) => {
    const row = await t.app.db.kysely
      .selectFrom('statements')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return t.app.db.kysely
      .selectFrom('transcript_grades')
      .selectAll()
      .where('student_id', '=', studentId)
      .where('discipline_id', '=', row.discipline_id)
      .where('year_id', '=', row.year_id)
      .where('ws_id', '=', row.ws_id)
      .execute();
  };

  before(async () => {
    t = await createTestApp();
    teacher = await t.login(DEMO.teacher);
    student = await t.login(DEMO.student);
    registrar = await t.login(DEMO.registrar);
    colleague = await anotherTeacher(t);
    passkey = await teacherPasskey(teacher);
    studentId = (await whoAmI(student)).id;
    const [seeded] = data<StatementSummary[]>(await teacher.post(`${API}/teacher/list.json`, {}));
    assert.ok(seeded, 'the seed has a statement for the demo teacher');
    original = await open(seeded.id);
    const line = original.lines.find((l) => l.id_student === studentId);
    assert.ok(line?.admitted, 'the demo student is admitted on the seeded statement');
  });
  after(() => t.close());

  test('no retake of a statement not yet confirmed, nor by anyone but the registrar', async () => {
    const body = { id: original.id, id_student: studentId };
    refusedWith(await retake(body), 409, STATEMENTS_MESSAGES.notConfirmed);
    refusedWith(await retake(body, teacher), 403, MESSAGES.forbidden);
    refusedWith(await retake(body, colleague), 403, MESSAGES.forbidden);
    assert.equal((await retake(body, student)).statusCode, 403);
    const anonymous = await t.client().prime();
    assert.equal((await retake(body, anonymous)).statusCode, 401);
    // The original, signed and confirmed (its grades go into the record).
    const signed = data<StatementDetail>(await sign(original.id, original.digest));
    original = data<StatementDetail>(
      await registrar.post(`${API}/registrar/confirm.json`, {
        id: original.id,
        digest: signed.digest,
      }),
    );
    assert.equal(original.state, 'confirmed');
    assert.equal((await recordOf(original.id)).length, 1);
  });

  test('a retake sheet: opened for one student, filled, signed and confirmed once; it supersedes', async () => {
    const before = original.lines.find((l) => l.id_student === studentId)!;
    // Refused: a student not on it, a teacher who does not teach the group, a bad deadline.
    const stranger = await t.app.db.kysely
      .selectFrom('students')
      .select('id')
      .where(
        'id',
        'not in',
        original.lines.map((l) => l.id_student),
      )
      .executeTakeFirstOrThrow();
    refusedWith(
      await retake({ id: original.id, id_student: stranger.id }),
      400,
      STATEMENTS_MESSAGES.notOnStatement,
    );
    refusedWith(
      await retake({
        id: original.id,
        id_student: studentId,
        id_teacher: (await whoAmI(colleague)).id,
      }),
      400,
      STATEMENTS_MESSAGES.notTeaching,
    );
    refusedWith(
      await retake({ id: original.id, id_student: studentId, deadline: '2030-02-31' }),
      400,
      STATEMENTS_MESSAGES.badDeadline,
    );

    let sheet = data<StatementDetail>(await retake({ id: original.id, id_student: studentId }));
    assert.equal(sheet.retake_of, original.id);
    assert.equal(sheet.state, 'draft');
    assert.deepEqual(
      sheet.lines.map((l) => l.id_student),
      [studentId],
    );
    // One sheet under way per student; none of a retake sheet.
    refusedWith(
      await retake({ id: original.id, id_student: studentId }),
      409,
      STATEMENTS_MESSAGES.retakeOpen,
    );
    refusedWith(
      await retake({ id: sheet.id, id_student: studentId }),
      400,
      STATEMENTS_MESSAGES.retakeOfRetake,
    );
    // Only its teacher of record writes it; a student reads none of it.
    for (const [path, body] of [
      ['open.json', { id: sheet.id }],
      ['teacher/save.json', { id: sheet.id, lines: [] }],
      ['teacher/sign-options.json', { id: sheet.id, digest: sheet.digest }],
    ] as const) {
      refusedWith(await colleague.post(`${API}/${path}`, body), 403, MESSAGES.forbidden);
      assert.equal((await student.post(`${API}/${path}`, body)).statusCode, 403, path);
    }
    // Illegal steps of a draft: confirm, lock, sign without the points.
    refusedWith(
      await registrar.post(`${API}/registrar/confirm.json`, { id: sheet.id, digest: sheet.digest }),
      409,
      STATEMENTS_MESSAGES.wrongState,
    );
    refusedWith(
      await registrar.post(`${API}/registrar/lock.json`, { id: sheet.id }),
      409,
      STATEMENTS_MESSAGES.wrongState,
    );
    refusedWith(await sign(sheet.id, sheet.digest), 400, STATEMENTS_MESSAGES.missingExam);

    const exam = before.exam === 40 ? 10 : 40;
    sheet = data<StatementDetail>(
      await teacher.post(`${API}/teacher/save.json`, {
        id: sheet.id,
        lines: [{ id_student: studentId, exam }],
      }),
    );
    const retaken = sheet.lines[0]!;
    assert.notEqual(retaken.final, before.final);
    sheet = data<StatementDetail>(await sign(sheet.id, sheet.digest));
    assert.equal(sheet.state, 'signed');
    assert.equal(sheet.signature_valid, true);
    refusedWith(
      await teacher.post(`${API}/teacher/save.json`, { id: sheet.id, lines: [] }),
      409,
      STATEMENTS_MESSAGES.wrongState,
    );

    // Two registrars confirm at once: one wins; the record keeps one row, the retake's grade.
    const second = await t.login(DEMO.registrar);
    const answers = await Promise.all(
      [registrar, second].map((client) =>
        client.post(`${API}/registrar/confirm.json`, { id: sheet.id, digest: sheet.digest }),
      ),
    );
    assert.deepEqual(
      answers.map((a) => a.statusCode).sort(),
      [200, 409],
      answers.map((a) => a.body).join(' '),
    );
    const rows = await recordOf(original.id);
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.score, retaken.final);
    assert.equal(rows[0]!.statement_id, sheet.id);
    // The confirmed original never changed: a confirmed sheet refuses the teacher's writes.
    refusedWith(
      await teacher.post(`${API}/teacher/save.json`, { id: original.id, lines: [] }),
      409,
      STATEMENTS_MESSAGES.wrongState,
    );

    // The original's line is superseded, with the history of both grades.
    const now = await open(original.id, registrar);
    const line = now.lines.find((l) => l.id_student === studentId)!;
    assert.equal(line.final, before.final, 'the original line keeps its grade');
    assert.equal(line.superseded_by, sheet.id);
    assert.ok(now.lines.filter((l) => l.id_student !== studentId).every((l) => !l.superseded_by));
    assert.deepEqual(
      now.history.map((h) => [h.id, h.retake, h.final, h.superseded_by]),
      [
        [original.id, false, before.final, sheet.id],
        [sheet.id, true, retaken.final, null],
      ],
    );
    assert.deepEqual((await open(sheet.id)).history, now.history);

    // The student's transcript shows the retake's grade; their lines show both sheets.
    const transcript = data<TranscriptResponse>(
      await student.post('/lms/api/misc/transcript.json', { id_student: studentId }),
    );
    const scores = transcript.groups.flatMap((g) =>
      g.years.flatMap((y) => y.semesters.flatMap((s) => s.rows.map((r) => r.score))),
    );
    assert.ok(scores.includes(retaken.final!), `${retaken.final} in ${scores.join(',')}`);
    // Beside it, the grade it replaced: the original's, confirmed on its day, replaced today.
    const replaced = await replacedOf(student);
    assert.equal(replaced.length, 1, JSON.stringify(replaced));
    const [note] = replaced;
    assert.equal(note!.score, before.final);
    assert.equal(note!.code_discipline.length > 0, true);
    assert.equal(note!.id_a_year, original.id_a_year);
    assert.equal(note!.ws_sort, original.ws);
    assert.match(note!.date, /^\d{4}-\d{2}-\d{2}$/);
    assert.ok(note!.replaced_on >= note!.date);
    const row = transcript.groups
      .filter((g) => g.id_group === note!.id_group)
      .flatMap((g) => g.years.filter((y) => y.id_a_year === note!.id_a_year))
      .flatMap((y) => y.semesters.filter((s) => s.ws_sort === note!.ws_sort))
      .flatMap((s) => s.rows)
      .find((r) => r.code_discipline === note!.code_discipline);
    assert.equal(row?.score, retaken.final, 'the note names the row with the new grade');
    // The transcript's PDF prints the same note under the row, in the reader's language.
    for (const [lang, words] of [
      ['en', 'Retake grade of'],
      ['ru', 'Оценка пересдачи от'],
      ['kg', 'кайра тапшыруунун баасы'],
    ] as const) {
      student.cookies.set('lang', lang);
      const file = await student.post(`${MISC}/transcript.file`, { id_student: studentId });
      assert.equal(file.statusCode, 200, file.body);
      const parser = new PDFParse({ data: new Uint8Array(file.rawPayload) });
      const text = (await parser.getText()).text.replace(/\s+/g, ' ');
      await parser.destroy();
      assert.ok(text.includes(words), `${lang}: ${text}`);
      assert.ok(text.includes(`${note!.score} (${note!.grade}, ${note!.ekv_bukv})`), lang);
    }
    student.cookies.delete('lang');
    // Only the student's own: another id, a teacher, the registrar are refused.
    assert.equal(
      (await student.post(`${MISC}/transcript-replaced.json`, { id_student: studentId + 1 }))
        .statusCode,
      403,
    );
    assert.equal((await teacher.post(`${MISC}/transcript-replaced.json`, {})).statusCode, 403);
    assert.equal((await registrar.post(`${MISC}/transcript-replaced.json`, {})).statusCode, 403);
    const own = data<StatementOwnLine[]>(await student.post(`${API}/student/mine.json`, {}));
    assert.equal(own.find((o) => o.id === original.id)?.line.superseded_by, sheet.id);
    assert.equal(own.find((o) => o.id === sheet.id)?.line.final, retaken.final);

    // The teacher's documents and the original's public page say superseded, linking the newer.
    const documents = data<SignedStatement[]>(await teacher.post(`${API}/teacher/signed.json`, {}));
    const old = documents.find((d) => d.id === original.id)!;
    const newer = documents.find((d) => d.id === sheet.id)!;
    assert.equal(old.superseded_by, sheet.id);
    assert.equal(old.superseded_url, newer.verify_url);
    assert.equal(newer.superseded_by, null);
    const reader = t.client();
    const path = (url: string) => new URL(url).pathname;
    for (const [lang, text] of [
      ['en', 'Some students’ grades are superseded by a newer sheet'],
      ['ru', 'Оценки некоторых студентов заменены более новой ведомостью'],
      ['kg', 'Айрым студенттердин баалары жаңы ведомость менен алмаштырылган'],
    ] as const) {
      const page = await reader.get(`${path(old.verify_url)}?lang=${lang}`);
      assert.equal(page.statusCode, 200);
      assert.ok(page.body.includes(text), lang);
      assert.ok(page.body.includes(`${path(newer.verify_url)}?lang=${lang}`), 'links the newer');
    }
    const page = await reader.get(`${path(newer.verify_url)}?lang=en`);
    assert.ok(!page.body.includes('data-testid="verify-superseded"'));
    assert.match(page.body, /Retake sheet of statement/);
  });

  test('a second retake supersedes the first; the record still holds one row', async () => {
    const [first] = (await open(original.id, registrar)).history.filter((h) => h.retake);
    assert.ok(first);
    const sheet = data<StatementDetail>(await retake({ id: original.id, id_student: studentId }));
    const saved = data<StatementDetail>(
      await teacher.post(`${API}/teacher/save.json`, {
        id: sheet.id,
        lines: [{ id_student: studentId, exam: 20 }],
      }),
    );
    const signed = data<StatementDetail>(await sign(sheet.id, saved.digest));
    data<StatementDetail>(
      await registrar.post(`${API}/registrar/confirm.json`, {
        id: sheet.id,
        digest: signed.digest,
      }),
    );
    const firstNow = await open(first.id);
    assert.equal(firstNow.lines[0]!.superseded_by, sheet.id);
    assert.equal(
      (await open(original.id, registrar)).lines.find((l) => l.id_student === studentId)
        ?.superseded_by,
      sheet.id,
    );
    const rows = await recordOf(original.id);
    assert.deepEqual(
      rows.map((r) => [r.score, r.statement_id]),
      [[saved.lines[0]!.final, sheet.id]],
    );
    // The transcript's note names the grade the second retake replaced: the first retake's.
    const replaced = await replacedOf(student);
    assert.deepEqual(
      replaced.map((r) => r.score),
      [first.final],
    );
  });
  test("the registrar chooses the retake sheet's teacher among who teach the group; that teacher fills and signs it", async () => {
    const colleagueId = (await whoAmI(colleague)).id;
    const teacherId = (await whoAmI(teacher)).id;
    const choices = (client: Client, id = original.id) =>
      client.post(`${API}/registrar/retake-teachers.json`, { id });
    // Only the registrar asks; a statement that does not exist is not found.
    refusedWith(await choices(teacher), 403, MESSAGES.forbidden);
    assert.equal((await choices(student)).statusCode, 403);
    assert.equal((await choices(registrar, 999_999)).statusCode, 404);
    type Choice = { id_teacher: number; fio: string };
    const before = data<Choice[]>(await choices(registrar));
    assert.equal(before[0]?.id_teacher, teacherId, "the original's teacher first");
    assert.ok(!before.some((c) => c.id_teacher === colleagueId));
    // Not a teacher of the group (nor anyone's id): refused, and nothing is opened.
    const count = async () =>
      Number(
        (
          await t.app.db.kysely
            .selectFrom('statements')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const sheets = await count();
    for (const id_teacher of [colleagueId, 999_999]) {
      refusedWith(
        await retake({ id: original.id, id_student: studentId, id_teacher }),
        400,
        STATEMENTS_MESSAGES.notTeaching,
      );
    }
    assert.equal(await count(), sheets);

    // The colleague is given a lesson of the group's discipline: now they may take the retake.
    const row = await t.app.db.kysely
      .selectFrom('statements')
      .selectAll()
      .where('id', '=', original.id)
      .executeTakeFirstOrThrow();
    const lesson = await t.app.db.kysely
      .selectFrom('teaching_assignments')
      .selectAll()
      .where('teacher_id', '=', teacherId)
      .where('discipline_id', '=', row.discipline_id)
      .where('group_id', '=', row.group_id)
      .where('year_id', '=', row.year_id)
      .where('ws_id', '=', row.ws_id)
      .executeTakeFirstOrThrow();
    const { id: _id, ...copy } = lesson;
    await t.app.db.kysely
      .insertInto('teaching_assignments')
      .values({ ...copy, teacher_id: colleagueId })
      .execute();
    const after = data<Choice[]>(await choices(registrar));
    assert.equal(after[0]?.id_teacher, teacherId);
    const chosen = after.find((c) => c.id_teacher === colleagueId);
    assert.ok(chosen, 'the colleague is offered');

    let sheet = data<StatementDetail>(
      await retake({ id: original.id, id_student: studentId, id_teacher: colleagueId }),
    );
    assert.equal(sheet.teacher, chosen.fio);
    // The chosen teacher fills it in and signs it; the original's teacher no longer may.
    for (const [path, body] of [
      ['open.json', { id: sheet.id }],
      ['teacher/save.json', { id: sheet.id, lines: [] }],
      ['teacher/sign-options.json', { id: sheet.id, digest: sheet.digest }],
    ] as const) {
      refusedWith(await teacher.post(`${API}/${path}`, body), 403, MESSAGES.forbidden);
    }
    sheet = data<StatementDetail>(
      await colleague.post(`${API}/teacher/save.json`, {
        id: sheet.id,
        lines: [{ id_student: studentId, exam: 30 }],
      }),
    );
    const theirs = data<StatementSummary[]>(await colleague.post(`${API}/teacher/list.json`, {}));
    assert.ok(
      theirs.some((s) => s.id === sheet.id),
      "on the chosen teacher's list",
    );
    const phone = await teacherPasskey(colleague);
    sheet = data<StatementDetail>(
      await colleague.post(
        `${API}/teacher/sign.json`,
        await signBody(colleague, phone, sheet.id, sheet.digest),
      ),
    );
    assert.equal(sheet.state, 'signed');
    assert.equal(sheet.signature_valid, true);
  });
});
