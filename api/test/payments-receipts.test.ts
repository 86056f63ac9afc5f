// Receipt numbers: only a paid payment takes one, in an unbroken sequence per year of the
// university's zone, also when many payments are confirmed at once (through the notify URL, on
// two API instances). And a payment that is no longer open says what became of it: paid in
// another tab, cancelled, expired or declined, and whether the student was charged.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { Migrator } from 'kysely';
import type { GetGroupsResponse, Payment, PaymentCodeResponse } from '@lms/shared/contract';
import { InCodeMigrationProvider, migrateToLatest } from '../src/db/migrations.js';
import { defaultOptions } from '../src/options.js';
import { NOTIFY_PATH } from '../src/areas/payments/routes.js';
import { PAYMENT_REFUSALS } from '../src/areas/payments/messages.js';
import { receiptYear } from '../src/areas/payments/rules.js';
import { SANDBOX_CARDS, SANDBOX_CONFIRM_CODE } from '../src/areas/payments/sandbox/cards.js';
import { SANDBOX_ERRORS } from '../src/areas/payments/sandbox/messages.js';
import { signNotification, SIGNATURE_HEADER } from '../src/areas/payments/sandbox/signature.js';
import { currentAcademicYear } from '../src/lib/calendar.js';
import { Client, createTestApp, envelope, whoAmI, type TestApp } from './helper.js';

const M = '/lms/api/misc';
const SECRET = 'test-secret-of-the-receipts-0123456789abcdef';
const HOUR = 60 * 60 * 1000;
/** 31 December 2026, 23:00 in Bishkek (17:00 UTC): the last hour of 2026 at the university. */
const NEW_YEAR_EVE = Date.UTC(2026, 11, 31, 17, 0);

let keyCounter = 0;
const newKey = () => `rcpt-${process.pid}-${keyCounter++}`.padEnd(16, '0');

