// Course evaluations over HTTP: the office builds and opens a questionnaire, students answer once
// per discipline × teacher, teachers see only their own results and only above the threshold,
// and the database cannot join an answer to a student (docs/security.md).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  QUESTIONNAIRES_ENDPOINTS,
  type EvaluationFormResponse,
  type EvaluationResult,
  type QuestionnaireRatesResponse,
  type QuestionnaireSummary,
  type WaitingEvaluation,
} from '@lms/shared/contract';
import { sql } from 'kysely';
import { ANSWER_MESSAGES, DRAFT_MESSAGES } from '../src/areas/questionnaires/messages.js';
import { MESSAGES } from '../src/lib/messages.js';
import { createTestApp, DEMO, envelope, whoAmI, type Client, type TestApp } from './helper.js';

const url = (endpoint: { path: string }) => `/lms${endpoint.path}`;
const API = QUESTIONNAIRES_ENDPOINTS;
const REGISTRAR = { login: 'registrar', password: 'Registrar1' };
const t3 = (text: string) => ({ kg: `${text} kg`, ru: `${text} ru`, en: `${text} en` });

describe('questionnaires', () => {
  let t: TestApp;
  let office: Client;
  let teacher: Client;
  let student: Client;
  before(async () => {
    t = await createTestApp();
    office = await t.login(REGISTRAR);
    teacher = await t.login(DEMO.teacher);
    student = await t.login(DEMO.student);
  });
  after(() => t.close());

  const db = () => t.app.db.kysely;
  const count = async (
    table:
      | 'questionnaires'
      | 'questionnaire_respondents'
      | 'questionnaire_answers'
      | 'questionnaire_sealed'
      | 'questionnaire_targets',
  ) =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const data = async <T>(client: Client, endpoint: { path: string }, body: unknown = {}) => {
    const response = await client.post(url(endpoint), body);
    assert.equal(response.statusCode, 200, response.body);
    return envelope<T>(response).data as T;
  };
  const loginOf = async (column: 'student_id' | 'teacher_id', id: number) => {
    const row = await db()
      .selectFrom('users')
      .select('login')
      .where(column, '=', id)
      .executeTakeFirstOrThrow();
    return t.login({
      login: row.login,
      password: column === 'student_id' ? 'Student1' : 'Teacher1',
    });
  };
  const seededItems = async (targetId: number) =>
    (await data<EvaluationFormResponse>(student, API.form, { id_target: targetId })).items;

  test('without a session every route answers 401; each role is refused the others’ routes', async () => {
    const anonymous = await t.client().prime();
    const all: { path: string }[] = Object.values(API);
    for (const endpoint of all) {
      const response = await anonymous.post(url(endpoint), {});
      assert.equal(response.statusCode, 401, endpoint.path);
    }
    const officeRoutes = [
      API.officeList,
      API.officeSave,
      API.officeOpen,
      API.officeRates,
      API.officeResults,
    ];
    const studentRoutes = [API.waiting, API.form, API.answer];
    for (const [client, refused] of [
      [student, [...officeRoutes, API.teacherResults]],
      [teacher, [...officeRoutes, ...studentRoutes]],
    ] as const) {
      for (const endpoint of refused) {
        const response = await client.post(url(endpoint), {});
        assert.equal(response.statusCode, 403, endpoint.path);
      }
    }
    assert.equal((await student.post(url(API.teacherResults), {})).statusCode, 403);
  });

  test('the office writes a questionnaire, refused whole when a text or an option is wrong, and opens it once', async () => {
    const english = await t.login(REGISTRAR);
    english.cookies.set('lang', 'en');
    const before = await count('questionnaires');
    const scale = { kind: 'scale', text: t3('Clear'), options: ['1', '2', '3', '4', '5'].map(t3) };
    for (const [body, message] of [
      [
        { title: t3('Q'), items: [{ ...scale, options: scale.options.slice(1) }] },
        DRAFT_MESSAGES.scaleLabels.en,
      ],
      [{ title: { ...t3('Q'), kg: '  ' }, items: [scale] }, DRAFT_MESSAGES.blankText.en],
      [
        { title: t3('Q'), items: [{ kind: 'text', text: t3('Why'), options: [t3('x')] }] },
        DRAFT_MESSAGES.textOptions.en,
      ],
    ] as const) {
      const response = await english.post(url(API.officeSave), body);
      assert.equal(response.statusCode, 400);
      assert.equal(envelope(response).error, message);
    }
    const invalid = await english.post(url(API.officeSave), { title: t3('Q'), items: [] });
    assert.equal(invalid.statusCode, 400);
    assert.equal(await count('questionnaires'), before);

    const saved = await data<{ id: number }>(office, API.officeSave, {
      title: t3('Mid-term'),
      items: [scale, { kind: 'single', text: t3('Often'), options: [t3('a'), t3('b')] }],
    });
    const listed = await data<QuestionnaireSummary[]>(office, API.officeList);
    assert.equal(listed[0]?.id, saved.id);
    assert.equal(listed[0]?.status, 'draft');
    assert.equal(listed[0]?.title, 'Mid-term ru');

    const seeded = listed.find((q) => q.status === 'open');
    assert.ok(seeded, 'the seed opens one');
    const targetsBefore = await count('questionnaire_targets');
    const open = {
      id_questionnaire: saved.id,
      year: seeded.year,
      ws: seeded.ws,
      opensOn: '2099-01-10',
      closesOn: '2099-01-05',
      minAnswers: 5,
    };
    const reversed = await english.post(url(API.officeOpen), open);
    assert.equal(reversed.statusCode, 400);
    const opened = await data<{ targets: number }>(office, API.officeOpen, {
      ...open,
      closesOn: '2099-02-01',
    });
    assert.ok(opened.targets > 0);
    assert.equal(await count('questionnaire_targets'), targetsBefore + opened.targets);
    const again = await office.post(url(API.officeOpen), { ...open, closesOn: '2099-02-01' });
    assert.equal(again.statusCode, 409);
    const missing = await office.post(url(API.officeOpen), { ...open, id_questionnaire: 987_654 });
    assert.equal(missing.statusCode, 403);
    const after = await data<QuestionnaireSummary[]>(office, API.officeList);
    assert.equal(after.find((q) => q.id === saved.id)?.status, 'scheduled');
  });

  test('a student answers once per discipline × teacher, even from two tabs at once', async () => {
    const waiting = await data<WaitingEvaluation[]>(student, API.waiting);
    assert.ok(waiting.length >= 2, 'the seed leaves several waiting');
    const [first, second] = waiting;
    assert.ok(first && second && !first.answered);
    const items = await seededItems(first.id_target);
    assert.deepEqual(
      items.map((item) => item.kind),
      ['scale', 'single', 'multiple', 'text'],
    );
    const answer = (targetId: number) => ({
      id_target: targetId,
      answers: [{ item: items[0]?.id, value: 4 }],
    });
    const wrong = await student.post(url(API.answer), {
      id_target: first.id_target,
      answers: [{ item: items[0]?.id, text: 'x' }],
    });
    assert.equal(wrong.statusCode, 400);
    assert.equal(envelope(wrong).error, ANSWER_MESSAGES.wrongAnswer.ru);
    assert.equal(await count('questionnaire_respondents'), 0);

    const tabs = await Promise.all([
      student.post(url(API.answer), answer(first.id_target)),
      student.post(url(API.answer), answer(first.id_target)),
    ]);
    assert.deepEqual(tabs.map((r) => r.statusCode).sort(), [200, 409]);
    const later = await student.post(url(API.answer), answer(first.id_target));
    assert.equal(later.statusCode, 409);
    assert.equal(envelope(later).error, ANSWER_MESSAGES.alreadyAnswered.ru);
    assert.equal(await count('questionnaire_respondents'), 1);
    assert.equal(await count('questionnaire_sealed'), 1);
    const now = await data<WaitingEvaluation[]>(student, API.waiting);
    assert.equal(now.find((w) => w.id_target === first.id_target)?.answered, true);

    // A target the student does not study, and a missing one: refused alike, nothing written.
    const all = await db().selectFrom('questionnaire_targets').select('id').execute();
    const mine = new Set(waiting.map((w) => w.id_target));
    const other = all.find((row) => !mine.has(row.id));
    assert.ok(other);
    for (const id of [other.id, 987_654]) {
      for (const endpoint of [API.form, API.answer]) {
        const response = await student.post(url(endpoint), answer(id));
        assert.equal(response.statusCode, 403, `${endpoint.path} ${id}`);
        assert.equal(envelope(response).error, MESSAGES.forbidden.ru);
      }
    }
    assert.equal(await count('questionnaire_respondents'), 1);
  });

  test('results: a teacher sees only their own, "not enough" below the threshold, then the distribution; unlinkable in the database', async () => {
    const me = await whoAmI(student);
    const waiting = await data<WaitingEvaluation[]>(student, API.waiting);
    const target = waiting.find((w) => !w.answered);
    assert.ok(target);
    const row = await db()
      .selectFrom('questionnaire_targets')
      .selectAll()
      .where('id', '=', target.id_target)
      .executeTakeFirstOrThrow();
    const items = await seededItems(target.id_target);
    const [scaleItem, , , textItem] = items;
    assert.ok(scaleItem && textItem);

    // The cohort: ten students who study this discipline with this teacher, the demo student first.
    const group = await db()
      .selectFrom('students')
      .select('id')
      .where(
        'group_id',
        '=',
        (
          await db()
            .selectFrom('students')
            .select('group_id')
            .where('id', '=', me.id)
            .executeTakeFirstOrThrow()
        ).group_id,
      )
      .where('id', '!=', me.id)
      .orderBy('id')
      .execute();
    const cohort: { client: Client; studentId: number }[] = [{ client: student, studentId: me.id }];
    for (const { id } of group) {
      if (cohort.length === 10) break;
      const client = await loginOf('student_id', id);
      const sees = await data<WaitingEvaluation[]>(client, API.waiting);
      if (sees.some((w) => w.id_target === target.id_target))
        cohort.push({ client, studentId: id });
    }
    assert.equal(cohort.length, 10, 'ten students study it');
    // Each writes a secret only they know. They arrive so that, in each batch of five, the
    // arrival order is a rotation of the content order: a store in arrival order would be found.
    const secret = (i: number) => `secret-${String.fromCharCode(97 + i)}`;
    const arrival = [1, 2, 3, 4, 0, 6, 7, 8, 9, 5];

    const theirs = await loginOf('teacher_id', row.teacher_id);
    const resultsOf = async (client: Client) =>
      (await data<EvaluationResult[]>(client, API.teacherResults)).find(
        (r) => r.id_target === target.id_target,
      );

    for (const [n, i] of arrival.entries()) {
      const member = cohort[i];
      assert.ok(member);
      const response = await member.client.post(url(API.answer), {
        id_target: target.id_target,
        answers: [
          { item: scaleItem.id, value: 1 + (i % 5) },
          { item: textItem.id, text: secret(i) },
        ],
      });
      assert.equal(response.statusCode, 200, response.body);
      if (n === 3) {
        // Four answers: nothing in the clear, nothing shown.
        const sealed = await db()
          .selectFrom('questionnaire_sealed')
          .select('sealed')
          .where('target_id', '=', target.id_target)
          .execute();
        assert.equal(sealed.length, 4);
        assert.ok(
          sealed.every(
            (s) =>
              !s.sealed.includes('secret') &&
              !Buffer.from(s.sealed, 'base64').toString('latin1').includes('secret'),
          ),
        );
        assert.equal(await count('questionnaire_answers'), 0);
        const shown = await resultsOf(theirs);
        assert.deepEqual([shown?.answered, shown?.enough, shown?.items], [4, false, []]);
      }
    }

    // The teacher sees the distribution; the texts sorted, not in arrival order.
    const shown = await resultsOf(theirs);
    assert.ok(shown?.enough);
    assert.equal(shown.answered, 10);
    assert.deepEqual(shown.items.find((i) => i.id === scaleItem.id)?.counts, [2, 2, 2, 2, 2]);
    assert.deepEqual(
      shown.items.find((i) => i.id === textItem.id)?.texts,
      cohort.map((_, i) => secret(i)),
    );
    // Only their own: none of another teacher's targets, and the demo teacher sees their own.
    const others = await data<EvaluationResult[]>(teacher, API.teacherResults);
    const demoTeacher = (await whoAmI(teacher)).id;
    if (demoTeacher !== row.teacher_id)
      assert.ok(others.every((r) => r.id_target !== target.id_target));
    const owned = await db()
      .selectFrom('questionnaire_targets')
      .select('id')
      .where('teacher_id', '=', demoTeacher)
      .execute();
    assert.ok(others.every((r) => owned.some((o) => o.id === r.id_target)));

    // The office's rates count the cohort.
    const rates = await data<QuestionnaireRatesResponse>(office, API.officeRates, {
      id_questionnaire: row.questionnaire_id,
    });
    const rate = rates.find((r) => r.id_target === target.id_target);
    assert.equal(rate?.answered, 10);
    assert.ok((rate?.expected ?? 0) >= 10);

    // ---- The DBA's joins: given the database, whose answer is whose? ----
    const postgres = t.options.databaseUrl?.startsWith('postgres') ?? false;
    const secretOf = new Map(cohort.map((member, i) => [member.studentId, secret(i)]));
    const recovered = (pairs: [number, string][]) =>
      pairs.filter(([studentId, payload]) => payload.includes(`"${secretOf.get(studentId)}"`))
        .length;

    // 1. Nothing to join on: the tables share only the target.
    const columns = async (table: string) =>
      postgres
        ? (
            await sql<{
              name: string;
            }>`select column_name as name from information_schema.columns where table_name = ${table}`.execute(
              db(),
            )
          ).rows
            .map((r) => r.name)
            .sort()
        : (
            await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db())
          ).rows
            .map((r) => r.name)
            .sort();
    assert.deepEqual(await columns('questionnaire_respondents'), ['student_id', 'target_id']);
    assert.deepEqual(await columns('questionnaire_answers'), ['day', 'id', 'payload', 'target_id']);

    // 2. Physical order (SQLite's rowid, PostgreSQL's ctid) and the ids' order, matched rank by rank.
    const physical = postgres ? sql.raw('ctid') : sql.raw('rowid');
    const respondents = (
      await sql<{
        student_id: number;
      }>`select student_id from questionnaire_respondents where target_id = ${target.id_target} order by ${physical}`.execute(
        db(),
      )
    ).rows.map((r) => Number(r.student_id));
    assert.equal(respondents.length, 10);
    const arrived = arrival.map((i) => cohort[i]?.studentId);
    assert.deepEqual(respondents, arrived, 'the respondents table does keep arrival order');
    for (const order of [physical, sql.raw('id')]) {
      const answers: string[] = (
        await sql<{
          payload: string;
        }>`select payload from questionnaire_answers where target_id = ${target.id_target} order by ${order}`.execute(
          db(),
        )
      ).rows.map((r) => r.payload);
      assert.equal(answers.length, 10);
      assert.equal(
        recovered(respondents.map((s, k) => [s, answers[k] ?? ''])),
        0,
        `rank join on ${order === physical ? 'the physical order' : 'the ids'}`,
      );
    }
    // 3. Time: the answers carry only the batch's day, the respondents no time at all.
    const days = await db().selectFrom('questionnaire_answers').select('day').distinct().execute();
    assert.ok(days.every((d) => /^\d{4}-\d{2}-\d{2}$/.test(d.day)));
    // 4. PostgreSQL's transaction ids: an answer was written in no student's transaction, and a
    //    batch's answers share one.
    if (postgres) {
      const byXmin = (
        await sql<{
          student_id: number;
          payload: string;
        }>`select r.student_id, a.payload from questionnaire_respondents r join questionnaire_answers a on a.xmin = r.xmin`.execute(
          db(),
        )
      ).rows;
      assert.equal(byXmin.length, 0);
      const batches = (
        await sql<{
          n: string;
        }>`select count(distinct xmin::text) as n from questionnaire_answers where target_id = ${target.id_target}`.execute(
          db(),
        )
      ).rows;
      assert.equal(Number(batches[0]?.n), 2);
    }
    // The student never reaches results.
    assert.equal((await student.post(url(API.teacherResults), {})).statusCode, 403);
    assert.equal(
      (await student.post(url(API.officeResults), { id_questionnaire: row.questionnaire_id }))
        .statusCode,
      403,
    );
    const officeResults = await data<EvaluationResult[]>(office, API.officeResults, {
      id_questionnaire: row.questionnaire_id,
    });
    assert.equal(officeResults.find((r) => r.id_target === target.id_target)?.enough, true);
  });
});
