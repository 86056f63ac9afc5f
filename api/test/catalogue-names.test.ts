import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { CATALOGUE_COLUMNS } from '../src/lib/catalogue-names.js';
import { createTestApp, DEMO, envelope, type Client, type TestApp, whoAmI } from './helper.js';

interface Me {
  uid: number;
  id: number;
  role: 1 | 2;
}

const CYRILLIC = /[\u0400-\u04FF]/u;

describe('catalogue data in the request language', () => {
  let t: TestApp;
  let teacher: Client;
  let student: Client;
  let teacherMe: Me;
  let studentMe: Me;
  let year: number;
  before(async () => {
    t = await createTestApp();
    teacher = await t.login(DEMO.teacher);
    student = await t.login(DEMO.student);
    teacherMe = await whoAmI(teacher);
    studentMe = await whoAmI(student);
    year = envelope<{ id_a_year: number }>(
      await teacher.get('/lms/api/discipline/current/year.json'),
    ).data?.id_a_year as number;
  });
  after(async () => t.close());

  const inLanguage = (client: Client, lang: string | null) => {
    if (lang === null) client.cookies.delete('lang');
    else client.cookies.set('lang', lang);
    return client;
  };
  const profile = async (client: Client, me: Me, headers: Record<string, string> = {}) => {
    const response = await client.request({
      method: 'POST',
      url: '/lms/api/profile/data.json',
      payload: { uid: me.uid, role: me.role },
      headers,
    });
    assert.equal(response.statusCode, 200, response.body);
    return envelope<Record<string, string | null>>(response).data ?? {};
  };

  test('every catalogue value the seed writes has a Kyrgyz and an English name', async () => {
    const missing: string[] = [];
    for (const [table, columns] of Object.entries(CATALOGUE_COLUMNS)) {
      for (const column of columns) {
        const { rows } = await sql<{ value: string }>`
          select distinct ${sql.ref(column)} as value from ${sql.table(table)}
          where ${sql.ref(column)} is not null
            and (${sql.ref(`${column}_kg`)} is null or ${sql.ref(`${column}_en`)} is null)`.execute(
          t.app.db.kysely,
        );
        // Codes without letters (subgroups '1', rooms '1-101') need none.
        for (const row of rows)
          if (CYRILLIC.test(row.value)) missing.push(`${table}.${column}: ${row.value}`);
      }
    }
    assert.deepEqual(missing, []);
  });

  test('a teacher profile in English, Kyrgyz and Russian (the fallback)', async () => {
    const en = await profile(inLanguage(teacher, 'en'), teacherMe);
    assert.equal(en.position, 'Associate Professor');
    assert.equal(en.department, 'Department of Software Engineering');
    assert.equal(en.faculty, 'Faculty of Information Technology');
    assert.equal(en.citizenship, 'Kyrgyz Republic');
    assert.doesNotMatch(String(en.education), CYRILLIC);
    assert.equal(en.fullName, 'Асанов Бакыт Маратович', 'people keep their names');
    const kg = await profile(inLanguage(teacher, 'kg'), teacherMe);
    assert.equal(kg.department, 'Программалык камсыздоо кафедрасы');
    assert.equal(kg.faculty, 'Маалыматтык технологиялар факультети');
    const ru = await profile(inLanguage(teacher, 'ru'), teacherMe);
    assert.equal(ru.position, 'Доцент');
    assert.equal(ru.department, 'Кафедра программного обеспечения');
  });

  test('without a lang cookie the browser’s Accept-Language decides; the cookie wins over it', async () => {
    const byHeader = await profile(inLanguage(student, null), studentMe, {
      'accept-language': 'de-DE,de;q=0.9,en;q=0.8,ru;q=0.5',
    });
    assert.equal(byHeader.speciality, 'Software Engineering');
    assert.match(String(byHeader.group), /^SE-\d-\d{2}$/);
    const kyrgyz = await profile(student, studentMe, { 'accept-language': 'ky-KG' });
    assert.equal(kyrgyz.speciality, 'Программалык инженерия');
    const cookie = await profile(inLanguage(student, 'ru'), studentMe, {
      'accept-language': 'en',
    });
    assert.equal(cookie.speciality, 'Программная инженерия');
    const unknown = await profile(inLanguage(student, 'fr'), studentMe, {});
    assert.equal(unknown.speciality, 'Программная инженерия', 'Russian by default');
  });

  test('lists and the semester name follow the language; Russian fills a missing name', async () => {
    const disciplines = async () => {
      const response = await teacher.post('/lms/api/discipline/list.json', {
        uid: teacherMe.uid,
        year,
        ws: 1,
      });
      assert.equal(response.statusCode, 200, response.body);
      return envelope<Array<{ id_discipline: number; name: string }>>(response).data ?? [];
    };
    inLanguage(teacher, 'en');
    const english = await disciplines();
    assert.ok(english.length > 0);
    for (const d of english) assert.doesNotMatch(d.name, CYRILLIC, d.name);
    const ws = envelope<{ name: string; active: Array<{ name: string }> }>(
      await teacher.get('/lms/api/discipline/current/ws.json'),
    ).data;
    assert.ok(['Fall', 'Spring', 'Summer'].includes(String(ws?.name)));

    const [first] = english;
    assert.ok(first);
    const russian = await t.app.db.kysely
      .selectFrom('disciplines')
      .select('name')
      .where('id', '=', first.id_discipline)
      .executeTakeFirstOrThrow();
    await t.app.db.kysely
      .updateTable('disciplines')
      .set({ name_en: null })
      .where('id', '=', first.id_discipline)
      .execute();
    try {
      const again = await disciplines();
      assert.equal(again.find((d) => d.id_discipline === first.id_discipline)?.name, russian.name);
    } finally {
      await t.app.db.kysely
        .updateTable('disciplines')
        .set({ name_en: first.name })
        .where('id', '=', first.id_discipline)
        .execute();
      inLanguage(teacher, null);
    }
  });

  test("a news author's role is named in the reader's language", async () => {
    const feed = async (lang: string) => {
      const response = await inLanguage(student, lang).post('/lms/api/news/data.json', { page: 1 });
      assert.equal(response.statusCode, 200, response.body);
      return (
        envelope<{ items: Array<{ 'p23-1': string; authorRole: number }> }>(response).data?.items ??
        []
      );
    };
    const ru = await feed('ru');
    const byTeacher = ru.findIndex((item) => item.authorRole === 1);
    assert.ok(byTeacher >= 0, 'the seed has news by a teacher');
    assert.match(ru[byTeacher]?.['p23-1'] ?? '', /^Преподаватель\|/);
    assert.match((await feed('en'))[byTeacher]?.['p23-1'] ?? '', /^Teacher\|/);
    assert.match((await feed('kg'))[byTeacher]?.['p23-1'] ?? '', /^Окутуучу\|/);
    inLanguage(student, null);
  });

  test('the language holds through a real HTTP request with a body', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const cookie = [...teacher.cookies, ['lang', 'en']].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await fetch(`${address}/lms/api/profile/data.json`, {
      method: 'POST',
      headers: {
        cookie,
        'content-type': 'application/json',
        'x-xsrf-token': teacher.cookies.get('XSRF-TOKEN') ?? '',
      },
      body: JSON.stringify({ uid: teacherMe.uid, role: 1 }),
    });
    assert.equal(response.status, 200);
    const body = (await response.json()) as { data: { department: string } };
    assert.equal(body.data.department, 'Department of Software Engineering');
  });
});
