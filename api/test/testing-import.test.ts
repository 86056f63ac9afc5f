// Testing: a GIFT file imported over HTTP into the teacher's bank (both databases): its
// categories become topics, its questions the bank's, and what cannot be taken is named.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import type {
  BankResponse,
  GiftImportResponse,
  TestingTeachingResponse,
} from '@lms/shared/contract';
import { TESTING_MESSAGES } from '../src/areas/testing/messages.js';
import { MESSAGES } from '../src/lib/messages.js';
import { createTestApp, DEMO, envelope, type Client, type TestApp } from './helper.js';

const T = '/lms/api/testing/teacher';

describe('testing: GIFT import', () => {
  let t: TestApp;
  let teacher: Client;
  let student: Client;
  let disciplineId: number;
  before(async () => {
    t = await createTestApp();
    teacher = await t.login(DEMO.teacher);
    student = await t.login(DEMO.student);
    const teaching = envelope<TestingTeachingResponse>(
      await teacher.post(`${T}/teaching.json`, {}),
    ).data;
    disciplineId = teaching?.[0]?.disciplineId ?? 0;
  });
  after(() => t.close());

  test('a real GIFT file: topics from its categories, questions graded as written, refusals named', async () => {
    const text = await readFile(new URL('./fixtures/sample.gift', import.meta.url), 'utf8');
    const english = await t.login(DEMO.teacher);
    english.cookies.set('lang', 'en');
    const response = await english.post(`${T}/import-gift.json`, {
      disciplineId,
      topic: 'Импорт',
      text,
    });
    assert.equal(response.statusCode, 200, response.body);
    const result = envelope<GiftImportResponse>(response).data;
    assert.deepEqual(result, {
      imported: 9,
      skipped: [
        { name: 'Сломанный', reason: TESTING_MESSAGES.giftUnclosed.en },
        { name: 'Без ответа', reason: TESTING_MESSAGES.giftNoCorrect.en },
      ],
    });
    const bank = envelope<BankResponse>(
      await teacher.post(`${T}/bank.json`, { disciplineId }),
    ).data;
    const geography = bank?.topics.find((topic) => topic.title === 'География');
    assert.equal(geography?.questions.length, 9);
    assert.deepEqual(geography?.questions.map((q) => q.kind).sort(), [
      'essay',
      'matching',
      'multiple',
      'numeric',
      'numeric',
      'short',
      'single',
      'single',
      'truefalse',
    ]);
  });

  test('a student may not import, nor a teacher into a discipline they do not teach', async () => {
    const count = async () =>
      Number(
        (
          await t.app.db.kysely
            .selectFrom('testing_questions')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const body = { disciplineId, topic: 'X', text: '2 + 2 = {=4 ~5}' };
    const refused = await student.post(`${T}/import-gift.json`, body);
    assert.equal(refused.statusCode, 403);
    const teaching =
      envelope<TestingTeachingResponse>(await teacher.post(`${T}/teaching.json`, {})).data ?? [];
    const other = await t.app.db.kysely
      .selectFrom('disciplines')
      .select('id')
      .where('id', 'not in', teaching.map((d) => d.disciplineId).concat([0]))
      .executeTakeFirstOrThrow();
    const foreign = await teacher.post(`${T}/import-gift.json`, {
      ...body,
      disciplineId: other.id,
    });
    assert.equal(foreign.statusCode, 403);
    assert.equal(envelope(foreign).error, MESSAGES.forbidden.ru);
    assert.equal(await count(), before);
  });
});
