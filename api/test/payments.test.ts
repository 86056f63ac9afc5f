import assert from 'node:assert/strict';
import { INSTITUTION } from '../src/lib/messages.js';
import { after, before, describe, test } from 'node:test';
import type {
  GetGroupsResponse,
  Payment,
  PaymentCodeResponse,
  PaymentsResponse,
  UslugiResponse,
} from '@lms/shared/contract';
import { PDFParse } from 'pdf-parse';
import { currentAcademicYear } from '../src/lib/calendar.js';
import {
  composePaymentCode,
  isValidPaymentCode,
  MAX_CODED_STUDENT_ID,
} from '../src/areas/payments/code.js';
import { hasValidCrc, parseTlv } from '../src/areas/payments/emvco.js';
import { SANDBOX_CARDS, SANDBOX_CONFIRM_CODE } from '../src/areas/payments/sandbox/cards.js';
import { signNotification, SIGNATURE_HEADER } from '../src/areas/payments/sandbox/signature.js';
import { NOTIFY_PATH } from '../src/areas/payments/routes.js';
import { PAYMENT_REFUSALS, RECEIPT_LABELS } from '../src/areas/payments/messages.js';
import { SANDBOX_ERRORS, SANDBOX_PAGE } from '../src/areas/payments/sandbox/messages.js';
import { payments } from '../src/lib/metrics.js';
import {
  anotherStudent,
  counterValue,
  createTestApp,
  DEMO,
  envelope,
  type Client,
  type TestApp,
} from './helper.js';
import { formatterFor } from '@lms/shared/format';

/** Text with every kind of space as a plain one (a PDF's text has no no-break spaces). */
const spaced = (text: string) => text.replace(/\s/g, ' ');

const M = '/lms/api/misc';
const SECRET = 'test-secret-of-the-sandbox-0123456789abcdef';

let keyCounter = 0;
const newKey = () => `key-${process.pid}-${Date.now()}-${keyCounter++}`.padEnd(16, '0');