describe('receipt numbers', () => {
  let t: TestApp;
  /** The university's clock, which the test moves across the new year. */
  let now = NEW_YEAR_EVE;
  let students: { client: Client; id: number; groupId: number }[];
  let serviceIds: number[];
  const year = currentAcademicYear(new Date()).id_a_year;

  const data = async <T>(client: Client, path: string, body: unknown): Promise<T> => {
    const response = await client.post(`${M}/${path}`, body);
    assert.equal(response.statusCode, 200, `${path}: ${response.body}`);
    return envelope<T>(response).data as T;
  };
  const codeOf = (who: (typeof students)[number], serviceId: number) =>
    data<PaymentCodeResponse>(who.client, 'paymentcode.json', {
      id_year: year,
      id_group: who.groupId,
      id_student: who.id,
      id_uslug: serviceId,
    });
  const start = async (who: (typeof students)[number], code: string, amount: number) => {
    const response = await who.client.post(`${M}/paybycard.json`, {
      PaymentCode: code,
      amount,
      idempotencyKey: newKey(),
    });
    assert.equal(response.statusCode, 200, response.body);
    return envelope<Payment>(response).data!;
  };
  const orderOf = async (paymentId: number) =>
    (
      await t.app.db.kysely
        .selectFrom('payments')
        .select('order_ref')
        .where('id', '=', paymentId)
        .executeTakeFirstOrThrow()
    ).order_ref;
  /** The sandbox's signed notification of a charge (or a decline) of the payment. */
  const notification = async (
    paymentId: number,
    amount: number,
    type = 'payment.succeeded',
    id = `evt_${randomBytes(10).toString('hex')}`,
  ) => {
    const body = JSON.stringify({
      id,
      type,
      order: await orderOf(paymentId),
      amount,
      currency: 'KGS',
      transaction: `sbx_${paymentId}`,
      created: Date.now(),
    });
    return (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: NOTIFY_PATH,
        payload: body,
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: signNotification(SECRET, body, Date.now()),
        },
      });
  };
  const receiptOf = async (who: (typeof students)[number], paymentId: number) =>
    (await data<Payment>(who.client, 'payment.json', { id_payment: paymentId })).receiptNo;
  const allReceipts = async () =>
    (
      await t.app.db.kysely
        .selectFrom('payments')
        .select('receipt_no')
        .where('receipt_no', 'is not', null)
        .execute()
    )
      .map((row) => row.receipt_no!)
      .sort();
  const sequence = (year: number, from: number, count: number) =>
    Array.from({ length: count }, (_, i) => `${year}-${String(from + i).padStart(6, '0')}`);

  before(async () => {
    const defaults = defaultOptions();
    t = await createTestApp({
      payments: { ...defaults.payments, sandboxSecret: SECRET, clock: () => now },
    });
    // Four students of the seed, signed in by a session made directly.
    const rows = await t.app.db.kysely
      .selectFrom('users')
      .select('id')
      .where('role', '=', 2)
      .where('login', 'not in', ['newstudent'])
      .orderBy('id')
      .limit(4)
      .execute();
    students = [];
    for (const [index, row] of rows.entries()) {
      const client = await new Client(t.app, `10.7.0.${index + 1}`).prime();
      client.useSession(await t.app.repos.sessions.create(row.id, HOUR));
      const me = await whoAmI(client);
      const groups = await data<GetGroupsResponse>(client, 'getgroups.json', {
        id_a_year: year,
        id_student: me.id,
      });
      students.push({ client, id: me.id, groupId: groups[0]!.id_group });
    }
    const services = envelope<{ id_uslug: number }[]>(
      await students[0]!.client.get(`${M}/uslugi.json`),
    ).data!;
    serviceIds = services.map((s) => s.id_uslug);
    assert.ok(serviceIds.length >= 5, 'enough services for the codes below');
  });
  after(async () => t.close());

  test('abandoned, cancelled, declined, expired and refunded attempts take no number', async () => {
    const who = students[0]!;
    const code = await codeOf(who, serviceIds[0]!);
    // Abandoned at the provider: it expires.
    const abandoned = await start(who, code.PaymentCode, 1000);
    now += 31 * 60 * 1000;
    const cancelled = await start(who, code.PaymentCode, 1000);
    const cancel = await who.client.post(`${M}/paycancel.json`, {
      id_payment: cancelled.id_payment,
    });
    assert.equal(cancel.statusCode, 200, cancel.body);
    // The charge the provider still reports for the cancelled one is refunded, not numbered.
    assert.equal((await (await notification(cancelled.id_payment, 1000))(t.app)).statusCode, 200);
    const declined = await start(who, code.PaymentCode, 1000);
    await (
      await notification(declined.id_payment, 1000, 'payment.declined')
    )(t.app);
    const paid = await start(who, code.PaymentCode, 1000);
    await (
      await notification(paid.id_payment, 1000)
    )(t.app);

    for (const [payment, status] of [
      [abandoned, 'expired'],
      [cancelled, 'refund'],
      [declined, 'declined'],
      [paid, 'paid'],
    ] as const) {
      const state = await data<Payment>(who.client, 'payment.json', {
        id_payment: payment.id_payment,
      });
      assert.equal(state.status, status);
    }
    assert.ok(paid.id_payment - abandoned.id_payment >= 3, 'the attempts before it have ids');
    assert.equal(await receiptOf(who, paid.id_payment), '2026-000001');
    assert.equal(await receiptOf(who, declined.id_payment), null);
    assert.deepEqual(await allReceipts(), ['2026-000001']);
  });

  test('many payments confirmed at once get consecutive numbers, no gap and no duplicate', async () => {
    // One open payment on each code of every student: each its own code, so nothing but the
    // receipt counter makes them wait for one another.
    const open: { who: (typeof students)[number]; payment: Payment }[] = [];
    for (const who of students) {
      for (const serviceId of serviceIds.slice(1, 6)) {
        const code = await codeOf(who, serviceId);
        open.push({ who, payment: await start(who, code.PaymentCode, 100) });
      }
    }
    // Two API instances (on PostgreSQL two connection pools) take the notifications at once;
    // each event is delivered twice, as a provider retrying would.
    const instances = [t.app, await t.sibling()];
    const deliveries = await Promise.all(
      open.map(({ payment }) => notification(payment.id_payment, 100)),
    );
    const answers = await Promise.all(
      deliveries.flatMap((send, i) => [send(instances[i % 2]!), send(instances[(i + 1) % 2]!)]),
    );
    for (const answer of answers) assert.equal(answer.statusCode, 200, answer.body);
    const outcomes = answers.map((a) => envelope<{ outcome: string }>(a).data!.outcome);
    assert.equal(outcomes.filter((o) => o === 'applied').length, open.length);
    assert.equal(outcomes.filter((o) => o === 'duplicate').length, open.length);

    const numbers = await Promise.all(
      open.map(({ who, payment }) => receiptOf(who, payment.id_payment)),
    );
    assert.equal(new Set(numbers).size, open.length, 'no duplicate');
    assert.deepEqual([...numbers].sort(), sequence(2026, 2, open.length), 'no gap');
    assert.deepEqual(await allReceipts(), sequence(2026, 1, open.length + 1));
    const counter = await t.app.db.kysely
      .selectFrom('receipt_counters')
      .selectAll()
      .where('year', '=', 2026)
      .executeTakeFirstOrThrow();
    assert.equal(Number(counter.last_number), open.length + 1);
  });

  test("the university's new year starts a new sequence, while it is still the old year in UTC", async () => {
    const who = students[1]!;
    const code = await codeOf(who, serviceIds[0]!);
    const before2027 = await allReceipts();
    // 23:50 on 31 December in Bishkek.
    now = Date.UTC(2026, 11, 31, 17, 50);
    const last = await start(who, code.PaymentCode, 100);
    await (
      await notification(last.id_payment, 100)
    )(t.app);
    assert.equal(
      await receiptOf(who, last.id_payment),
      sequence(2026, before2027.length + 1, 1)[0],
    );
    // 00:10 on 1 January in Bishkek, 18:10 on 31 December in UTC.
    now = Date.UTC(2026, 11, 31, 18, 10);
    const first = await start(who, code.PaymentCode, 100);
    await (
      await notification(first.id_payment, 100)
    )(t.app);
    assert.equal(await receiptOf(who, first.id_payment), '2027-000001');
    const second = await start(who, code.PaymentCode, 100);
    await (
      await notification(second.id_payment, 100)
    )(t.app);
    assert.equal(await receiptOf(who, second.id_payment), '2027-000002');
    const counters = await t.app.db.kysely
      .selectFrom('receipt_counters')
      .selectAll()
      .orderBy('year')
      .execute();
    assert.deepEqual(
      counters.map((c) => [Number(c.year), Number(c.last_number)]),
      [
        [2026, before2027.length + 1],
        [2027, 2],
      ],
    );
  });
});

