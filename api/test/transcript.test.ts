import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { TranscriptResponse } from '@lms/shared/contract';
import { PDFParse } from 'pdf-parse';
import { DEFAULT_GRADING_SCALE } from '../src/lib/documents/grading.js';
import { bandOf, creditTotals } from '../src/areas/transcript/rules.js';
import { SENIOR_ACCOUNT } from '../src/db/seed/transcript.js';
import { createTestApp, DEMO, envelope, whoAmI, type Client, type TestApp } from './helper.js';
import { formatterFor } from '@lms/shared/format';

/** A client's cookies as one header (to add the language cookie to one request). */
function cookieOf(client: Client): string {
  return [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

const SENIOR = { login: SENIOR_ACCOUNT.login, password: SENIOR_ACCOUNT.password };

describe('misc/transcript', () => {
  let t: TestApp;
  let senior: Client;
  let student: Client;
  let teacher: Client;

  before(async () => {
    t = await createTestApp();
    senior = await t.login(SENIOR);
    student = await t.login(DEMO.student);
    teacher = await t.login(DEMO.teacher);
  });
  after(() => t.close());

  const transcriptOf = async (client: Client, body: object = {}) =>
    envelope<TranscriptResponse>(await client.post('/lms/api/misc/transcript.json', body));
  const issue = async (client: Client, headers: Record<string, string> = {}) =>
    client.request({
      method: 'POST',
      url: '/lms/api/misc/transcript.file',
      payload: { id_student: (await whoAmI(client)).id },
      headers,
    });
  const issuedCount = async () =>
    Number(
      (
        await t.app.db.kysely
          .selectFrom('issued_documents')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('kind', '=', 'transcript')
          .executeTakeFirstOrThrow()
      ).n,
    );

  test('groups by group, then year, then semester order, with the spec fields', async () => {
    const data = (await transcriptOf(senior)).data;
    assert.ok(data);
    assert.equal(data.fio, SENIOR_ACCOUNT.fullName);
    assert.match(data.BirthDate ?? '', /^\d{4}-\d{2}-\d{2}$/);
    assert.ok(data.institution.name_kg && data.institution.name_en && data.institution.mail);
    assert.ok(data.speciality && data.faculty);
    assert.equal(data.groups.length, 1);
    const years = data.groups[0]?.years ?? [];
    assert.ok(years.length >= 3, `several years of grades (${years.length})`);
    const starts = years.map((y) => Number(y.year.slice(0, 4)));
    assert.deepEqual(
      starts,
      [...starts].sort((a, b) => a - b),
    );
    let semesters = 0;
    for (const year of years) {
      const order = year.semesters.map((s) => s.ws_sort);
      assert.deepEqual(
        order,
        [...order].sort((a, b) => a - b),
      );
      for (const semester of year.semesters) {
        semesters++;
        assert.ok(semester.rows.length > 0);
        for (const row of semester.rows) {
          const band = bandOf(DEFAULT_GRADING_SCALE, row.score);
          assert.equal(row.grade, band.grade);
          assert.equal(row.ekv_bukv, band.ekv_bukv);
          assert.equal(row.ekv_num, band.ekv_num);
          assert.ok(row.code_discipline && row.credits > 0);
        }
        assert.deepEqual(
          { kredits_sum: semester.kredits_sum, kredits_avg: semester.kredits_avg },
          creditTotals(semester.rows),
        );
      }
    }
    assert.ok(semesters >= 6);
    const all = years.flatMap((y) => y.semesters.flatMap((s) => s.rows));
    const weighted = all.reduce((sum, r) => sum + r.credits * r.ekv_num, 0);
    const credits = all.reduce((sum, r) => sum + r.credits, 0);
    assert.equal(data.kredits_avg, Math.round((weighted / credits) * 100) / 100);
    assert.equal(data.scale.length, DEFAULT_GRADING_SCALE.length);
  });

  test('the demo student has their first year', async () => {
    const data = (await transcriptOf(student)).data;
    assert.ok((data?.groups[0]?.years.length ?? 0) >= 1);
  });

  test("another student's id is refused; teachers are refused", async () => {
    const me = (await t.app.repos.users.findByLogin(SENIOR.login))?.personId ?? 0;
    assert.equal(
      (await senior.post('/lms/api/misc/transcript.json', { id_student: me })).statusCode,
      200,
    );
    const other = await senior.post('/lms/api/misc/transcript.json', { id_student: me + 1 });
    assert.equal(other.statusCode, 403);
    assert.equal((await teacher.post('/lms/api/misc/transcript.json', {})).statusCode, 403);
    assert.equal(
      (await teacher.post('/lms/api/misc/transcript.file', { id_student: me })).statusCode,
      403,
    );
    const someoneElse = await senior.post('/lms/api/misc/transcript.file', { id_student: me + 1 });
    assert.equal(someoneElse.statusCode, 403);
    assert.equal(
      (await (await t.client().prime()).post('/lms/api/misc/transcript.json', {})).statusCode,
      401,
    );
  });

  test('the PDF is a real transcript whose QR opens the verification page', async () => {
    const response = await issue(senior);
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-type'], 'application/pdf');
    const parser = new PDFParse({ data: new Uint8Array(response.rawPayload) });
    const { text } = await parser.getText();
    await parser.destroy();
    assert.match(text, /TRANSCRIPT OF RECORDS/);
    assert.match(text, new RegExp(SENIOR_ACCOUNT.fullName));
    assert.match(text, /Тянь-Шань университети/);
    const data = (await transcriptOf(senior)).data;
    // The document's numbers as its language writes them: a decimal comma in Russian.
    const gpa = formatterFor('ru').number(data?.kredits_avg, 2);
    assert.match(gpa, /^\d,\d{2}$/);
    assert.ok(text.includes(`GPA): ${gpa}`) || text.includes(`average: ${gpa}`), text);
    assert.match(text, /: \d{2}\.\d{2}\.\d{4}/, 'dates day first with dots');
    const url = /https?:\/\/\S+\/lms\/verify\/(\S+)/.exec(text.replace(/\n/g, ''));
    assert.ok(url, 'the verification link is printed');
    const token = /\/lms\/verify\/([0-9]+-[A-Za-z0-9_-]{22})/.exec(text.replace(/\s/g, ''))?.[1];
    assert.ok(token);

    const genuine = await t.client().get(`/lms/verify/${token}`);
    assert.equal(genuine.statusCode, 200);
    assert.match(genuine.body, /Документ подлинный/);
    assert.match(genuine.body, new RegExp(SENIOR_ACCOUNT.fullName));
    assert.doesNotMatch(genuine.body, /ИНН|\+996/, 'nothing beyond what the document shows');
    const english = await t.client().get(`/lms/verify/${token}?lang=en`);
    assert.match(english.body, /The document is genuine/);

    const [id, mac] = token.split('-');
    const tampered = await t.client().get(`/lms/verify/${Number(id) + 1}-${mac}`);
    assert.equal(tampered.statusCode, 404);
    assert.match(tampered.body, /не подтверждён/);
    assert.doesNotMatch(tampered.body, new RegExp(SENIOR_ACCOUNT.fullName));
    const flipped = await t
      .client()
      .get(`/lms/verify/${id}-${mac?.slice(0, -1)}${mac?.endsWith('A') ? 'B' : 'A'}`);
    assert.equal(flipped.statusCode, 404);
  });

  test("the PDF is in the holder's language, with the university of that language", async () => {
    const textIn = async (headers: Record<string, string>) => {
      const response = await issue(senior, headers);
      assert.equal(response.statusCode, 200);
      const parser = new PDFParse({ data: new Uint8Array(response.rawPayload) });
      const { text } = await parser.getText();
      await parser.destroy();
      return text;
    };
    const english = await textIn({ cookie: `${cookieOf(senior)}; lang=en` });
    assert.match(english, /^Tian Shan University/);
    assert.match(english, /100 Chui Avenue, Bishkek 720001, Kyrgyz Republic/);
    assert.match(english, /TRANSCRIPT OF RECORDS/);
    assert.match(english, /Full name/);
    assert.match(english, /Grading scale/);
    assert.match(english, /Scan the QR code to verify this document/);
    assert.doesNotMatch(english, /ТРАНСКРИПТ|ФИО|Шкала|семестр|Подлинность/);
    // In English: a decimal point, and dates with the month's name ('02 Apr 2004').
    const data = (await transcriptOf(senior)).data;
    assert.ok(english.includes(formatterFor('en').number(data?.kredits_avg, 2)), english);
    assert.match(english, /\b\d{2} [A-Z][a-z]{2} \d{4}\b/);
    assert.doesNotMatch(english, /\d{2}\.\d{2}\.\d{4}/);
    const kyrgyz = await textIn({ 'accept-language': 'ky' });
    assert.match(kyrgyz, /^Тянь-Шань университети/);
    assert.match(kyrgyz, /Кыргыз Республикасы, 720001, Бишкек ш\., Чүй пр\., 100/);
    assert.match(kyrgyz, /ТРАНСКРИПТ \/ TRANSCRIPT OF RECORDS/);
    assert.match(kyrgyz, /Аты-жөнү \/ Full name/);
    assert.match(kyrgyz, /Баалоо шкаласы \/ Grading scale/);
    assert.match(kyrgyz, /\d-семестр \((күзгү|жазгы|жайкы)\)/);
    assert.doesNotMatch(kyrgyz, /ФИО|Шкала оценок/);
    // The table's headings, the longest of the three languages: every word whole (none broken
    // across two lines of its column).
    const headings = kyrgyz.slice(
      kyrgyz.indexOf('Код'),
      kyrgyz.indexOf('Points') + 'Points'.length,
    );
    assert.deepEqual(
      headings.split(/\s+/),
      ['Код', 'Code', 'Дисциплина', 'Discipline', 'Кредиттер', 'Credits', 'Балл', 'Score'].concat([
        'Баа',
        'Grade',
        'Тамга',
        'Letter',
        'Экв.',
        'Points',
      ]),
    );
    const russian = await textIn({});
    assert.match(russian, /^Тянь-Шаньский университет/);
    assert.match(russian, /ФИО \/ Full name/);
  });

  test('issuing is a POST with the XSRF header: a GET or a foreign form issues nothing', async () => {
    const before = await issuedCount();
    const viaGet = await senior.get('/lms/api/misc/transcript.file');
    assert.equal(viaGet.statusCode, 404);
    const me = (await whoAmI(senior)).id;
    const withoutXsrf = await senior.post(
      '/lms/api/misc/transcript.file',
      { id_student: me },
      { xsrf: false },
    );
    assert.equal(withoutXsrf.statusCode, 403);
    assert.equal(await issuedCount(), before);
  });

  test('the same transcript on the same day is the same document, asked in turn or at once', async () => {
    const before = await issuedCount();
    const tokenOf = async (response: Awaited<ReturnType<typeof issue>>) => {
      assert.equal(response.statusCode, 200);
      const parser = new PDFParse({ data: new Uint8Array(response.rawPayload) });
      const { text } = await parser.getText();
      await parser.destroy();
      return /\/lms\/verify\/([0-9]+-[A-Za-z0-9_-]{22})/.exec(text.replace(/\s/g, ''))?.[1];
    };
    const first = await issue(student);
    const second = await issue(student);
    const token = await tokenOf(first);
    assert.ok(token);
    assert.equal(await tokenOf(second), token);
    assert.equal(first.headers['content-disposition'], second.headers['content-disposition']);
    assert.equal(await issuedCount(), before + 1);
    // Two at once (another student, nothing issued yet today) still make one document.
    const other = await t.login({ login: 's0003', password: 'Student1' });
    const together = await Promise.all([issue(other), issue(other)]);
    assert.equal(await tokenOf(together[0]), await tokenOf(together[1]));
    assert.equal(await issuedCount(), before + 2);
    // Revoked, it is issued anew.
    const id = Number(token.split('-')[0]);
    const office = await t.app.repos.users.findByLogin('registrar');
    assert.ok(office);
    await t.app.repos.documents.revoke(id, 'Issued anew', office.uid, Date.now());
    const fresh = await tokenOf(await issue(student));
    assert.notEqual(fresh, token);
    assert.equal(await issuedCount(), before + 3);
  });
});

describe('the verification link uses the configured public origin', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ publicOrigin: 'https://lms.university.example' });
  });
  after(() => t.close());

  const linksIn = async (pdf: Buffer) => {
    const parser = new PDFParse({ data: new Uint8Array(pdf) });
    const { text } = await parser.getText();
    await parser.destroy();
    return text.replace(/\s/g, '').match(/https?:\/\/[^/]+\/lms\/verify\//g) ?? [];
  };

  test('whatever Host the request names, on the transcript and on a certificate', async () => {
    const student = await t.login(DEMO.student);
    const hostile = {
      host: 'verify.attacker.example',
      'x-forwarded-host': 'verify.attacker.example',
    };
    const transcript = await student.request({
      method: 'POST',
      url: '/lms/api/misc/transcript.file',
      payload: { id_student: (await whoAmI(student)).id },
      headers: hostile,
    });
    assert.equal(transcript.statusCode, 200);
    assert.deepEqual(await linksIn(transcript.rawPayload), [
      'https://lms.university.example/lms/verify/',
    ]);

    const S = '/lms/api/singlewindow';
    const data = async <T>(path: string, body: object = {}) =>
      envelope<T>(await student.post(`${S}/${path}`, body)).data;
    const docs = (await data<{ id_doc: number; instant: boolean }[]>('doc/list.json')) ?? [];
    const regions = (await data<{ id_region: number }[]>('region/list.json')) ?? [];
    const districts =
      (await data<{ id_district: number }[]>('district/list.json', {
        id_region: regions[0]?.id_region,
      })) ?? [];
    const purposes = (await data<{ id_naznachenie: number }[]>('naznachenie/list.json')) ?? [];
    const order = await data<{ id_order: number }>('order/save.json', {
      id_doc: docs.find((d) => d.instant)?.id_doc,
      id_region: regions[0]?.id_region,
      id_district: districts[0]?.id_district,
      id_naznachenie: purposes[0]?.id_naznachenie,
      date: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
    });
    assert.ok(order);
    const certificate = await student.request({
      method: 'GET',
      url: `${S}/order/document.file?id_order=${order.id_order}`,
      headers: hostile,
    });
    assert.equal(certificate.statusCode, 200);
    assert.deepEqual(await linksIn(certificate.rawPayload), [
      'https://lms.university.example/lms/verify/',
    ]);
  });
});