describe('payments API', () => {
  let t: TestApp;
  let student: Client;
  let other: Client;
  let teacher: Client;
  let me: { id: number };
  let otherMe: { id: number };
  let services: UslugiResponse;
  let groupId: number;
  const year = currentAcademicYear(new Date()).id_a_year;

  const data = async <T>(client: Client, path: string, body?: unknown): Promise<T> => {
    const response =
      body === undefined
        ? await client.get(`${M}/${path}`)
        : await client.post(`${M}/${path}`, body);
    assert.equal(response.statusCode, 200, `${path}: ${response.body}`);
    return envelope<T>(response).data as T;
  };
  const whoAmI = async (client: Client) =>
    envelope<{ user: { id: number } }>(
      await client.post('/lms/api/auth/enticate.json', { token: null }),
    ).data!.user;
  const codeFor = (client: Client, studentId: number, serviceId: number, group = groupId) =>
    data<PaymentCodeResponse>(client, 'paymentcode.json', {
      id_year: year,
      id_group: group,
      id_student: studentId,
      id_uslug: serviceId,
    });
  const payByCard = (client: Client, code: string, amount: number, key = newKey()) =>
    client.post(`${M}/paybycard.json`, { PaymentCode: code, amount, idempotencyKey: key });
  const payment = (client: Client, id: number) =>
    data<Payment>(client, 'payment.json', { id_payment: id });
  /** The browser on the sandbox's hosted page: the page, then the card form's POST. */
  const payOnPage = async (client: Client, redirectUrl: string, card: string) => {
    const page = await client.get(redirectUrl);
    assert.equal(page.statusCode, 200);
    return client.post(`${redirectUrl}/pay`, { card, expiry: '12/39', cvc: '123' });
  };
  const callbackRows = async () =>
    t.app.db.kysely.selectFrom('payment_callbacks').selectAll().orderBy('id').execute();

  before(async () => {
    t = await createTestApp({
      payments: {
        university: INSTITUTION.name,
        qr: {
          accountTag: '32',
          accountFields: [
            { id: '00', value: 'kg.bank.test.qr' },
            { id: '01', value: '1280016030000001' },
          ],
          categoryCode: '8220',
          merchantName: 'UNIVERSITY',
          merchantCity: 'BISHKEK',
        },
        provider: 'sandbox',
        sandboxSecret: SECRET,
        paymentTtlMs: 30 * 60 * 1000,
      },
    });
    student = await t.login(DEMO.student);
    teacher = await t.login(DEMO.teacher);
    me = await whoAmI(student);
    other = await anotherStudent(t);
    otherMe = await whoAmI(other);
    services = await data<UslugiResponse>(student, 'uslugi.json');
    const groups = await data<GetGroupsResponse>(student, 'getgroups.json', {
      id_a_year: year,
      id_student: me.id,
    });
    assert.equal(groups.length, 1);
    groupId = groups[0]!.id_group;
  });
  after(async () => t.close());

  test('services are seeded with integer amounts in tyiyn', () => {
    assert.ok(services.length >= 4);
    for (const service of services) {
      assert.ok(Number.isInteger(service.amount) && service.amount > 0);
      assert.ok(service.name && service.name_kg && service.name_en);
    }
  });

  test('the same request gives the same code, with the amount due and an EMVCo QR', async () => {
    const service = services[0]!;
    const issued = await counterValue(payments, { step: 'code_issued' });
    const first = await codeFor(student, me.id, service.id_uslug);
    const second = await codeFor(student, me.id, service.id_uslug);
    assert.equal(await counterValue(payments, { step: 'code_issued' }), issued + 2);
    assert.equal(first.PaymentCode, second.PaymentCode);
    assert.ok(isValidPaymentCode(first.PaymentCode));
    assert.equal(first.PaymentInfo.amount, service.amount);
    assert.equal(first.PaymentInfo.due, service.amount);
    assert.equal(first.PaymentInfo.currency, 'KGS');
    const another = await codeFor(student, me.id, services[1]!.id_uslug);
    assert.notEqual(another.PaymentCode, first.PaymentCode);

    const qr = first.qr;
    assert.ok(hasValidCrc(qr), 'CRC verified');
    const fields = new Map(parseTlv(qr).map((f) => [f.id, f.value]));
    assert.equal(fields.get('00'), '01');
    assert.equal(fields.get('01'), '12');
    assert.equal(fields.get('53'), '417');
    assert.equal(fields.get('58'), 'KG');
    assert.equal(fields.get('52'), '8220');
    const som = `${Math.floor(service.amount / 100)}.${String(service.amount % 100).padStart(2, '0')}`;
    assert.equal(fields.get('54'), som);
    const account = new Map(parseTlv(fields.get('32')!).map((f) => [f.id, f.value]));
    assert.equal(account.get('01'), '1280016030000001');
    const extra = new Map(parseTlv(fields.get('62')!).map((f) => [f.id, f.value]));
    assert.equal(extra.get('01'), first.PaymentCode);
    assert.equal([...fields.keys()].at(-1), '63');
    const tampered = qr.replace(`54${String(som.length).padStart(2, '0')}${som}`, `5404${'9.99'}`);
    assert.ok(!hasValidCrc(tampered));
  });

  test('codes: another student, a wrong group or service, a teacher are refused', async () => {
    const service = services[0]!.id_uslug;
    const body = { id_year: year, id_group: groupId, id_student: otherMe.id, id_uslug: service };
    const issued = await counterValue(payments, { step: 'code_issued' });
    assert.equal((await student.post(`${M}/paymentcode.json`, body)).statusCode, 403);
    assert.equal(
      (await student.post(`${M}/getgroups.json`, { id_a_year: year, id_student: otherMe.id }))
        .statusCode,
      403,
    );
    const wrongGroup = await student.post(`${M}/paymentcode.json`, {
      ...body,
      id_student: me.id,
      id_group: groupId + 1000,
    });
    assert.equal(wrongGroup.statusCode, 400);
    const wrongService = await student.post(`${M}/paymentcode.json`, {
      ...body,
      id_student: me.id,
      id_uslug: 99999,
    });
    assert.equal(wrongService.statusCode, 400);
    for (const [path, payload] of [
      ['uslugi.json', undefined],
      ['getgroups.json', { id_a_year: year, id_student: me.id }],
      ['paymentcode.json', { ...body, id_student: me.id }],
      ['payments.json', { id_student: me.id }],
    ] as const) {
      const response =
        payload === undefined
          ? await teacher.get(`${M}/${path}`)
          : await teacher.post(`${M}/${path}`, payload);
      assert.equal(response.statusCode, 403, path);
    }
    assert.equal(await counterValue(payments, { step: 'code_issued' }), issued, 'refusals');
    const mine = await codeFor(student, me.id, service);
    const byTeacher = await payByCard(teacher, mine.PaymentCode, 100);
    assert.equal(byTeacher.statusCode, 403);
    const byOther = await payByCard(other, mine.PaymentCode, 100);
    assert.equal(byOther.statusCode, 403);
    const otherList = await other.post(`${M}/payments.json`, { id_student: me.id });
    assert.equal(otherList.statusCode, 403);
  });

  test('card payment: 20 concurrent repeats of one attempt make one payment and one checkout', async () => {
    const code = await codeFor(student, me.id, services[2]!.id_uslug);
    const key = newKey();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        payByCard(student, code.PaymentCode, code.PaymentInfo.due, key),
      ),
    );
    for (const response of responses) assert.equal(response.statusCode, 200, response.body);
    const payments = responses.map((r) => envelope<Payment>(r).data!);
    assert.equal(new Set(payments.map((p) => p.id_payment)).size, 1);
    assert.equal(new Set(payments.map((p) => p.redirectUrl)).size, 1);
    const rows = await t.app.db.kysely
      .selectFrom('payments')
      .select(['id', 'order_ref'])
      .where('idempotency_key', '=', key)
      .execute();
    assert.equal(rows.length, 1);
    const checkouts = await t.app.db.kysely
      .selectFrom('paysandbox_checkouts')
      .select('id')
      .where('order_ref', '=', rows[0]!.order_ref)
      .execute();
    assert.equal(checkouts.length, 1);
    assert.equal(payments[0]!.status, 'pending');
    assert.equal(payments[0]!.testMode, true);

    // The same key with another amount is refused, not reinterpreted.
    const changed = await payByCard(student, code.PaymentCode, code.PaymentInfo.due - 1, key);
    assert.equal(changed.statusCode, 409);
  });

  test('success card: paid only by the verified callback, with a receipt PDF', async () => {
    const code = await codeFor(student, me.id, services[3]!.id_uslug);
    const started = envelope<Payment>(
      await payByCard(student, code.PaymentCode, code.PaymentInfo.due),
    ).data!;
    assert.equal(started.status, 'pending');
    // The return page only reads the payment: nothing but the provider's callback marks it paid.
    assert.equal((await payment(student, started.id_payment)).status, 'pending');
    const receiptBefore = await student.get(
      `${M}/payreceipt.file?id_payment=${started.id_payment}`,
    );
    assert.equal(receiptBefore.statusCode, 404);

    const page = await student.get(started.redirectUrl!);
    assert.match(page.body, /ТЕСТОВЫЙ РЕЖИМ|TEST MODE/);
    const paid = await payOnPage(student, started.redirectUrl!, SANDBOX_CARDS.success);
    assert.equal(paid.statusCode, 200, paid.body);
    // Back to the payment page with the choice the code was made from, and the payment.
    const back = new URL(paid.json<{ redirect: string }>().redirect, 'http://portal');
    assert.equal(back.pathname, '/lms/paymentcode');
    assert.equal(back.searchParams.get('service'), String(services[3]!.id_uslug));
    assert.equal(back.searchParams.get('year'), String(year));
    assert.equal(back.searchParams.get('group'), String(groupId));
    assert.equal(back.searchParams.get('payment'), String(started.id_payment));
    const after = await payment(student, started.id_payment);
    assert.equal(after.status, 'paid');
    assert.ok(after.receiptNo);
    assert.equal(after.redirectUrl, null);

    // Paying again on the page (a double submit) charges nothing more.
    const again = await student.post(`${started.redirectUrl}/pay`, {
      card: SANDBOX_CARDS.success,
      expiry: '12/39',
      cvc: '123',
    });
    assert.equal(again.statusCode, 409);
    const applied = (await callbackRows()).filter(
      (row) => row.payment_id === started.id_payment && row.outcome === 'applied',
    );
    assert.equal(applied.length, 1);

    // The code now shows the amount as paid and no QR; another card payment is refused.
    const settled = await codeFor(student, me.id, services[3]!.id_uslug);
    assert.equal(settled.PaymentInfo.due, 0);
    assert.equal(settled.qr, '');
    assert.equal((await payByCard(student, code.PaymentCode, 100)).statusCode, 409);
    // A retry of the paid attempt still answers the same payment.
    const list = await data<PaymentsResponse>(student, 'payments.json', { id_student: me.id });
    assert.ok(list.some((p) => p.id_payment === started.id_payment && p.status === 'paid'));

    const receipt = await student.get(`${M}/payreceipt.file?id_payment=${started.id_payment}`);
    assert.equal(receipt.statusCode, 200);
    assert.equal(receipt.headers['content-type'], 'application/pdf');
    assert.match(String(receipt.headers['content-disposition']), /attachment/);
    const text = (await new PDFParse({ data: receipt.rawPayload }).getText()).text;
    assert.ok(text.includes(after.receiptNo!), text);
    assert.ok(text.includes('Тянь-Шаньский университет'), text);
    assert.ok(text.includes('Жумабаева Айгерим Талантбековна'), text);
    assert.ok(text.includes(code.PaymentCode));
    // The amount and the date as the portal writes them in Russian.
    assert.ok(spaced(text).includes(spaced(formatterFor('ru').money(started.amount / 100))), text);
    assert.match(text, /\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/);
    // The paid time is Bishkek's (UTC+6), whatever the server's own zone.
    const { paid_at } = await t.app.db.kysely
      .selectFrom('payments')
      .select('paid_at')
      .where('id', '=', started.id_payment)
      .executeTakeFirstOrThrow();
    const [day, clock] = new Date(Number(paid_at) + 6 * 3_600_000).toISOString().split('T');
    const [y, mo, d] = day!.split('-');
    assert.ok(text.includes(`${d}.${mo}.${y}, ${clock!.slice(0, 5)}`), text);

    // Another student may neither see the payment nor its receipt.
    assert.equal(
      (await other.post(`${M}/payment.json`, { id_payment: started.id_payment })).statusCode,
      403,
    );
    assert.equal(
      (await other.get(`${M}/payreceipt.file?id_payment=${started.id_payment}`)).statusCode,
      403,
    );
  });

  test('decline card and the confirmation step', async () => {
    const code = await codeFor(student, me.id, services[4]!.id_uslug);
    const declined = envelope<Payment>(await payByCard(student, code.PaymentCode, 1000)).data!;
    const answer = await payOnPage(student, declined.redirectUrl!, SANDBOX_CARDS.declined);
    assert.equal(answer.statusCode, 200);
    assert.equal((await payment(student, declined.id_payment)).status, 'declined');
    assert.equal(
      (await student.get(`${M}/payreceipt.file?id_payment=${declined.id_payment}`)).statusCode,
      404,
    );

    const confirmed = envelope<Payment>(await payByCard(student, code.PaymentCode, 2000)).data!;
    const step = await payOnPage(student, confirmed.redirectUrl!, SANDBOX_CARDS.confirm);
    assert.deepEqual(step.json(), { next: 'confirm' });
    assert.equal((await payment(student, confirmed.id_payment)).status, 'pending');
    const done = await student.post(`${confirmed.redirectUrl}/confirm`, {
      code: SANDBOX_CONFIRM_CODE,
    });
    assert.equal(done.statusCode, 200, done.body);
    assert.equal((await payment(student, confirmed.id_payment)).status, 'paid');

    const unknown = envelope<Payment>(await payByCard(student, code.PaymentCode, 100)).data!;
    const refused = await payOnPage(student, unknown.redirectUrl!, '5555555555554444');
    assert.equal(refused.statusCode, 400);
    assert.equal((await payment(student, unknown.id_payment)).status, 'pending');
  });

  test('forged and replayed callbacks change nothing and are logged', async () => {
    const code = await codeFor(student, me.id, services[5]!.id_uslug);
    const started = envelope<Payment>(await payByCard(student, code.PaymentCode, 500)).data!;
    const row = await t.app.db.kysely
      .selectFrom('payments')
      .select('order_ref')
      .where('id', '=', started.id_payment)
      .executeTakeFirstOrThrow();
    const notice = (id: string, type = 'payment.succeeded') =>
      JSON.stringify({
        id,
        type,
        order: row.order_ref,
        amount: 500,
        currency: 'KGS',
        transaction: 'sbx_forged',
        created: Date.now(),
      });
    const provider = t.client();
    const send = (body: string, signature: string | undefined) =>
      provider.request({
        method: 'POST',
        url: NOTIFY_PATH,
        payload: body,
        headers: {
          'content-type': 'application/json',
          ...(signature ? { [SIGNATURE_HEADER]: signature } : {}),
        },
      });
    const countBefore = (await callbackRows()).length;

    const forgedBody = notice('evt_forged0001');
    const forgeries = [
      await send(forgedBody, undefined),
      await send(forgedBody, signNotification('wrong-secret', forgedBody, Date.now())),
      await send(forgedBody, signNotification(SECRET, notice('evt_other0001'), Date.now())),
      await send(forgedBody, signNotification(SECRET, forgedBody, Date.now() - 60 * 60 * 1000)),
    ];
    for (const response of forgeries) assert.equal(response.statusCode, 403);
    assert.equal((await payment(student, started.id_payment)).status, 'pending');
    const rejected = (await callbackRows()).slice(countBefore);
    assert.equal(rejected.length, 4);
    assert.ok(rejected.every((r) => r.verified === 0 && r.outcome === 'rejected'));

    // A genuine notification, then the same one replayed: applied once.
    const genuine = notice('evt_genuine0001');
    const signature = signNotification(SECRET, genuine, Date.now());
    assert.equal((await send(genuine, signature)).statusCode, 200);
    assert.equal((await payment(student, started.id_payment)).status, 'paid');
    const replay = await send(genuine, signature);
    assert.equal(replay.statusCode, 200);
    assert.deepEqual(envelope(replay).data, { outcome: 'duplicate' });
    // A new event that would flip the paid payment to declined is ignored.
    const flip = notice('evt_flip00001', 'payment.declined');
    const flipped = await send(flip, signNotification(SECRET, flip, Date.now()));
    assert.deepEqual(envelope(flipped).data, { outcome: 'ignored' });
    const final = await payment(student, started.id_payment);
    assert.equal(final.status, 'paid');
    const outcomes = (await callbackRows())
      .filter((r) => r.payment_id === started.id_payment)
      .map((r) => r.outcome);
    assert.deepEqual(outcomes, ['applied', 'duplicate', 'ignored']);
  });

  test('a payment left at the provider expires and can no longer be paid there', async () => {
    const code = await codeFor(student, me.id, services[1]!.id_uslug);
    const started = envelope<Payment>(await payByCard(student, code.PaymentCode, 700)).data!;
    const past = Date.now() - 1000;
    await t.app.db.kysely
      .updateTable('payments')
      .set({ expires_at: past })
      .where('id', '=', started.id_payment)
      .execute();
    await t.app.db.kysely
      .updateTable('paysandbox_checkouts')
      .set({ expires_at: past })
      .where('token', '=', started.redirectUrl!.split('/').at(-1)!)
      .execute();
    const expired = await payment(student, started.id_payment);
    assert.equal(expired.status, 'expired');
    assert.equal(expired.redirectUrl, null);
    const late = await payOnPage(student, started.redirectUrl!, SANDBOX_CARDS.success);
    assert.equal(late.statusCode, 409);
    assert.equal((await payment(student, started.id_payment)).status, 'expired');
  });

  // ---- One open payment per code; a charge beyond what is due is not counted ----

  /** The other student's code of a service (their own group of this year). */
  const otherCode = async (serviceIndex: number) => {
    const groups = await data<GetGroupsResponse>(other, 'getgroups.json', {
      id_a_year: year,
      id_student: otherMe.id,
    });
    return codeFor(other, otherMe.id, services[serviceIndex]!.id_uslug, groups[0]!.id_group);
  };
  const codePayments = (code: string) =>
    t.app.db.kysely
      .selectFrom('payments as p')
      .innerJoin('payment_codes as c', 'c.id', 'p.code_id')
      .select(['p.id', 'p.status', 'p.amount', 'p.receipt_no', 'p.order_ref'])
      .where('c.code', '=', code)
      .orderBy('p.id')
      .execute();
  /** The sandbox reports a charge of the payment, signed, as it would after its page. */
  const reportCharge = async (orderRef: string, amount: number) => {
    const body = JSON.stringify({
      id: `evt_${orderRef.replace(/[^A-Za-z0-9]/g, '').slice(-20)}late`,
      type: 'payment.succeeded',
      order: orderRef,
      amount,
      currency: 'KGS',
      transaction: 'sbx_late0001',
      created: Date.now(),
    });
    return t.client().request({
      method: 'POST',
      url: NOTIFY_PATH,
      payload: body,
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: signNotification(SECRET, body, Date.now()),
      },
    });
  };

  test('20 concurrent attempts with distinct keys start one payment; the others answer it', async () => {
    const code = await otherCode(2);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => payByCard(other, code.PaymentCode, code.PaymentInfo.due)),
    );
    for (const response of responses) assert.equal(response.statusCode, 200, response.body);
    const answers = responses.map((r) => envelope<Payment & { inProgress: boolean }>(r).data!);
    assert.equal(new Set(answers.map((p) => p.id_payment)).size, 1);
    assert.equal(new Set(answers.map((p) => p.redirectUrl)).size, 1);
    assert.equal(answers.filter((p) => !p.inProgress).length, 1, 'one attempt started it');
    const rows = await codePayments(code.PaymentCode);
    assert.deepEqual(
      rows.map((r) => r.status),
      ['pending'],
    );
    const checkouts = await t.app.db.kysely
      .selectFrom('paysandbox_checkouts')
      .select('id')
      .where('order_ref', '=', rows[0]!.order_ref)
      .execute();
    assert.equal(checkouts.length, 1);
    // The payment screen is told of it when it shows the code.
    const again = await otherCode(2);
    assert.equal(again.pending?.id_payment, answers[0]!.id_payment);
    assert.equal(again.pending?.redirectUrl, answers[0]!.redirectUrl);
  });

  test('two tabs paid at the provider: one charge counts, the other is marked for refund', async () => {
    const code = await otherCode(3);
    const due = code.PaymentInfo.due;
    // Tab 1 opened a checkout; here it has run out, the provider's page was still open.
    const first = envelope<Payment>(await payByCard(other, code.PaymentCode, due)).data!;
    await t.app.db.kysely
      .updateTable('payments')
      .set({ expires_at: Date.now() - 1000 })
      .where('id', '=', first.id_payment)
      .execute();
    // Tab 2, another key: its own checkout.
    const second = envelope<Payment & { inProgress: boolean }>(
      await payByCard(other, code.PaymentCode, due),
    ).data!;
    assert.notEqual(second.id_payment, first.id_payment);
    // Both pages are paid, at the same time.
    const paid = await Promise.all([
      payOnPage(other, first.redirectUrl!, SANDBOX_CARDS.success),
      payOnPage(other, second.redirectUrl!, SANDBOX_CARDS.success),
    ]);
    for (const response of paid) assert.equal(response.statusCode, 200, response.body);
    const rows = await codePayments(code.PaymentCode);
    assert.deepEqual(rows.map((r) => r.status).sort(), ['paid', 'refund']);
    assert.equal(rows.filter((r) => r.receipt_no !== null).length, 1, 'one receipt');
    const settled = await otherCode(3);
    assert.equal(settled.PaymentInfo.paid, due, 'charged once');
    assert.equal(settled.PaymentInfo.due, 0);
    const refunded = rows.find((r) => r.status === 'refund')!;
    assert.equal(
      (await other.get(`${M}/payreceipt.file?id_payment=${refunded.id}`)).statusCode,
      404,
    );
    const list = await data<PaymentsResponse>(other, 'payments.json', { id_student: otherMe.id });
    assert.equal(list.find((p) => p.id_payment === refunded.id)?.status, 'refund');
    const logged = (await callbackRows()).filter((r) => r.payment_id === refunded.id);
    assert.deepEqual(
      logged.map((r) => r.outcome),
      ['refund'],
    );
  });

  test('the student cancels an open payment; its page closes, a late charge is refunded', async () => {
    const code = await otherCode(4);
    const open = envelope<Payment>(await payByCard(other, code.PaymentCode, 1500)).data!;
    const cancel = (client: Client, id = open.id_payment) =>
      client.post(`${M}/paycancel.json`, { id_payment: id });
    // Another student, a teacher: refused, nothing changes.
    assert.equal((await cancel(student)).statusCode, 403);
    assert.equal((await cancel(teacher)).statusCode, 403);
    assert.equal((await payment(other, open.id_payment)).status, 'pending');

    const cancelled = await cancel(other);
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    const answer = envelope<Payment>(cancelled).data!;
    assert.equal(answer.status, 'cancelled');
    assert.equal(answer.redirectUrl, null);
    const twice = await cancel(other.on(t.app));
    assert.equal(twice.statusCode, 409);
    assert.equal(envelope(twice).error, PAYMENT_REFUSALS.alreadyCancelled.ru);
    const english = other.on(t.app);
    english.cookies.set('lang', 'en');
    assert.equal(envelope(await cancel(english)).error, PAYMENT_REFUSALS.alreadyCancelled.en);

    // The provider's page no longer charges it.
    const page = await other.get(open.redirectUrl!);
    assert.match(page.body, /отменён/);
    const late = await other.post(`${open.redirectUrl}/pay`, {
      card: SANDBOX_CARDS.success,
      expiry: '12/39',
      cvc: '123',
    });
    assert.equal(late.statusCode, 409);
    // A charge the provider had under way and reports anyway is not counted.
    const [row] = await codePayments(code.PaymentCode);
    assert.equal((await reportCharge(row!.order_ref, 1500)).statusCode, 200);
    assert.equal((await payment(other, open.id_payment)).status, 'refund');
    assert.equal((await otherCode(4)).PaymentInfo.paid, 0);

    // A new attempt starts a new payment.
    const next = envelope<Payment & { inProgress: boolean }>(
      await payByCard(other, code.PaymentCode, 1500),
    ).data!;
    assert.notEqual(next.id_payment, open.id_payment);
    assert.equal(next.inProgress, false);
    assert.equal(next.status, 'pending');
  });

  test("card payment with another student's code answers like an unknown code", async () => {
    const theirs = (await otherCode(0)).PaymentCode;
    // The same service and year for a student who does not exist: a well-formed, unknown code.
    const unknown = composePaymentCode({
      serviceCode: Number(theirs.slice(0, 2)),
      yearId: Number(theirs.slice(2, 4)),
      studentId: MAX_CODED_STUDENT_ID,
    });
    const hidden = await payByCard(student, theirs, 100);
    const missing = await payByCard(student, unknown, 100);
    assert.equal(hidden.statusCode, 403, hidden.body);
    assert.equal(missing.statusCode, hidden.statusCode, missing.body);
    assert.equal(envelope(missing).error, envelope(hidden).error);
    assert.deepEqual(await codePayments(theirs), []);
  });

  test('bad input is a 400 with a message', async () => {
    const code = await codeFor(student, me.id, services[0]!.id_uslug);
    const typo = `${code.PaymentCode.slice(0, -1)}${(Number(code.PaymentCode.at(-1)) + 1) % 10}`;
    const cases = [
      { PaymentCode: typo, amount: 100, idempotencyKey: newKey() },
      { PaymentCode: code.PaymentCode, amount: 1.5, idempotencyKey: newKey() },
      { PaymentCode: code.PaymentCode, amount: 0, idempotencyKey: newKey() },
      { PaymentCode: code.PaymentCode, amount: code.PaymentInfo.due + 1, idempotencyKey: newKey() },
      { PaymentCode: code.PaymentCode, amount: 100, idempotencyKey: 'short' },
    ];
    for (const body of cases) {
      const response = await student.post(`${M}/paybycard.json`, body);
      assert.equal(response.statusCode, 400, JSON.stringify(body));
      assert.ok(envelope(response).error);
    }
  });

  // Last: it pays the student's first code in full.
  test('an English and a Kyrgyz caller get refusals, the sandbox page and the receipt in their language', async () => {
    // English by the portal's `lang` cookie, Kyrgyz by the browser's Accept-Language.
    const english = student.on(t.app);
    english.cookies.set('lang', 'en');
    const kyrgyz = student.on(t.app);
    const KY = { 'accept-language': 'ky-KG,ky;q=0.9,ru;q=0.5' };
    const callers = [
      {
        lang: 'en' as const,
        get: (url: string) => english.get(url),
        post: english.post.bind(english),
      },
      {
        lang: 'kg' as const,
        get: (url: string) => kyrgyz.request({ method: 'GET', url, headers: KY }),
        post: (url: string, body: unknown) =>
          kyrgyz.request({ method: 'POST', url, payload: body as object, headers: KY }),
      },
    ];
    const code = await codeFor(student, me.id, services[0]!.id_uslug);
    const typo = `${code.PaymentCode.slice(0, -1)}${(Number(code.PaymentCode.at(-1)) + 1) % 10}`;
    const started = envelope<Payment>(
      await payByCard(student, code.PaymentCode, code.PaymentInfo.due),
    ).data!;

    for (const { lang, get, post } of callers) {
      const bad = await post(`${M}/paybycard.json`, {
        PaymentCode: typo,
        amount: 100,
        idempotencyKey: newKey(),
      });
      assert.equal(bad.statusCode, 400);
      assert.equal(envelope(bad).error, PAYMENT_REFUSALS.badCode[lang]);
      const wrongGroup = await post(`${M}/paymentcode.json`, {
        id_year: year,
        id_group: groupId + 100000,
        id_student: me.id,
        id_uslug: services[0]!.id_uslug,
      });
      assert.equal(envelope(wrongGroup).error, PAYMENT_REFUSALS.groupMismatch[lang]);
      const early = await get(`${M}/payreceipt.file?id_payment=${started.id_payment}`);
      assert.equal(early.statusCode, 404);
      assert.equal(envelope(early).error, PAYMENT_REFUSALS.notPaid[lang]);

      // The sandbox's page and its refusals in the payer's language.
      const page = await get(started.redirectUrl!);
      assert.equal(page.statusCode, 200);
      assert.match(page.body, new RegExp(`<html lang="${lang === 'kg' ? 'ky' : lang}">`));
      for (const key of ['title', 'testMode', 'card', 'pay'] as const) {
        assert.ok(page.body.includes(SANDBOX_PAGE[key][lang]), `${lang} ${key}: ${page.body}`);
      }
      assert.ok(!page.body.includes(SANDBOX_PAGE.card.ru));
      // The amount as the portal writes money in the payer's language, never '500.00 KGS'.
      assert.ok(page.body.includes(formatterFor(lang).money(started.amount / 100)), page.body);
      assert.ok(!page.body.includes('KGS'), page.body);
      const unknownCard = await post(`${started.redirectUrl}/pay`, {
        card: '5555555555554444',
        expiry: '12/39',
        cvc: '123',
      });
      assert.equal(unknownCard.statusCode, 400);
      assert.equal(unknownCard.json<{ error: string }>().error, SANDBOX_ERRORS.card[lang]);
    }
    // The default stays Russian.
    const russianPage = await student.get(started.redirectUrl!);
    assert.ok(russianPage.body.includes(SANDBOX_PAGE.card.ru));

    assert.equal(
      (await payOnPage(student, started.redirectUrl!, SANDBOX_CARDS.success)).statusCode,
      200,
    );
    const paid = await payment(student, started.id_payment);
    assert.equal(paid.status, 'paid');
    const service = services[0]!;
    for (const { lang, get, post } of callers) {
      const again = await post(`${M}/paybycard.json`, {
        PaymentCode: code.PaymentCode,
        amount: 100,
        idempotencyKey: newKey(),
      });
      assert.equal(again.statusCode, 409);
      assert.equal(envelope(again).error, PAYMENT_REFUSALS.nothingDue[lang]);

      const receipt = await get(`${M}/payreceipt.file?id_payment=${started.id_payment}`);
      assert.equal(receipt.statusCode, 200);
      assert.equal(receipt.headers['content-type'], 'application/pdf');
      const text = (await new PDFParse({ data: receipt.rawPayload }).getText()).text;
      for (const label of [RECEIPT_LABELS.payer, RECEIPT_LABELS.service, RECEIPT_LABELS.year]) {
        assert.ok(text.includes(label[lang]), `${lang}: ${label[lang]} in ${text}`);
      }
      assert.ok(text.includes(INSTITUTION.name[lang]), text);
      assert.ok(text.includes(lang === 'en' ? service.name_en : service.name_kg), text);
      assert.ok(text.includes(`${lang === 'en' ? 'Receipt No.' : '№'} ${paid.receiptNo}`), text);
      assert.ok(!text.includes(RECEIPT_LABELS.payer.ru), text);
      assert.ok(!text.includes(INSTITUTION.name.ru), text);
      // Money and the date in the reader's language: '1,500.00 som', '24 Nov 2026, 20:46'.
      assert.ok(spaced(text).includes(spaced(formatterFor(lang).money(paid.amount / 100))), text);
      if (lang === 'en') assert.match(text, /\d{2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/);
    }
  });
});
