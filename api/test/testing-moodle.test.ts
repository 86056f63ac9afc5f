// Testing: a Moodle XML bank imported over HTTP (both databases), and the bank exported as GIFT
// and Moodle XML downloads that import back as the same questions. Role rules for both.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import {
  TESTING_XML_MAX_LENGTH,
  type BankResponse,
  type BankTopic,
  type GiftImportResponse,
  type TestingTeachingResponse,
} from '@lms/shared/contract';
import { TESTING_MESSAGES } from '../src/areas/testing/messages.js';
import { MESSAGES } from '../src/lib/messages.js';
import { createTestApp, DEMO, envelope, type Client, type TestApp } from './helper.js';

const T = '/lms/api/testing/teacher';

describe('testing: Moodle XML import and bank export', () => {
  let t: TestApp;
  let teacher: Client;
  let student: Client;
  let colleague: Client;
  let disciplineId: number;
  let notTaught: number;

  const count = async () =>
    Number(
      (
        await t.app.db.kysely
          .selectFrom('testing_questions')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const bankOf = async (client: Client, id = disciplineId) =>
    envelope<BankResponse>(await client.post(`${T}/bank.json`, { disciplineId: id })).data
      ?.topics ?? [];
  /** A topic's questions as a round trip must keep them (ids aside). */
  const essence = (topic: BankTopic | undefined) =>
    (topic?.questions ?? []).map(({ id: _, ...question }) => question);

  before(async () => {
    t = await createTestApp();
    teacher = await t.login(DEMO.teacher);
    student = await t.login(DEMO.student);
    const teaching =
      envelope<TestingTeachingResponse>(await teacher.post(`${T}/teaching.json`, {})).data ?? [];
    disciplineId = teaching[0]?.disciplineId ?? 0;
    const other = await t.app.db.kysely
      .selectFrom('disciplines')
      .select('id')
      .where('id', 'not in', teaching.map((d) => d.disciplineId).concat([0]))
      .orderBy('id')
      .executeTakeFirstOrThrow();
    notTaught = other.id;
    // A colleague (another teacher) with a known password.
    const { hashPassword } = await import('../src/areas/auth/password.js');
    const { login } = await t.app.db.kysely
      .selectFrom('users')
      .select('login')
      .where('role', '=', 1)
      .where('login', '<>', DEMO.teacher.login)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await t.app.db.kysely
      .updateTable('users')
      .set({ password_hash: await hashPassword('Other123'), must_change_credentials: 0 })
      .where('login', '=', login)
      .execute();
    colleague = await t.login({ login, password: 'Other123' });
  });
  after(() => t.close());

  test('a real Moodle XML file: topics from categories, every type, feedback, skipped named in the teacher’s language', async () => {
    const text = await readFile(new URL('./fixtures/sample-moodle.xml', import.meta.url), 'utf8');
    for (const [lang, expected] of [
      ['kg', 'kg'],
      ['en', 'en'],
    ] as const) {
      const client = await t.login(DEMO.teacher);
      client.cookies.set('lang', lang);
      const response = await client.post(`${T}/import-moodle.json`, {
        disciplineId,
        topic: 'Импорт XML',
        text,
      });
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(envelope<GiftImportResponse>(response).data, {
        imported: 8,
        skipped: [
          { name: 'Формула (calculated)', reason: TESTING_MESSAGES.xmlUnsupported[expected] },
          { name: 'Без правильного', reason: TESTING_MESSAGES.giftNoCorrect[expected] },
          { name: 'Лишние ответы', reason: TESTING_MESSAGES.xmlDistractors[expected] },
        ],
      });
    }
    const topics = await bankOf(teacher);
    const geography = topics.find((topic) => topic.title === 'География');
    assert.equal(geography?.questions.length, 14);
    assert.equal(topics.find((topic) => topic.title === 'Эссе')?.questions.length, 2);
    const capital = geography?.questions.find((q) => q.text.startsWith('Какой город'));
    assert.equal(capital?.text, 'Какой город — столица Кыргызстана?');
    assert.equal(capital?.feedback, 'Бишкек — столица с 1991 года.');
    assert.deepEqual(capital?.options?.[1], {
      text: 'Ош',
      correct: false,
      feedback: 'Ош — южная столица.',
    });
    assert.ok(!JSON.stringify(topics).includes('script'));
    const height = geography?.questions.find((q) => q.kind === 'numeric');
    assert.deepEqual([height?.value, height?.tolerance], [7.439, 0.05]);
    const peak = geography?.questions.find((q) => q.kind === 'short');
    assert.equal(peak?.caseSensitive, true);
    assert.deepEqual(
      geography?.questions.find((q) => q.kind === 'ordering')?.options?.map((o) => o.text),
      ['Иссык-Куль', 'Сон-Куль', 'Чатыр-Куль'],
    );
  });

  test('a DOCTYPE, broken XML, another format and an oversized file: a 400 with the reason, nothing written', async () => {
    const before = await count();
    const cases: [string, keyof typeof TESTING_MESSAGES][] = [
      [
        '<?xml version="1.0"?><!DOCTYPE q [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><quiz>&b;</quiz>',
        'xmlDoctype',
      ],
      ['<quiz><question type="essay"></quiz>', 'xmlNotXml'],
      ['<rss><channel/></rss>', 'xmlNotQuiz'],
      [`<quiz>${' '.repeat(TESTING_XML_MAX_LENGTH)}</quiz>`, 'xmlTooLarge'],
    ];
    for (const [text, reason] of cases) {
      const response = await teacher.post(`${T}/import-moodle.json`, {
        disciplineId,
        topic: 'X',
        text,
      });
      assert.equal(response.statusCode, 400, response.body.slice(0, 200));
      assert.equal(envelope(response).error, TESTING_MESSAGES[reason].ru);
    }
    assert.equal(await count(), before);
  });

  test('a student, a teacher of another discipline and no session may not import or export', async () => {
    const before = await count();
    const body = {
      disciplineId,
      topic: 'X',
      text: '<quiz><question type="essay"><questiontext><text>x</text></questiontext></question></quiz>',
    };
    assert.equal((await student.post(`${T}/import-moodle.json`, body)).statusCode, 403);
    const foreign = await teacher.post(`${T}/import-moodle.json`, {
      ...body,
      disciplineId: notTaught,
    });
    assert.equal(foreign.statusCode, 403);
    assert.equal(envelope(foreign).error, MESSAGES.forbidden.ru);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `${T}/import-moodle.json`,
      payload: body,
    });
    assert.ok([401, 403].includes(anonymous.statusCode));
    assert.equal(await count(), before);

    const url = (id: number, format = 'xml') =>
      `${T}/bank-export.file?disciplineId=${id}&format=${format}`;
    assert.equal((await student.get(url(disciplineId))).statusCode, 403);
    assert.equal((await teacher.get(url(notTaught))).statusCode, 403);
    assert.ok([401, 403].includes((await t.app.inject({ url: url(disciplineId) })).statusCode));
    // Another teacher's topic is not exported, even with a discipline they share.
    const topic = (await bankOf(teacher)).find((item) => item.title === 'География');
    const colleagues = await colleague.get(
      `${url(disciplineId, 'gift')}&topicId=${topic?.id ?? 0}`,
    );
    assert.ok([403, 404].includes(colleagues.statusCode), String(colleagues.statusCode));
    assert.ok(!colleagues.body.includes('Бишкек'));
    assert.equal((await teacher.get(`${url(disciplineId)}&format=pdf`)).statusCode, 400);
  });

  test('export as Moodle XML and GIFT downloads, imported into another discipline: the same questions', async () => {
    const topics = await bankOf(teacher);
    const geography = topics.find((topic) => topic.title === 'География');
    const teaching =
      envelope<TestingTeachingResponse>(await teacher.post(`${T}/teaching.json`, {})).data ?? [];
    const target = teaching[1]?.disciplineId ?? disciplineId;

    const xml = await teacher.get(
      `${T}/bank-export.file?disciplineId=${disciplineId}&topicId=${geography?.id}&format=xml`,
    );
    assert.equal(xml.statusCode, 200);
    assert.equal(xml.headers['content-type'], 'text/plain; charset=utf-8');
    assert.equal(xml.headers['x-content-type-options'], 'nosniff');
    assert.match(String(xml.headers['content-disposition']), /^attachment; .*\.xml$/);
    assert.match(String(xml.headers['content-disposition']), /%D0%93%D0%B5%D0%BE/); // «Гео»
    assert.match(xml.body, /^<\?xml version="1.0" encoding="UTF-8"\?>/);

    const gift = await teacher.get(
      `${T}/bank-export.file?disciplineId=${disciplineId}&topicId=${geography?.id}&format=gift`,
    );
    assert.equal(gift.statusCode, 200);
    assert.match(String(gift.headers['content-disposition']), /\.gift\.txt$/);

    // Moodle XML into a topic of another discipline (or a renamed one): every question comes back.
    const renamed = (text: string, from: string, to: string) => text.split(from).join(to);
    const back = await teacher.post(`${T}/import-moodle.json`, {
      disciplineId: target,
      topic: 'X',
      text: renamed(xml.body, '$course$/top/География', '$course$/top/Круг XML'),
    });
    assert.equal(back.statusCode, 200, back.body);
    assert.deepEqual(envelope<GiftImportResponse>(back).data?.skipped, []);
    const xmlTopic = (await bankOf(teacher, target)).find((topic) => topic.title === 'Круг XML');
    assert.deepEqual(essence(xmlTopic), essence(geography));

    const giftBack = await teacher.post(`${T}/import-gift.json`, {
      disciplineId: target,
      topic: 'X',
      text: renamed(gift.body, '$course$/top/География', '$course$/top/Круг GIFT'),
    });
    assert.equal(giftBack.statusCode, 200, giftBack.body);
    const giftTopic = (await bankOf(teacher, target)).find((topic) => topic.title === 'Круг GIFT');
    // GIFT has no points, no case rule and no ordering: the rest is the same.
    const giftable = (topic: BankTopic | undefined) =>
      essence(topic)
        .filter((q) => q.kind !== 'ordering')
        .map(({ points: _p, caseSensitive: _c, ...q }) => q);
    assert.deepEqual(giftable(giftTopic), giftable(geography));
  });
});
