// The audit trail of payments over HTTP, on SQLite and (with DATABASE_URL) PostgreSQL: a
// payment's creation, its checkout, its charge, its cancellation and a refund each write exactly
// one row with the old and new status and amount, in the change's transaction; a refused or
// repeated change writes none; the chain verifies.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { GetGroupsResponse, Payment, PaymentCodeResponse } from '@lms/shared/contract';
import { verifyChain } from '../src/areas/audit/index.js';
import { SANDBOX_CARDS } from '../src/areas/payments/sandbox/cards.js';
import { signNotification, SIGNATURE_HEADER } from '../src/areas/payments/sandbox/signature.js';
import { NOTIFY_PATH } from '../src/areas/payments/routes.js';
import { defaultOptions } from '../src/options.js';
import { currentAcademicYear } from '../src/lib/calendar.js';
import {
  anotherStudent,
  createTestApp,
  DEMO,
  envelope,
  whoAmI,
  type Client,
  type TestApp,
} from './helper.js';

const M = '/lms/api/misc';
const SECRET = 'test-secret-of-the-sandbox-0123456789abcdef';
let keys = 0;
const newKey = () => `audit-${process.pid}-${Date.now()}-${keys++}`.padEnd(16, '0');

describe('audit trail: payments and refunds', () => {
  let t: TestApp;
  let student: Client;
  let other: Client;
  let teacher: Client;
  let me: { uid: number; id: number };
  let otherMe: { uid: number; id: number };
  let serviceIds: number[];
  const year = currentAcademicYear(new Date()).id_a_year;

  const rows = () => t.app.db.kysely.selectFrom('audit_trail').selectAll().orderBy('id').execute();
  const since = async (start: number) => (await rows()).slice(start);
  const count = async () => (await rows()).length;
  /** The rows as [key, author, student, old value, new value]. */
  const changes = (written: Awaited<ReturnType<typeof rows>>) =>
    written.map((row) => [
      row.kind,
      row.record_key,
      row.user_id === null ? null : Number(row.user_id),
      Number(row.student_id),
      JSON.parse(row.old_value),
      JSON.parse(row.new_value),
    ]);
  const codeFor = async (client: Client, who: { id: number }, service: number) => {
    const groups = envelope<GetGroupsResponse>(
      await client.post(`${M}/getgroups.json`, { id_a_year: year, id_student: who.id }),
    ).data!;
    const answer = await client.post(`${M}/paymentcode.json`, {
      id_year: year,
      id_group: groups[0]!.id_group,
      id_student: who.id,
      id_uslug: service,
    });
    assert.equal(answer.statusCode, 200, answer.body);
    return envelope<PaymentCodeResponse>(answer).data!;
  };
  const payByCard = (client: Client, code: string, amount: number, key = newKey()) =>
    client.post(`${M}/paybycard.json`, { PaymentCode: code, amount, idempotencyKey: key });
  const cancel = (client: Client, id: number) =>
    client.post(`${M}/paycancel.json`, { id_payment: id });
  const orderRef = async (id: number) =>
    (
      await t.app.db.kysely
        .selectFrom('payments')
        .select('order_ref')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).order_ref;
  /** The provider reports a charge of the order, signed (event id: `event`). */
  const reportCharge = (order: string, amount: number, event: string) => {
    const body = JSON.stringify({
      id: event,
      type: 'payment.succeeded',
      order,
      amount,
      currency: 'KGS',
      transaction: `sbx_${event}`,
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

  before(async () => {
    t = await createTestApp({ payments: { ...defaultOptions().payments, sandboxSecret: SECRET } });
    student = await t.login(DEMO.student);
    teacher = await t.login(DEMO.teacher);
    me = await whoAmI(student);
    other = await anotherStudent(t);
    otherMe = await whoAmI(other);
    const services = envelope<{ id_uslug: number }[]>(await student.get(`${M}/uslugi.json`)).data!;
    serviceIds = services.map((s) => s.id_uslug);
  });
  after(() => t.close());

  test('a card payment: created, pending and paid write one row each, with old and new', async () => {
    const code = await codeFor(student, me, serviceIds[0]!);
    const amount = code.PaymentInfo.due;
    const start = await count();
    const key = newKey();
    const started = await payByCard(student, code.PaymentCode, amount, key);
    assert.equal(started.statusCode, 200, started.body);
    const payment = envelope<Payment>(started).data!;
    const id = payment.id_payment;
    const record = `payment:${id}`;
    assert.deepEqual(changes(await since(start)), [
      ['payment', record, me.uid, me.id, null, { status: 'created', amount }],
      [
        'payment',
        record,
        me.uid,
        me.id,
        { status: 'created', amount },
        { status: 'pending', amount },
      ],
    ]);
    // The same attempt again (its key) changes nothing and records nothing.
    assert.equal((await payByCard(student, code.PaymentCode, amount, key)).statusCode, 200);
    assert.equal(await count(), start + 2);

    const paidAt = await count();
    const page = await student.post(`${payment.redirectUrl}/pay`, {
      card: SANDBOX_CARDS.success,
      expiry: '12/39',
      cvc: '123',
    });
    assert.equal(page.statusCode, 200, page.body);
    const [paid, ...more] = await since(paidAt);
    assert.equal(more.length, 0);
    const receiptNo = (
      await t.app.db.kysely
        .selectFrom('payments')
        .select('receipt_no')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).receipt_no;
    assert.ok(receiptNo);
    // The provider's notification: the portal itself is the author.
    assert.deepEqual(changes([paid!]), [
      [
        'payment',
        record,
        null,
        me.id,
        { status: 'pending', amount },
        { status: 'paid', amount, receiptNo },
      ],
    ]);
    assert.equal(paid!.device, 'portal:payments');
    // The provider reporting the same event again: nothing.
    const replay = await count();
    const events = await t.app.db.kysely
      .selectFrom('payment_callbacks')
      .select('event_id')
      .where('payment_id', '=', id)
      .where('outcome', '=', 'applied')
      .executeTakeFirstOrThrow();
    assert.equal(
      (await reportCharge(await orderRef(id), amount, events.event_id!)).statusCode,
      200,
    );
    assert.equal(await count(), replay);
  });

  test('a cancellation writes one row, a late charge its refund one; refusals none', async () => {
    const code = await codeFor(other, otherMe, serviceIds[1]!);
    const amount = Math.min(1500, code.PaymentInfo.due);
    const open = envelope<Payment>(await payByCard(other, code.PaymentCode, amount)).data!;
    const id = open.id_payment;
    const start = await count();
    // Another student, a teacher: refused; a bad amount, another's code: refused.
    assert.equal((await cancel(student, id)).statusCode, 403);
    assert.equal((await cancel(teacher, id)).statusCode, 403);
    assert.equal((await payByCard(other, code.PaymentCode, -5)).statusCode, 400);
    assert.equal((await payByCard(student, code.PaymentCode, amount)).statusCode, 403);
    assert.equal((await payByCard(teacher, code.PaymentCode, amount)).statusCode, 403);
    assert.equal(await count(), start);

    assert.equal((await cancel(other, id)).statusCode, 200);
    assert.equal((await cancel(other, id)).statusCode, 409);
    const record = `payment:${id}`;
    assert.deepEqual(changes(await since(start)), [
      [
        'payment',
        record,
        otherMe.uid,
        otherMe.id,
        { status: 'pending', amount },
        { status: 'cancelled', amount },
      ],
    ]);
    // A charge the provider still reports: marked for refund, one row by the portal.
    const late = await count();
    assert.equal(
      (await reportCharge(await orderRef(id), amount, `evt_refundlate${id}`)).statusCode,
      200,
    );
    assert.deepEqual(changes(await since(late)), [
      [
        'payment',
        record,
        null,
        otherMe.id,
        { status: 'cancelled', amount },
        { status: 'refund', amount },
      ],
    ]);
    // The student sees no payment rows in their own trail (their marks only); the chain holds.
    const own = envelope<{ kind: string }[]>(
      await other.post('/lms/api/audit/student.json', { id_student: otherMe.id }),
    ).data!;
    assert.ok(own.every((entry) => entry.kind === 'journal.cell'));
    const report = await verifyChain(t.app.repos.audit);
    assert.equal(report.broken, null);
  });

  test('a payment left past its time expires with one row by the portal, once', async () => {
    const code = await codeFor(student, me, serviceIds[2]!);
    const amount = code.PaymentInfo.due;
    const open = envelope<Payment>(await payByCard(student, code.PaymentCode, amount)).data!;
    await t.app.db.kysely
      .updateTable('payments')
      .set({ expires_at: Date.now() - 1000 })
      .where('id', '=', open.id_payment)
      .execute();
    const start = await count();
    const list = () => student.post(`${M}/payments.json`, { id_student: me.id });
    assert.equal((await list()).statusCode, 200);
    assert.equal((await list()).statusCode, 200);
    const written = await since(start);
    assert.deepEqual(changes(written), [
      [
        'payment',
        `payment:${open.id_payment}`,
        null,
        me.id,
        { status: 'pending', amount },
        { status: 'expired', amount },
      ],
    ]);
    assert.equal(written[0]!.device, 'portal:payments-expiry');
  });
});
