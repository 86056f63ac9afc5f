import {
  Envelope,
  GetGroupsBody,
  GetGroupsResponse,
  PayByCardBody,
  PayByCardResponse,
  PayCancelBody,
  PayCancelResponse,
  PaymentBody,
  PaymentCodeBody,
  PaymentCodeResponse,
  PaymentResponse,
  PaymentsBody,
  PaymentsResponse,
  PayReceiptQuery,
  UslugiResponse,
  ROLE,
  type Language,
  type Payment,
  type SessionUser,
} from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { attachmentDisposition } from '../../lib/download.js';
import { ApiError, MESSAGES, ok } from '../../lib/http.js';
import { parsePaymentCode } from './code.js';
import { buildPaymentQr } from './emvco.js';
import type { PaymentProvider } from './provider.js';
import { receiptPdf } from './receipt.js';
import type { AppOptions } from '../../options.js';
import { sessionUser } from '../../plugins/app/session.js';
import type { PaymentRecord } from './repository.js';
import { setUpProvider } from './provider-routes.js';
import { hiddenRecord } from '../../access/index.js';
import { PAYMENT_REFUSALS } from './messages.js';

/** Where the provider sends the payer back, and where it posts notifications. */
export const RETURN_PATH = '/lms/paymentcode';
export const NOTIFY_PATH = '/lms/api/payments/notify.json';

/** A payment code owned by someone else is refused, as is naming another student. */
function assertStudent(user: SessionUser, studentId: number): void {
  if (studentId !== user.id) throw new ApiError(403, MESSAGES.forbidden);
}

/** A service's name in the reader's language (the catalogue keeps all three). */
function serviceName(
  service: { service: string; service_kg: string; service_en: string },
  lang: Language,
): string {
  const name = lang === 'kg' ? service.service_kg : lang === 'en' ? service.service_en : '';
  return name || service.service;
}

function toPayment(record: PaymentRecord, provider: PaymentProvider): Payment {
  const waiting = record.status === 'created' || record.status === 'pending';
  return {
    id_payment: record.id,
    PaymentCode: record.code,
    service: record.service,
    service_kg: record.service_kg,
    service_en: record.service_en,
    year: record.year,
    amount: record.amount,
    status: record.status,
    redirectUrl: waiting ? record.checkoutUrl : null,
    receiptNo: record.receiptNo,
    testMode: provider.name === record.provider && provider.testMode,
    created: record.createdAt,
    updated: record.updatedAt,
    expires: record.expiresAt,
  };
}

type PaymentsAreaOptions = Pick<AppOptions, 'payments' | 'dataDir'>;

/**
 * The payments area: the student's calls under /lms/api/misc (spec §7), the provider's
 * notify URL, and whatever the configured provider serves itself (the sandbox's page).
 */
const paymentsArea: FastifyPluginAsync<PaymentsAreaOptions> = async (app, options) => {
  const setup = await setUpProvider(options.payments, app.db.kysely, options.dataDir);
  await app.register(studentRoutes, { prefix: '/lms/api/misc', ...options, setup });
  await app.register(notifyRoute, { provider: setup.provider });
  if (setup.hosted) {
    await app.register(setup.hosted.plugin, {
      prefix: setup.hosted.prefix,
      secret: setup.hosted.secret,
    });
  }
};

const studentRoutes: FastifyPluginAsyncTypebox<
  PaymentsAreaOptions & { setup: { provider: PaymentProvider } }
