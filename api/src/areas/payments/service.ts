import type {
  Language,
  PaymentCodeResponse,
  PaymentStatus,
  SessionUser,
} from '@lms/shared/contract';
import type { Kysely } from 'kysely';
import { ownRecord, type Actor } from '../../access/index.js';
import type { Database } from '../../db/schema.js';
import { ApiError } from '../../lib/http.js';
import type { PaymentsOptions } from './config.js';
import { composePaymentCode } from './code.js';
import { buildPaymentQr } from './emvco.js';
import { NOTIFY_PATH, returnUrl } from './paths.js';
import { PAYMENT_REFUSALS, type PaymentRefusal } from './messages.js';
import type { NewPayment } from './payment-repository.js';
import type { PaymentProvider, VerifiedNotification } from './provider.js';
import { receiptPdf } from './receipt.js';
import { issuedReceipt } from './receipt-documents.js';
import { verification } from '../../lib/documents/issue.js';
import { EXPIRY_ACTOR, paymentChange, PROVIDER_ACTOR } from './audit.js';
import type { PaymentsRepository } from './repository.js';
import {
  amountDue,
  checkCancel,
  checkCharge,
  checkCode,
  isOpen,
  receiptNumber,
  receiptYear,
  settle,
} from './rules.js';
import { serviceName, toPayment } from './wire.js';
import type { CreatePaymentResult, NotificationOutcome, PaymentsClock } from './service-types.js';

export type { CreatePaymentResult, NotificationOutcome, PaymentsClock } from './service-types.js';

/** How many times an attempt looks again when the open payment it met settled meanwhile. */
const OPEN_SLOT_TRIES = 5;

function refuse(status: 400 | 404 | 409, code: PaymentRefusal): ApiError {
  return new ApiError(status, PAYMENT_REFUSALS[code]);
}

/**
 * The payments area's writes: each runs the rules (`rules.ts`) and the SQL (`repository.ts`)
 * together, in one transaction where a decision and its write must not be separated (issuing a
 * code, cancelling, applying a notification under the code's lock).
 */