describe('a payment that is no longer open says what became of it', () => {
  let t: TestApp;
  let student: Client;
  let me: { id: number };
  let groupId: number;
  let serviceIds: number[];
  const year = currentAcademicYear(new Date()).id_a_year;

  const codeFor = async (serviceIndex: number) =>
    envelope<PaymentCodeResponse>(
      await student.post(`${M}/paymentcode.json`, {
        id_year: year,
        id_group: groupId,
        id_student: me.id,
        id_uslug: serviceIds[serviceIndex]!,
      }),
    ).data!;
  const start = async (code: string, amount: number) =>
    envelope<Payment>(
      await student.post(`${M}/paybycard.json`, {
        PaymentCode: code,
        amount,
        idempotencyKey: newKey(),
      }),
    ).data!;
  const card = { card: SANDBOX_CARDS.success, expiry: '12/39', cvc: '123' };
  /** The same browser in another language: the `lang` cookie (en) or Accept-Language (kg). */
  const inLanguage = (lang: 'ru' | 'en' | 'kg') => {
    const client = student.on(t.app);
    if (lang === 'en') client.cookies.set('lang', 'en');
    const headers = lang === 'kg' ? { 'accept-language': 'ky-KG,ky;q=0.9' } : {};
    return (url: string, body: unknown) =>
      client.request({ method: 'POST', url, payload: body as object, headers });
  };
  const LANGS = ['ru', 'en', 'kg'] as const;

  before(async () => {
    const defaults = defaultOptions();
    t = await createTestApp({ payments: { ...defaults.payments, sandboxSecret: SECRET } });
    student = await t.login({ login: 'student', password: 'Student1' });
    me = await whoAmI(student);
    const groups = envelope<GetGroupsResponse>(
      await student.post(`${M}/getgroups.json`, { id_a_year: year, id_student: me.id }),
    ).data!;
    groupId = groups[0]!.id_group;
    serviceIds = envelope<{ id_uslug: number }[]>(await student.get(`${M}/uslugi.json`)).data!.map(
      (s) => s.id_uslug,
    );
  });
  after(async () => t.close());

  test('paid in another tab: the page says so, that the card was charged once, and goes back to the receipt', async () => {
    const code = await codeFor(0);
    const payment = await start(code.PaymentCode, 500);
    // Two tabs on the one checkout: the first pays.
    const first = await student.post(`${payment.redirectUrl}/pay`, card);
    assert.equal(first.statusCode, 200, first.body);
    for (const lang of LANGS) {
      const second = await inLanguage(lang)(`${payment.redirectUrl}/pay`, card);
      assert.equal(second.statusCode, 409);
      const answer = second.json<{ error: string; closed: string; redirect: string }>();
      assert.equal(answer.error, SANDBOX_ERRORS.paid[lang]);
      assert.equal(answer.closed, 'paid');
      const back = new URL(answer.redirect, 'http://portal');
      assert.equal(back.pathname, '/lms/paymentcode');
      assert.equal(back.searchParams.get('payment'), String(payment.id_payment));
      assert.equal(back.searchParams.get('refused'), 'paid');
    }
    const paid = envelope<Payment>(
      await student.post(`${M}/payment.json`, { id_payment: payment.id_payment }),
    ).data!;
    assert.equal(paid.status, 'paid');
    assert.ok(paid.receiptNo);
    // Cancelling it from a tab that still showed it open: refused, saying it is paid.
    for (const lang of LANGS) {
      const cancel = await inLanguage(lang)(`${M}/paycancel.json`, {
        id_payment: payment.id_payment,
      });
      assert.equal(cancel.statusCode, 409);
      assert.equal(envelope(cancel).error, PAYMENT_REFUSALS.alreadyPaid[lang]);
    }
  });

  test('cancelled on the portal: not charged, back to a new attempt', async () => {
    const code = await codeFor(1);
    const payment = await start(code.PaymentCode, 500);
    const cancel = await student.post(`${M}/paycancel.json`, { id_payment: payment.id_payment });
    assert.equal(cancel.statusCode, 200, cancel.body);
    for (const lang of LANGS) {
      const late = await inLanguage(lang)(`${payment.redirectUrl}/pay`, card);
      assert.equal(late.statusCode, 409);
      const answer = late.json<{ error: string; closed: string; redirect: string }>();
      assert.equal(answer.error, SANDBOX_ERRORS.cancelled[lang]);
      assert.equal(answer.closed, 'cancelled');
      assert.match(answer.redirect, /[?&]refused=cancelled$/);
      const again = await inLanguage(lang)(`${M}/paycancel.json`, {
        id_payment: payment.id_payment,
      });
      assert.equal(again.statusCode, 409);
      assert.equal(envelope(again).error, PAYMENT_REFUSALS.alreadyCancelled[lang]);
    }
  });

  test('expired: not charged, back to a new attempt', async () => {
    const code = await codeFor(2);
    const payment = await start(code.PaymentCode, 500);
    const past = Date.now() - 1000;
    await t.app.db.kysely
      .updateTable('payments')
      .set({ expires_at: past })
      .where('id', '=', payment.id_payment)
      .execute();
    await t.app.db.kysely
      .updateTable('paysandbox_checkouts')
      .set({ expires_at: past })
      .where('token', '=', payment.redirectUrl!.split('/').at(-1)!)
      .execute();
    for (const lang of LANGS) {
      const late = await inLanguage(lang)(`${payment.redirectUrl}/pay`, card);
      assert.equal(late.statusCode, 409);
      const answer = late.json<{ error: string; closed: string; redirect: string }>();
      assert.equal(answer.error, SANDBOX_ERRORS.expired[lang]);
      assert.equal(answer.closed, 'expired');
      assert.match(answer.redirect, /[?&]refused=expired$/);
      const cancel = await inLanguage(lang)(`${M}/paycancel.json`, {
        id_payment: payment.id_payment,
      });
      assert.equal(cancel.statusCode, 409);
      assert.equal(envelope(cancel).error, PAYMENT_REFUSALS.alreadyExpired[lang]);
    }
  });

  test('declined, and a code for a checkout another tab moved to the SMS step', async () => {
    const code = await codeFor(3);
    const declined = await start(code.PaymentCode, 500);
    const no = await student.post(`${declined.redirectUrl}/pay`, {
      ...card,
      card: SANDBOX_CARDS.declined,
    });
    assert.equal(no.statusCode, 200, no.body);
    for (const lang of LANGS) {
      const again = await inLanguage(lang)(`${declined.redirectUrl}/pay`, card);
      assert.equal(again.statusCode, 409);
      assert.equal(again.json<{ error: string }>().error, SANDBOX_ERRORS.declined[lang]);
      const cancel = await inLanguage(lang)(`${M}/paycancel.json`, {
        id_payment: declined.id_payment,
      });
      assert.equal(envelope(cancel).error, PAYMENT_REFUSALS.alreadyDeclined[lang]);
    }

    // One tab entered a card that asks for the SMS code; the other tab's card form is refused,
    // not closed: the payment goes on in the first tab.
    const confirming = await start(code.PaymentCode, 500);
    const step = await student.post(`${confirming.redirectUrl}/pay`, {
      ...card,
      card: SANDBOX_CARDS.confirm,
    });
    assert.deepEqual(step.json(), { next: 'confirm' });
    const other = await student.post(`${confirming.redirectUrl}/pay`, card);
    assert.equal(other.statusCode, 409);
    assert.deepEqual(other.json(), { error: SANDBOX_ERRORS.confirming.ru, redirect: null });
    const done = await student.post(`${confirming.redirectUrl}/confirm`, {
      code: SANDBOX_CONFIRM_CODE,
    });
    assert.equal(done.statusCode, 200, done.body);
    const late = await student.post(`${confirming.redirectUrl}/confirm`, {
      code: SANDBOX_CONFIRM_CODE,
    });
    assert.equal(late.statusCode, 409);
    assert.equal(late.json<{ closed: string }>().closed, 'paid');
  });
});