> = async (app, options) => {
  app.addHook('onRequest', app.requireRole(ROLE.student));
  const { payments } = app.repos;
  const { provider } = options.setup;
  const config = options.payments;

  app.get('/uslugi.json', { schema: { response: { 200: Envelope(UslugiResponse) } } }, async () =>
    ok(await payments.services()),
  );

  app.post(
    '/getgroups.json',
    { schema: { body: GetGroupsBody, response: { 200: Envelope(GetGroupsResponse) } } },
    async (request) => {
      const user = sessionUser(request);
      assertStudent(user, request.body.id_student);
      return ok(
        await payments.groupsFor(request.lang, user.id, request.body.id_a_year, new Date()),
      );
    },
  );

  app.post(
    '/paymentcode.json',
    { schema: { body: PaymentCodeBody, response: { 200: Envelope(PaymentCodeResponse) } } },
    async (request) => {
      const user = sessionUser(request);
      const { id_year, id_group, id_student, id_uslug } = request.body;
      assertStudent(user, id_student);
      const now = new Date();
      if (!(await payments.service(id_uslug))) {
        throw new ApiError(400, PAYMENT_REFUSALS.unknownService);
      }
      const groups = await payments.groupsFor(request.lang, user.id, id_year, now);
      if (!groups.some((group) => group.id_group === id_group)) {
        throw new ApiError(400, PAYMENT_REFUSALS.groupMismatch);
      }
      const code = await payments.issueCode(
        { studentId: user.id, serviceId: id_uslug, yearId: id_year, groupId: id_group },
        now.getTime(),
      );
      const info = await payments.code(request.lang, code);
      if (!info) throw new ApiError(404, PAYMENT_REFUSALS.codeMissing);
      const due = Math.max(0, info.amount - info.paid);
      await payments.expireStale(now.getTime());
      const pending = due > 0 ? await payments.openForCode(info.id) : undefined;
      return ok({
        PaymentCode: code,
        PaymentInfo: {
          service: info.service,
          service_kg: info.service_kg,
          service_en: info.service_en,
          year: payments.yearName(info.yearId, now),
          group: info.group,
          student: info.student,
          receiver: config.university[request.lang],
          currency: 'KGS' as const,
          amount: info.amount,
          paid: info.paid,
          due,
        },
        qr: due > 0 ? buildPaymentQr(config.qr, { code, amount: due }) : '',
        cardTestMode: provider.testMode,
        pending: pending ? toPayment(pending, provider) : null,
      });
    },
  );

  app.post(
    '/paybycard.json',
    { schema: { body: PayByCardBody, response: { 200: Envelope(PayByCardResponse) } } },
    async (request) => {
      const user = sessionUser(request);
      const { PaymentCode, amount, idempotencyKey } = request.body;
      if (!parsePaymentCode(PaymentCode)) throw new ApiError(400, PAYMENT_REFUSALS.badCode);
      const code = await payments.code(request.lang, PaymentCode);
      // Another student's code and an unknown one answer alike (docs/security.md).
      if (!code || code.studentId !== user.id) throw hiddenRecord();
      const now = Date.now();
      await payments.expireStale(now);
      const existing = await payments.byKey(user.id, idempotencyKey);
      if (!existing) {
        const due = code.amount - code.paid;
        if (due <= 0) throw new ApiError(409, PAYMENT_REFUSALS.nothingDue);
        if (amount > due) throw new ApiError(400, PAYMENT_REFUSALS.tooMuch);
      }
      const created = await payments.createPayment({
        codeId: code.id,
        studentId: user.id,
        amount,
        idempotencyKey,
        provider: provider.name,
        now,
        expiresAt: now + config.paymentTtlMs,
      });
      if (created.kind === 'key-reused') throw new ApiError(409, PAYMENT_REFUSALS.keyReused);
      let payment = created.payment;
      if (payment.status === 'created') {
        // Idempotent at the provider too: every repeat (and an attempt that met this payment
        // open) asks for the same order's checkout.
        const checkout = await provider.createCheckout({
          orderRef: payment.orderRef,
          amount: payment.amount,
          currency: 'KGS',
          description: `${payment.service}, ${payment.year}, ${payment.code}`,
          returnUrl: `${RETURN_PATH}?payment=${payment.id}`,
          notifyUrl: NOTIFY_PATH,
          expiresAt: payment.expiresAt,
        });
        await payments.markPending(payment.id, checkout.redirectUrl, Date.now());
        payment = (await payments.find(payment.id)) ?? payment;
      }
      return ok({ ...toPayment(payment, provider), inProgress: created.kind === 'in-progress' });
    },
  );

  app.post(
    '/payments.json',
    { schema: { body: PaymentsBody, response: { 200: Envelope(PaymentsResponse) } } },
    async (request) => {
      const user = sessionUser(request);
      assertStudent(user, request.body.id_student);
      await payments.expireStale(Date.now());
      const list = await payments.listForStudent(user.id);
      return ok(list.map((record) => toPayment(record, provider)));
    },
  );

  /** One payment of the caller's; a missing one gets the same answer as another student's. */
  const ownPayment = async (user: SessionUser, id: number) => {
    await payments.expireStale(Date.now());
    const payment = await payments.find(id);
    if (!payment || payment.studentId !== user.id) throw hiddenRecord();
    return payment;
  };

  app.post(
    '/payment.json',
    { schema: { body: PaymentBody, response: { 200: Envelope(PaymentResponse) } } },
    async (request) => {
      const user = sessionUser(request);
      return ok(toPayment(await ownPayment(user, request.body.id_payment), provider));
    },
  );

  app.post(
    '/paycancel.json',
    { schema: { body: PayCancelBody, response: { 200: Envelope(PayCancelResponse) } } },
    async (request) => {
      const user = sessionUser(request);
      const payment = await ownPayment(user, request.body.id_payment);
      if (!(await payments.cancel(payment.id, user.id, Date.now()))) {
        throw new ApiError(409, PAYMENT_REFUSALS.notOpen);
      }
      // The provider's page refuses it from now on; a charge it still reports is refunded.
      if (payment.provider === provider.name) await provider.cancelCheckout(payment.orderRef);
      return ok(toPayment((await payments.find(payment.id)) ?? payment, provider));
    },
  );

  app.get(
    '/payreceipt.file',
    { schema: { querystring: PayReceiptQuery } },
    async (request, reply) => {
      const user = sessionUser(request);
      const payment = await ownPayment(user, Number(request.query.id_payment));
      if (payment.status !== 'paid' || !payment.receiptNo || payment.paidAt === null) {
        throw new ApiError(404, PAYMENT_REFUSALS.notPaid);
      }
      const parties = await payments.receiptParties(request.lang, payment.id);
      const pdf = await receiptPdf({
        lang: request.lang,
        receiptNo: payment.receiptNo,
        university: config.university,
        paymentCode: payment.code,
        service: serviceName(payment, request.lang),
        year: payment.year,
        student: parties?.student ?? '',
        group: parties?.group ?? '',
        amount: payment.amount,
        paidAt: new Date(payment.paidAt),
        provider: payment.provider,
        providerRef: payment.providerRef ?? '',
        testMode: provider.name === payment.provider && provider.testMode,
      });
      return reply
        .type('application/pdf')
        .header('Content-Disposition', attachmentDisposition(`receipt-${payment.receiptNo}.pdf`))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-cache')
        .send(pdf);
    },
  );
};

