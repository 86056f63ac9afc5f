// The statement as a document over HTTP: its PDF (who may download it, its text in each
// language, the digest it prints equals the one signed, a draft marked so), the statements a
// teacher signed among their documents, and the public verification page (state, no grades).
// On both databases (DATABASE_URL).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PDFParse } from 'pdf-parse';
import type {
  Language,
  SignedStatement,
  StatementDetail,
  StatementSummary,
} from '@lms/shared/contract';
import { MESSAGES } from '../src/lib/messages.js';
import {
  anotherTeacher,
  createTestApp,
  DEMO,
  envelope,
  type Client,
  type TestApp,
} from './helper.js';
import { signBody, teacherPasskey } from './statement-sign-helper.js';

const API = '/lms/api/statements';
const REGISTRAR = DEMO.registrar;

describe('the statement as a document', () => {
  let t: TestApp;
  let teacher: Client;
  let colleague: Client;
  let student: Client;
  let registrar: Client;
  let seeded: StatementSummary;
  let names: { ru: string; kg: string | null; en: string | null };

  before(async () => {
    t = await createTestApp();
    teacher = await t.login(DEMO.teacher);
    student = await t.login(DEMO.student);
    registrar = await t.login(REGISTRAR);
    colleague = await anotherTeacher(t);
    const list = envelope<StatementSummary[]>(await teacher.post(`${API}/teacher/list.json`, {}));
    seeded = list.data![0]!;
    const discipline = await t.app.db.kysely
      .selectFrom('statements as s')
      .innerJoin('disciplines as d', 'd.id', 's.discipline_id')
      .select(['d.name', 'd.name_kg', 'd.name_en'])
      .where('s.id', '=', seeded.id)
      .executeTakeFirstOrThrow();
    names = { ru: discipline.name, kg: discipline.name_kg, en: discipline.name_en };
  });
  after(() => t.close());

  const pdfUrl = (id: number) => `${API}/statement.file?id=${id}`;
  /** The statement's PDF as `client` reading `lang` downloads it, as text (spaces folded). */
  const pdfText = async (id: number, lang: Language, client = teacher) => {
    const reader = client.on(t.app);
    reader.cookies.set('lang', lang);
    const file = await reader.get(pdfUrl(id));
    assert.equal(file.statusCode, 200, file.body);
    assert.equal(file.headers['content-type'], 'application/pdf');
    const parser = new PDFParse({ data: new Uint8Array(file.rawPayload) });
    const { text } = await parser.getText();
    await parser.destroy();
    return text.replace(/\s+/g, ' ');
  };
  const open = async (id: number, client = teacher) => {
    const response = await client.post(`${API}/open.json`, { id });
    assert.equal(response.statusCode, 200, response.body);
    return envelope<StatementDetail>(response).data!;
  };
  const signed = async (client: Client) => {
    const response = await client.post(`${API}/teacher/signed.json`, {});
    assert.equal(response.statusCode, 200, response.body);
    return envelope<SignedStatement[]>(response).data!;
  };
  const verifyPath = (url: string) => new URL(url).pathname;

  test('only the teacher of record and the registrar download it; a draft prints marked so', async () => {
    const anonymous = await t.client().get(pdfUrl(seeded.id));
    assert.equal(anonymous.statusCode, 401);
    const byStudent = await student.get(pdfUrl(seeded.id));
    assert.equal(byStudent.statusCode, 403);
    assert.equal(envelope(byStudent).error, MESSAGES.teachersOnly.ru);
    const byColleague = await colleague.get(pdfUrl(seeded.id));
    const missing = await colleague.get(pdfUrl(999_999));
    assert.equal(byColleague.statusCode, 403);
    // Another teacher's statement is refused exactly like one that is not there.
    assert.equal(byColleague.statusCode, missing.statusCode);
    assert.equal(envelope(byColleague).error, envelope(missing).error);
    assert.ok(!byColleague.body.startsWith('%PDF'));

    const draft = await pdfText(seeded.id, 'ru');
    assert.match(draft, /ЧЕРНОВИК: не подписана, недействительна/);
    assert.match(
      draft,
      new RegExp(`ЭКЗАМЕНАЦИОННАЯ ВЕДОМОСТЬ № ${seeded.id}|ЗАЧЁТНАЯ ВЕДОМОСТЬ № ${seeded.id}`),
    );
    const byRegistrar = await pdfText(seeded.id, 'en', registrar);
    assert.match(byRegistrar, /DRAFT: not signed, not valid/);
    // A teacher who signed nothing holds no statements yet.
    assert.deepEqual(await signed(teacher), []);
  });

  test('signed: the PDF in each language, the digest it prints is the one signed', async () => {
    const detail = await open(seeded.id);
    const passkey = await teacherPasskey(teacher);
    const sign = await teacher.post(
      `${API}/teacher/sign.json`,
      await signBody(teacher, passkey, seeded.id, detail.digest),
    );
    assert.equal(sign.statusCode, 200, sign.body);
    const stored = await t.app.db.kysely
      .selectFrom('statements')
      .select(['digest', 'control_form'])
      .where('id', '=', seeded.id)
      .executeTakeFirstOrThrow();
    assert.equal(stored.digest, detail.digest);
    const lines = detail.lines;
    const admitted = lines.find((l) => l.admitted && l.final !== null);
    assert.ok(admitted, 'the seeded statement has a graded student');

    const en = await pdfText(seeded.id, 'en');
    assert.doesNotMatch(en, /DRAFT/);
    assert.match(en, stored.control_form === 'exam' ? /EXAMINATION STATEMENT/ : /CREDIT STATEMENT/);
    assert.match(en, new RegExp(`No\\. ${seeded.id}`));
    for (const label of [
      'Faculty',
      'Speciality',
      'Discipline',
      'Group',
      'Academic year',
      'Semester',
      'Form of control',
      'Teacher',
      'Student',
      'Current',
      'Final (100)',
      'Letter',
      'National grade',
      'Totals',
      'Signed by the teacher',
      'Signed with the teacher’s passkey (WebAuthn) over the digest below',
      'Confirmed by the registrar’s office',
      'Content digest (SHA-256)',
    ]) {
      assert.ok(en.includes(label), `en: ${label}`);
    }
    assert.ok(names.en && en.includes(names.en), `the discipline's English name: ${en}`);
    assert.ok(!en.includes(names.ru) || names.en === names.ru);
    assert.doesNotMatch(en, /Дисциплина|Преподаватель|Факультет/);
    assert.ok(en.includes(admitted.fio), 'each student is printed');
    assert.match(en, new RegExp(`${admitted.final} ${admitted.letter}`));
    assert.ok(en.includes(`Content digest (SHA-256): ${detail.digest}`), 'the signed digest');
    assert.match(en, /Confirmed by the registrar’s office: _+ not yet/);
    // The signature's time in the university's zone, as English writes it.
    assert.match(en, /Signed by the teacher: _+ .+ \d{2} [A-Z][a-z]{2} \d{4}/);

    const ru = await pdfText(seeded.id, 'ru');
    for (const label of [
      'Факультет',
      'Дисциплина',
      'Группа',
      'Форма контроля',
      'Преподаватель',
      'ФИО студента',
      'Итог (100)',
      'Итого',
      'Подписал преподаватель',
      'Подписано ключом доступа преподавателя (passkey, WebAuthn)',
      'Цифровой отпечаток содержимого (SHA-256)',
    ]) {
      assert.ok(ru.includes(label), `ru: ${label} in ${ru}`);
    }
    assert.ok(ru.includes(names.ru));
    assert.ok(ru.includes(detail.digest));
    assert.doesNotMatch(ru, /Discipline|Faculty|ЧЕРНОВИК/);

    const kg = await pdfText(seeded.id, 'kg');
    for (const label of [
      'Факультет',
      'Сабак',
      'Топ',
      'Текшерүү формасы',
      'Окутуучу',
      'Студенттин аты-жөнү',
      'Жыйынтык',
      'Улуттук баа',
      'Окутуучу кол койду',
      'Окутуучунун кирүү ачкычы (passkey, WebAuthn)',
      'Мазмундун санариптик изи (SHA-256)',
    ]) {
      assert.ok(kg.includes(label), `kg: ${label} in ${kg}`);
    }
    assert.ok(names.kg && kg.includes(names.kg), 'the discipline’s Kyrgyz name');
    assert.ok(kg.includes(detail.digest));
    assert.match(kg, /\d{2}\.\d{2}\.\d{4}/);

    // The registrar may download it; the colleague and the student still may not.
    assert.ok((await pdfText(seeded.id, 'ru', registrar)).includes(detail.digest));
    assert.equal((await colleague.get(pdfUrl(seeded.id))).statusCode, 403);
    assert.equal((await student.get(pdfUrl(seeded.id))).statusCode, 403);
  });

  test('a signed statement is among its teacher’s documents, with a public verification page', async () => {
    const mine = await signed(teacher);
    assert.equal(mine.length, 1);
    const [document] = mine;
    assert.equal(document!.id, seeded.id);
    assert.equal(document!.state, 'signed');
    assert.deepEqual(await signed(colleague), []);
    const refused = await student.post(`${API}/teacher/signed.json`, {});
    assert.equal(refused.statusCode, 403);
    const anonymous = t.client();
    await anonymous.get('/lms/config.json');
    assert.equal((await anonymous.post(`${API}/teacher/signed.json`, {})).statusCode, 401);

    // The PDF's QR link is the one the documents list gives.
    const text = (await pdfText(seeded.id, 'en')).replace(/\s/g, '');
    assert.ok(text.includes(document!.verify_url.replace(/\s/g, '')), 'the PDF prints the link');

    const path = verifyPath(document!.verify_url);
    const page = async (lang: Language) => {
      const reader = t.client();
      reader.cookies.set('lang', lang);
      return reader.get(path);
    };
    const en = await page('en');
    assert.equal(en.statusCode, 200);
    assert.match(en.body, /Genuine: signed by the teacher, not yet confirmed/);
    assert.match(en.body, /<dt>Signature<\/dt><dd>the teacher’s passkey \(WebAuthn\)<\/dd>/);
    const detail = await open(seeded.id);
    for (const line of detail.lines) assert.ok(!en.body.includes(line.fio), 'no student is named');
    assert.ok(!en.body.includes(detail.digest));
    assert.match((await page('ru')).body, /Подлинная: подписана преподавателем/);
    assert.match((await page('ru')).body, /ключ доступа преподавателя \(passkey, WebAuthn\)/);
    assert.match((await page('kg')).body, /Чыныгы: окутуучу кол койгон/);

    const confirm = await registrar.post(`${API}/registrar/confirm.json`, {
      id: seeded.id,
      digest: detail.digest,
    });
    assert.equal(confirm.statusCode, 200, confirm.body);
    assert.match((await page('en')).body, /Genuine: signed and confirmed/);
    assert.equal((await signed(teacher))[0]!.state, 'confirmed');
    const lock = await registrar.post(`${API}/registrar/lock.json`, { id: seeded.id });
    assert.equal(lock.statusCode, 200, lock.body);
    assert.match((await page('en')).body, /Genuine: confirmed and locked/);
    assert.match(await pdfText(seeded.id, 'en'), /Locked: \d{2} [A-Z][a-z]{2} \d{4}/);

    // A changed id or a document's id does not open the statement's page.
    const [, id, mac] = /\/(\d+)-([A-Za-z0-9_-]{22})$/.exec(path)!;
    const forged = await t.client().get(path.replace(`${id}-${mac}`, `${Number(id) + 1}-${mac}`));
    assert.equal(forged.statusCode, 404);
    assert.match(forged.body, /No such statement|Такой ведомости нет|Мындай ведомость жок/);
  });

  test('a signature that no longer covers the content shows on the page', async () => {
    const [document] = await signed(teacher);
    await t.app.db.kysely
      .updateTable('statement_lines')
      .set({ final: 1 })
      .where('statement_id', '=', seeded.id)
      .execute();
    const reader = t.client();
    reader.cookies.set('lang', 'en');
    const page = await reader.get(verifyPath(document!.verify_url));
    assert.match(page.body, /The statement’s content changed after it was signed/);
  });
});
