// Documents over HTTP: a person's issued documents (their own only), the registrar's lookup and
// revocation with a reason, the verification page after it, and refused requests without a write.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type {
  DocListResponse,
  DistrictListResponse,
  HeldDocument,
  HolderSearchResponse,
  NaznachenieListResponse,
  Order,
  RegionListResponse,
} from '@lms/shared/contract';
import { DOCUMENTS_MESSAGES } from '../src/areas/documents/messages.js';
import { localDay } from '../src/areas/orders/rules.js';
import { REGISTRAR_ACCOUNT } from '../src/db/seed/orders.js';
import { SENIOR_ACCOUNT } from '../src/db/seed/transcript.js';
import { currentAcademicYear } from '../src/lib/calendar.js';
import { MESSAGES } from '../src/lib/messages.js';
import { createTestApp, DEMO, envelope, whoAmI, type Client, type TestApp } from './helper.js';

const API = '/lms/api/documents';
const S = '/lms/api/singlewindow';
const REGISTRAR = { login: REGISTRAR_ACCOUNT.login, password: REGISTRAR_ACCOUNT.password };
const SENIOR = { login: SENIOR_ACCOUNT.login, password: SENIOR_ACCOUNT.password };

describe('documents', () => {
  let t: TestApp;
  let student: Client;
  let senior: Client;
  let teacher: Client;
  let registrar: Client;
  let certificate: HeldDocument;
  let transcript: HeldDocument;

  const mine = async (client: Client) => {
    const response = await client.post(`${API}/mine.json`, {});
    assert.equal(response.statusCode, 200);
    return envelope<HeldDocument[]>(response).data ?? [];
  };
  const revokedCount = async () =>
    Number(
      (
        await t.app.db.kysely
          .selectFrom('issued_documents')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('revoked_at', 'is not', null)
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** The demo student orders a certificate of study the portal issues at once. */
  const orderCertificate = async (): Promise<Order> => {
    const post = async <T>(path: string, body: object) =>
      envelope<T>(await student.post(`${S}/${path}`, body)).data;
    const docs = (await post<DocListResponse>('doc/list.json', {})) ?? [];
    const regions = (await post<RegionListResponse>('region/list.json', {})) ?? [];
    const region = regions[0]?.id_region ?? 0;
    const districts =
      (await post<DistrictListResponse>('district/list.json', { id_region: region })) ?? [];
    const purposes = (await post<NaznachenieListResponse>('naznachenie/list.json', {})) ?? [];
    const order = await post<Order>('order/save.json', {
      id_doc: docs.find((d) => d.instant)?.id_doc,
      id_region: region,
      id_district: districts[0]?.id_district,
      id_naznachenie: purposes[0]?.id_naznachenie,
      date: localDay(new Date(Date.now() + 3 * 86_400_000)),
    });
    assert.ok(order?.id_document);
    return order;
  };

  before(async () => {
    t = await createTestApp();
    student = await t.login(DEMO.student);
    senior = await t.login(SENIOR);
    teacher = await t.login(DEMO.teacher);
    registrar = await t.login(REGISTRAR);
  });
  after(() => t.close());

  test('a person finds the documents issued to them, newest first, with links', async () => {
    assert.deepEqual(await mine(student), []);
    const order = await orderCertificate();
    const issued = await student.post('/lms/api/misc/transcript.file', {
      id_student: (await whoAmI(student)).id,
    });
    assert.equal(issued.statusCode, 200);
    const list = await mine(student);
    assert.deepEqual(
      list.map((d) => d.kind),
      ['transcript', 'certificate'],
    );
    [transcript, certificate] = list as [HeldDocument, HeldDocument];
    assert.equal(certificate.id, order.id_document);
    assert.equal(certificate.id_order, order.id_order);
    assert.equal(certificate.lang, 'ru', 'a certificate is in the language it was ordered in');
    assert.ok(certificate.detail.length > 0);
    assert.equal(transcript.lang, 'ru');
    assert.match(transcript.detail, /^GPA /);
    for (const document of list) {
      assert.match(document.verify_url, /\/lms\/verify\/\d+-[A-Za-z0-9_-]{22}$/);
      assert.equal(document.revoked, null);
      assert.equal(document.superseded_by, null);
      assert.ok(Math.abs(document.issued - Date.now()) < 60_000);
    }
    const page = await t.client().get(new URL(certificate.verify_url).pathname);
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /Документ подлинный/);
  });

  test('another person sees only their own; a teacher holds none', async () => {
    const theirs = await mine(senior);
    assert.ok(theirs.every((d) => d.id !== certificate.id && d.id !== transcript.id));
    assert.deepEqual(await mine(teacher), []);
  });

  test('an earlier transcript in the same language is superseded by the latest', async () => {
    const me = (await whoAmI(student)).id;
    const earlier = await t.app.db.kysely
      .insertInto('issued_documents')
      .values({
        kind: 'transcript',
        student_id: me,
        summary: JSON.stringify({ fio: 'x', gpa: '3.00', credits: '10' }),
        issued_at: Date.now() - 86_400_000,
        revoked_at: null,
        lang: 'ru',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const list = await mine(student);
    assert.equal(list.find((d) => d.id === earlier.id)?.superseded_by, transcript.id);
    assert.equal(list.find((d) => d.id === transcript.id)?.superseded_by, null);
  });

  test('the registrar looks a person up by name; nobody else may', async () => {
    const search = (client: Client, query: string) =>
      client.post(`${API}/registrar/search.json`, { query });
    const found = envelope<HolderSearchResponse>(await search(registrar, 'жумабаева айгерим')).data;
    assert.equal(found?.length, 1);
    assert.equal(found?.[0]?.id_student, (await whoAmI(student)).id);
    assert.ok(found?.[0]?.documents.some((d) => d.id === certificate.id));
    assert.deepEqual(envelope(await search(registrar, 'nobody-by-this-name')).data, []);
    for (const client of [student, teacher]) {
      const refused = await search(client, 'Жумабаева');
      assert.equal(refused.statusCode, 403);
      assert.equal(envelope(refused).error, DOCUMENTS_MESSAGES.registrarOnly.ru);
    }
    assert.equal((await search(registrar, 'a')).statusCode, 400);
  });

  test('a student or a teacher may not revoke; nothing changes', async () => {
    const before = await revokedCount();
    for (const client of [student, teacher]) {
      const refused = await client.post(`${API}/registrar/revoke.json`, {
        id_document: certificate.id,
        reason: 'Mine to revoke',
      });
      assert.equal(refused.statusCode, 403);
    }
    assert.equal(await revokedCount(), before);
  });

  test('bad input is a 400 in the caller’s language, an unknown document a 404', async () => {
    const english = await t.login(REGISTRAR);
    english.cookies.set('lang', 'en');
    const before = await revokedCount();
    for (const body of [
      {},
      { id_document: certificate.id },
      { id_document: 'x', reason: 'Wrong data' },
      { id_document: 0, reason: 'Wrong data' },
      { id_document: certificate.id, reason: 5 },
      { id_document: certificate.id, reason: 'x'.repeat(501) },
    ]) {
      const response = await english.post(`${API}/registrar/revoke.json`, body);
      assert.equal(response.statusCode, 400, JSON.stringify(body));
      assert.ok(envelope(response).error, JSON.stringify(body));
    }
    const blank = await english.post(`${API}/registrar/revoke.json`, {
      id_document: certificate.id,
      reason: '   a    ',
    });
    assert.equal(blank.statusCode, 400);
    assert.equal(envelope(blank).error, DOCUMENTS_MESSAGES.shortReason.en);
    const unknown = await english.post(`${API}/registrar/revoke.json`, {
      id_document: 999_999,
      reason: 'Wrong data',
    });
    assert.equal(unknown.statusCode, 404);
    assert.equal(envelope(unknown).error, MESSAGES.notFound.en);
    assert.equal(await revokedCount(), before);
  });

  test('the registrar revokes with a reason: the owner’s list and the verification page say so', async () => {
    const response = await registrar.post(`${API}/registrar/revoke.json`, {
      id_document: certificate.id,
      reason: '  Issued with a   wrong birth date ',
    });
    assert.equal(response.statusCode, 200);
    const revoked = envelope<HeldDocument>(response).data;
    assert.equal(revoked?.id, certificate.id);
    assert.ok(revoked?.revoked);
    assert.equal(revoked?.revoke_reason, 'Issued with a wrong birth date');
    const own = (await mine(student)).find((d) => d.id === certificate.id);
    assert.equal(own?.revoked, revoked?.revoked);
    assert.equal(own?.revoke_reason, 'Issued with a wrong birth date');
    const path = new URL(certificate.verify_url).pathname;
    const cases = [
      ['ru', /Документ отозван/, /Причина: Issued with a wrong birth date/],
      ['en', /The document has been revoked/, /Reason: Issued with a wrong birth date/],
      ['kg', /Документ кайтарылып алынган/, /Себеби: Issued with a wrong birth date/],
    ] as const;
    for (const [lang, status, reason] of cases) {
      const page = await t.client().get(`${path}?lang=${lang}`);
      assert.equal(page.statusCode, 200);
      assert.match(page.body, status);
      assert.match(page.body, reason);
      assert.doesNotMatch(page.body, /подлинный|genuine|чыныгы/);
    }
    // Revoking again is refused and keeps the first revocation.
    const again = await registrar.post(`${API}/registrar/revoke.json`, {
      id_document: certificate.id,
      reason: 'Another reason',
    });
    assert.equal(again.statusCode, 409);
    assert.equal(envelope(again).error, DOCUMENTS_MESSAGES.alreadyRevoked.ru);
    const still = (await mine(student)).find((d) => d.id === certificate.id);
    assert.equal(still?.revoke_reason, 'Issued with a wrong birth date');
  });

  test('two registrars revoking at once: one wins, the other hears it was revoked', async () => {
    const other = await t.login(REGISTRAR);
    const [a, b] = await Promise.all(
      [registrar, other].map((client) =>
        client.post(`${API}/registrar/revoke.json`, {
          id_document: transcript.id,
          reason: `Reason of ${client === registrar ? 'one' : 'two'}`,
        }),
      ),
    );
    assert.deepEqual([a?.statusCode, b?.statusCode].sort(), [200, 409]);
  });

  test('a paid payment’s receipt is issued once, with its verification link, and listed', async () => {
    const me = (await whoAmI(student)).id;
    const db = t.app.db.kysely;
    const place = await db
      .selectFrom('students')
      .select('group_id')
      .where('id', '=', me)
      .executeTakeFirstOrThrow();
    const service = await db
      .selectFrom('payment_services')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const now = Date.now();
    const code = await db
      .insertInto('payment_codes')
      .values({
        code: '99999999999',
        student_id: me,
        service_id: service.id,
        year_id: currentAcademicYear(new Date()).id_a_year,
        group_id: place.group_id,
        amount: 150_000,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const payment = await db
      .insertInto('payments')
      .values({
        code_id: code.id,
        student_id: me,
        amount: 150_000,
        status: 'paid',
        idempotency_key: 'documents-receipt-0001',
        provider: 'sandbox',
        order_ref: 'documents-receipt-order',
        provider_ref: 'ref-1',
        checkout_url: null,
        receipt_no: '2026-009999',
        created_at: now,
        updated_at: now,
        expires_at: now + 60_000,
        paid_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const receiptCount = async () =>
      (await db.selectFrom('issued_documents').select('id').where('kind', '=', 'receipt').execute())
        .length;
    const before = await receiptCount();
    for (let i = 0; i < 2; i++) {
      const file = await student.get(`/lms/api/misc/payreceipt.file?id_payment=${payment.id}`);
      assert.equal(file.statusCode, 200);
      assert.equal(file.headers['content-type'], 'application/pdf');
    }
    assert.equal(await receiptCount(), before + 1, 'printed twice, issued once');
    const receipt = (await mine(student)).find((d) => d.kind === 'receipt');
    assert.equal(receipt?.id_payment, payment.id);
    assert.match(receipt?.detail ?? '', /№ 2026-009999/);
    assert.equal(receipt?.lang, null);
    const page = await t.client().get(`${new URL(receipt?.verify_url ?? '').pathname}?lang=en`);
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /Payment receipt/);
    assert.match(page.body, /2026-009999/);
    assert.match(page.body, /The document is genuine/);
    // Someone else's receipt is neither printed for them nor listed.
    assert.notEqual(
      (await senior.get(`/lms/api/misc/payreceipt.file?id_payment=${payment.id}`)).statusCode,
      200,
    );
    assert.ok((await mine(senior)).every((d) => d.id !== receipt?.id));
  });

  test('without a session every route answers 401', async () => {
    const anonymous = await t.client().prime();
    for (const path of ['mine.json', 'registrar/search.json', 'registrar/revoke.json']) {
      const response = await anonymous.post(`${API}/${path}`, {});
      assert.equal(response.statusCode, 401, path);
    }
  });
});