describe('migration to receipt numbers per year', () => {
  let t: TestApp;

  before(async () => {
    const defaults = defaultOptions();
    t = await createTestApp({ payments: { ...defaults.payments, sandboxSecret: SECRET } });
  });
  after(async () => t.close());

  test('receipts issued before keep their numbers, and each year goes on after its highest', async () => {
    const db = t.app.db.kysely;
    const migrator = new Migrator({
      db,
      provider: new InCodeMigrationProvider(t.app.db.dialect, t.dataDir),
    });
    // The student's payment codes, made through the portal before the schema goes back.
    const student = await t.login({ login: 'student', password: 'Student1' });
    const me = await whoAmI(student);
    const year = currentAcademicYear(new Date()).id_a_year;
    const groups = envelope<GetGroupsResponse>(
      await student.post(`${M}/getgroups.json`, { id_a_year: year, id_student: me.id }),
    ).data!;
    const services = envelope<{ id_uslug: number }[]>(await student.get(`${M}/uslugi.json`)).data!;
    const codes: number[] = [];
    let lastCode = '';
    for (const service of services.slice(0, 5)) {
      const code = envelope<PaymentCodeResponse>(
        await student.post(`${M}/paymentcode.json`, {
          id_year: year,
          id_group: groups[0]!.id_group,
          id_student: me.id,
          id_uslug: service.id_uslug,
        }),
      ).data!;
      const row = await db
        .selectFrom('payment_codes')
        .select('id')
        .where('code', '=', code.PaymentCode)
        .executeTakeFirstOrThrow();
      codes.push(row.id);
      lastCode = code.PaymentCode;
    }
    // Back to the schema before receipt numbers per year. The portal's calls above and below run
    // on the latest schema (its code reads columns later migrations add).
    const down = await migrator.migrateTo('0028_student_directory_version');
    assert.equal(down.error, undefined);

    // Payments as the earlier releases left them: the number was the year and the payment's id,
    // so the abandoned attempts between them left holes (2025-000003, 2026-000006, …).
    // Paid at (UTC): the third is 00:30 on 1 January 2026 in Bishkek, still 2025 in UTC; the
    // first two were paid in the order opposite to their ids.
    const old = [
      { status: 'paid', paidAt: Date.UTC(2025, 10, 2, 8) },
      { status: 'paid', paidAt: Date.UTC(2025, 10, 1, 8) },
      { status: 'expired', paidAt: null },
      { status: 'paid', paidAt: Date.UTC(2025, 11, 31, 18, 30) },
      { status: 'cancelled', paidAt: null },
      { status: 'paid', paidAt: Date.UTC(2026, 2, 1, 8) },
    ];
    const ids: number[] = [];
    for (const [i, row] of old.entries()) {
      const inserted = await db
        .insertInto('payments')
        .values({
          code_id: codes[i % codes.length]!,
          student_id: me.id,
          amount: 100,
          status: row.status as Payment['status'],
          idempotency_key: `old-${i}-000000000000`,
          provider: 'sandbox',
          order_ref: `LMS-old-${i}`,
          created_at: Date.UTC(2025, 9, 1),
          updated_at: row.paidAt ?? Date.UTC(2025, 9, 1),
          expires_at: Date.UTC(2025, 9, 1) + HOUR,
          paid_at: row.paidAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(inserted.id);
    }
    for (const [i, row] of old.entries()) {
      if (row.paidAt === null) continue;
      // The earlier rule: the year of the server's clock (UTC here) and the id.
      const number = `${new Date(row.paidAt).getUTCFullYear()}-${String(ids[i]).padStart(6, '0')}`;
      await db
        .updateTable('payments')
        .set({ receipt_no: number })
        .where('id', '=', ids[i]!)
        .execute();
    }

    const before = await db
      .selectFrom('payments')
      .select(['id', 'receipt_no'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    await migrateToLatest(t.app.db, t.dataDir);
    const numbers = await db
      .selectFrom('payments')
      .select(['id', 'receipt_no'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    assert.deepEqual(numbers, before);
    const issued = (i: number) =>
      `${new Date(old[i]!.paidAt!).getUTCFullYear()}-${String(ids[i]).padStart(6, '0')}`;
    assert.deepEqual(
      numbers.map((row) => row.receipt_no),
      [issued(0), issued(1), null, issued(3), null, issued(5)],
    );
    const counters = await db.selectFrom('receipt_counters').selectAll().orderBy('year').execute();
    assert.deepEqual(
      counters.map((c) => [Number(c.year), Number(c.last_number)]),
      [
        [2025, ids[3]!],
        [2026, ids[5]!],
      ],
    );

    // The next payment paid takes the next number of its year.
    const next = envelope<Payment>(
      await student.post(`${M}/paybycard.json`, {
        PaymentCode: lastCode,
        amount: 100,
        idempotencyKey: newKey(),
      }),
    ).data!;
    const body = JSON.stringify({
      id: `evt_${randomBytes(10).toString('hex')}`,
      type: 'payment.succeeded',
      order: (
        await db
          .selectFrom('payments')
          .select('order_ref')
          .where('id', '=', next.id_payment)
          .executeTakeFirstOrThrow()
      ).order_ref,
      amount: 100,
      currency: 'KGS',
      transaction: 'sbx_next',
      created: Date.now(),
    });
    const notified = await t.client().request({
      method: 'POST',
      url: NOTIFY_PATH,
      payload: body,
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: signNotification(SECRET, body, Date.now()),
      },
    });
    assert.equal(notified.statusCode, 200, notified.body);
    const paid = envelope<Payment>(
      await student.post(`${M}/payment.json`, { id_payment: next.id_payment }),
    ).data!;
    const thisYear = receiptYear(Date.now(), 6 * 60);
    assert.equal(
      paid.receiptNo,
      `${thisYear}-${String(thisYear === 2026 ? ids[5]! + 1 : 1).padStart(6, '0')}`,
    );
  });
});