/** Notifications come from the provider, not a browser: no session, no XSRF; the signature decides. */
const notifyRoute: FastifyPluginAsync<{ provider: PaymentProvider }> = async (
  app,
  { provider },
) => {
  const { payments } = app.repos;
  // The signature covers the bytes as sent: keep the raw body.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, body),
  );

  app.post(NOTIFY_PATH, { config: { xsrf: false } }, async (request, reply) => {
    const body = typeof request.body === 'string' ? request.body : '';
    const now = Date.now();
    const check = provider.verifyNotification({ body, headers: request.headers, now });
    if (!check.ok) {
      request.log.warn({ reason: check.reason }, 'payment notification rejected');
      await payments.logRejected(provider.name, check.reason, body, now);
      return reply.code(403).send({ result: true, error: MESSAGES.forbidden, data: null });
    }
    let result;
    try {
      result = await payments.applyNotification(provider.name, check.notification, now);
    } catch {
      // A concurrent delivery of the same event won the unique event id: this one is a replay.
      result = await payments.applyNotification(provider.name, check.notification, now);
    }
    if (result.outcome !== 'applied') {
      request.log.warn(
        { event: check.notification.eventId, outcome: result.outcome, reason: result.reason },
        'payment notification not applied',
      );
    }
    // Acknowledged either way: the provider must not keep retrying a replay.
    return ok({ outcome: result.outcome });
  });
};

export default paymentsArea;