export function createPaymentsService(
  db: Kysely<Database>,
  repo: PaymentsRepository,
  provider: PaymentProvider,
  config: PaymentsOptions,
  { clock, utcOffsetMinutes, documents, trail }: PaymentsClock,
) {
  /**
   * Payments that waited past their time expire, each with one row of the audit trail by the
   * portal, in one transaction.
   */
  const expireStale = (now: number) =>
    db.transaction().execute(async (trx) => {
      for (const { id, studentId, amount, status } of await repo.expireStale(trx, now)) {
        const change = paymentChange(
          id,
          studentId,
          { status, amount },
          { status: 'expired', amount },
        );
        await trail.record(trx, EXPIRY_ACTOR, change, now);
      }
    });

  /** One payment of the caller's; a missing one gets the same answer as another student's. */
  const ownPayment = async (user: SessionUser, id: number) => {
    await expireStale(clock());
    return ownRecord(user, await repo.find(id), (payment) => payment.studentId);
  };

  /**
   * The payment of this attempt: created on the first call, found by the client's key on every
   * repeat (concurrent repeats race on the unique key; exactly one row wins). A code has at most
   * one open payment (created or pending): while another attempt's is open, that one is answered
   * instead and nothing is created, however many attempts race.
   */
  const createPayment = async (actor: Actor, input: NewPayment): Promise<CreatePaymentResult> => {
    for (let tries = 0; tries < OPEN_SLOT_TRIES; tries++) {
      await db.transaction().execute(async (trx) => {
        const id = await repo.insertAttempt(input, trx);
        if (id === null) return;
        const created = { status: 'created', amount: input.amount };
        await trail.record(trx, actor, paymentChange(id, input.studentId, null, created));
      });
      const mine = await repo.byKey(input.studentId, input.idempotencyKey);
      if (mine) {
        // The same key with another code or amount is another request: refuse, never reinterpret.
        if (mine.codeId !== input.codeId || mine.amount !== input.amount) {
          return { kind: 'key-reused' };
        }
        const payment = await repo.find(mine.id);
        if (!payment) throw new Error(`payment ${mine.id} vanished`);
        return { kind: 'payment', payment };
      }
      const open = await repo.openForCode(input.codeId);
      if (open && isOpen(open.status)) return { kind: 'in-progress', payment: open };
      // The open payment settled (paid, expired, cancelled) in between: try again.
    }
    throw new Error(`no payment for code ${input.codeId} after ${OPEN_SLOT_TRIES} tries`);
  };

  return {
    ownPayment,

    /** The code of student × service × year (issued once), what is due and its QR. */
    async paymentCode(
      lang: Language,
      studentId: number,
      request: { yearId: number; groupId: number; serviceId: number },
      now: Date,
    ): Promise<PaymentCodeResponse> {
      const { yearId, groupId, serviceId } = request;
      if (!(await repo.service(serviceId))) throw refuse(400, 'unknownService');
      const groups = await repo.groupsFor(lang, studentId, yearId, now);
      if (!groups.some((group) => group.id_group === groupId)) throw refuse(400, 'groupMismatch');
      const code = await db.transaction().execute(async (trx) => {
        const service = await repo.service(serviceId, trx);
        if (!service) throw refuse(400, 'unknownService');
        const issued = composePaymentCode({ serviceCode: service.code, yearId, studentId });
        await repo.insertCode(trx, {
          code: issued,
          studentId,
          serviceId,
          yearId,
          groupId,
          amount: service.amount,
          now: now.getTime(),
        });
        return issued;
      });
      const info = await repo.code(lang, code);
      if (!info) throw refuse(404, 'codeMissing');
      const due = amountDue(info);
      await expireStale(now.getTime());
      const pending = due > 0 ? await repo.openForCode(info.id) : undefined;
      return {
        PaymentCode: code,
        PaymentInfo: {
          service: info.service,
          service_kg: info.service_kg,
          service_en: info.service_en,
          year: repo.yearName(info.yearId, now),
          group: info.group,
          student: info.student,
          receiver: config.university[lang],
          currency: 'KGS' as const,
          amount: info.amount,
          paid: info.paid,
          due,
        },
        qr: due > 0 ? buildPaymentQr(config.qr, { code, amount: due }) : '',
        cardTestMode: provider.testMode,
        pending: pending ? toPayment(pending, provider) : null,
      };
    },

    /** Starts (or answers again) a card payment under the student's code at the provider. */
    async payByCard(
      lang: Language,
      user: SessionUser,
      request: { PaymentCode: string; amount: number; idempotencyKey: string },
      actor: Actor,
    ) {
      const { PaymentCode, amount, idempotencyKey } = request;
      const badCode = checkCode(PaymentCode);
      if (badCode) throw refuse(400, badCode);
      // Another student's code and an unknown one answer alike (docs/security.md).
      const code = ownRecord(user, await repo.code(lang, PaymentCode), (c) => c.studentId);
      const now = clock();
      await expireStale(now);
      if (!(await repo.byKey(user.id, idempotencyKey))) {
        const refusal = checkCharge(code, amount);
        if (refusal) throw refuse(refusal === 'nothingDue' ? 409 : 400, refusal);
      }
      const created = await createPayment(actor, {
        codeId: code.id,
        studentId: user.id,
        amount,
        idempotencyKey,
        provider: provider.name,
        now,
        expiresAt: now + config.paymentTtlMs,
      });
      if (created.kind === 'key-reused') throw refuse(409, 'keyReused');
      let payment = created.payment;
      if (payment.status === 'created') {
        // Idempotent at the provider too: every repeat (and an attempt that met this payment
        // open) asks for the same order's checkout.
        const checkout = await provider.createCheckout({
          orderRef: payment.orderRef,
          amount: payment.amount,
          currency: 'KGS',
          description: `${serviceName(payment, lang)}, ${payment.year}, ${payment.code}`,
          returnUrl: returnUrl(code, payment.id),
          notifyUrl: NOTIFY_PATH,
          expiresAt: payment.expiresAt,
        });
        const { id, amount, studentId } = payment;
        await db.transaction().execute(async (trx) => {
          if (!(await repo.markPending(trx, id, checkout.redirectUrl, clock()))) return;
          const [before, after] = [
            { status: 'created', amount },
            { status: 'pending', amount },
          ];
          await trail.record(trx, actor, paymentChange(id, studentId, before, after));
        });
        payment = (await repo.find(payment.id)) ?? payment;
      }
      return { ...toPayment(payment, provider), inProgress: created.kind === 'in-progress' };
    },

    async list(studentId: number) {
      await expireStale(clock());
      return (await repo.listForStudent(studentId)).map((record) => toPayment(record, provider));
    },

    /**
     * The student cancels their open payment: open → cancelled, under the code's lock, so a
     * notification applied at the same time sees either the open payment or the cancelled one.
     * A payment no longer open is refused with what became of it (`checkCancel`).
     * The provider's page refuses it from then on; a charge it still reports is refunded.
     */
    async cancel(user: SessionUser, id: number, actor: Actor) {
      const payment = await ownPayment(user, id);
      const refusal = await db.transaction().execute(async (trx) => {
        await repo.lockCode(trx, payment.codeId);
        const state = await repo.state(trx, payment.id);
        const closed = checkCancel(state.status);
        if (closed) return closed;
        if (await repo.cancelOpen(trx, payment.id, user.id, clock())) {
          const { status, amount } = state;
          const after = { status: 'cancelled', amount };
          const change = paymentChange(payment.id, payment.studentId, { status, amount }, after);
          await trail.record(trx, actor, change);
        }
        return null;
      });
      if (refusal) throw refuse(409, refusal);
      if (payment.provider === provider.name) await provider.cancelCheckout(payment.orderRef);
      return toPayment((await repo.find(payment.id)) ?? payment, provider);
    },

    /** The receipt PDF of the caller's paid payment, in their language. */
    async receipt(lang: Language, user: SessionUser, id: number) {
      const payment = await ownPayment(user, id);
      if (payment.status !== 'paid' || !payment.receiptNo || payment.paidAt === null) {
        throw refuse(404, 'notPaid');
      }
      const parties = await repo.receiptParties(lang, payment.id);
      const issued = await issuedReceipt(
        db,
        payment,
        {
          fio: parties?.student ?? '',
          receiptNo: payment.receiptNo,
          service: serviceName(payment, 'ru'),
          service_kg: serviceName(payment, 'kg'),
          service_en: serviceName(payment, 'en'),
          amount: String(payment.amount),
          paidAt: String(payment.paidAt),
        },
        clock(),
      );
      const pdf = await receiptPdf({
        lang,
        receiptNo: payment.receiptNo,
        university: config.university,
        paymentCode: payment.code,
        service: serviceName(payment, lang),
        year: payment.year,
        student: parties?.student ?? '',
        group: parties?.group ?? '',
        amount: payment.amount,
        paidAt: new Date(payment.paidAt),
        provider: payment.provider,
        providerRef: payment.providerRef ?? '',
        testMode: provider.name === payment.provider && provider.testMode,
        verification: documents
          ? verification(
              documents.publicOrigin,
              documents.documentSecret,
              issued.id,
              issued.issuedAt,
            )
          : null,
      });
      return { pdf, receiptNo: payment.receiptNo };
    },

    /**
     * Applies a verified notification once (`rules.settle` decides). The event id is recorded
     * in the same transaction as the state change, so a replay (or a concurrent duplicate) finds
     * it and changes nothing. The code's lock makes two charges of one code decide one after the
     * other; a concurrent delivery of the same event that loses the unique event id is retried
     * once and then found as a replay. It happens at the university's clock's now: the paid
     * time and the receipt's year.
     */
    async applyNotification(note: VerifiedNotification) {
      const now = clock();
      const apply = () => settleNotification(note, now);
      return apply().catch(apply);
    },

    /** A notification that failed verification: logged, nothing else. */
    async reject(reason: string, body: string, now: number) {
      await repo.logCallback(db, {
        provider: provider.name,
        eventId: null,
        paymentId: null,
        verified: false,
        outcome: 'rejected',
        detail: `${reason}: ${body.slice(0, 500)}`,
        at: now,
      });
    },
  };

  function settleNotification(note: VerifiedNotification, now: number) {
    return db.transaction().execute(async (trx): Promise<NotificationOutcome> => {
      const seen = await repo.eventSeen(trx, provider.name, note.eventId);
      const target = await repo.byOrder(trx, provider.name, note.orderRef);
      if (target) await repo.lockCode(trx, target.codeId);
      // Read after the lock: a cancellation committed meanwhile is seen.
      const payment = target && (await repo.state(trx, target.id));
      const paymentId = payment?.id ?? null;
      const log = (outcome: string, detail: string, eventId: string | null) =>
        repo.logCallback(trx, {
          provider: provider.name,
          eventId,
          paymentId,
          verified: true,
          outcome,
          detail,
          at: now,
        });
      if (seen) {
        await log('duplicate', `event ${note.eventId} already applied`, null);
        return { outcome: 'duplicate', paymentId, reason: 'event already applied' };
      }
      const code = payment && (await repo.amounts(trx, payment.codeId));
      const settlement = settle(payment && code && { ...payment, code }, note);
      if (settlement.kind === 'ignored' || !payment) {
        const reason = settlement.kind === 'ignored' ? settlement.reason : 'no payment';
        await log('ignored', reason, note.eventId);
        return { outcome: 'ignored', paymentId, reason };
      }
      const status: PaymentStatus = settlement.kind === 'refund' ? 'refund' : settlement.status;
      // Only a payment that becomes paid takes a receipt number, last, so the year's counter
      // stays locked for as short a time as this transaction allows.
      let receiptNo: string | undefined;
      if (status === 'paid') {
        const year = receiptYear(now, utcOffsetMinutes);
        receiptNo = receiptNumber(year, await repo.nextReceiptSequence(trx, year));
      }
      await repo.settle(trx, payment.id, {
        status,
        providerRef: note.providerRef,
        now,
        ...(receiptNo ? { receiptNo } : {}),
      });
      // The audit row last: the chain's lock is held from it to the commit only.
      const { amount } = payment;
      const audit = () =>
        trail.record(
          trx,
          PROVIDER_ACTOR,
          paymentChange(
            payment.id,
            target?.studentId ?? null,
            { status: payment.status, amount },
            { status, amount, ...(receiptNo ? { receiptNo } : {}) },
          ),
          now,
        );
      if (settlement.kind === 'refund') {
        await log('refund', `${payment.status} → refund: ${settlement.reason}`, note.eventId);
        await audit();
        return { outcome: 'refund', paymentId: payment.id, reason: settlement.reason };
      }
      await log('applied', `${payment.status} → ${status}`, note.eventId);
      await audit();
      return { outcome: 'applied', paymentId: payment.id, status };
    });
  }
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
