import { Type, type Static } from '@sinclair/typebox';
import { Id } from './envelope.js';
import { PAYMENT_MAX_AMOUNT, PAYMENT_STATUSES } from './constants.js';
import { withSchemas } from './endpoint.js';
import { PAYMENTS_ADDRESSES } from './endpoints/payments.js';

// Payments (spec §3 "Payment", §7 misc: uslugi, getgroups, paymentcode, paybycard). Every
// amount is an integer number of tyiyn; the browser converts to and from som for display only.

/** A two-digit academic year id (24 → '2024-25'). */
const YearId = Type.Integer({ minimum: 0, maximum: 99 });
/** Tyiyn, never a float. */
export const Amount = Type.Integer({ minimum: 1, maximum: PAYMENT_MAX_AMOUNT });

/** A service a student pays for (Uslugi): names in the three interface languages. */
export const Service = Type.Object({
  id_uslug: Id,
  name: Type.String(),
  name_kg: Type.String(),
  name_en: Type.String(),
  /** The amount due for one year, in tyiyn. */
  amount: Type.Integer(),
});
export type Service = Static<typeof Service>;

/** GET /lms/api/misc/uslugi.json */
export const UslugiResponse = Type.Array(Service);
export type UslugiResponse = Static<typeof UslugiResponse>;

/** POST /lms/api/misc/getgroups.json: the student's group in that year (students only, self). */
export const GetGroupsBody = Type.Object({ id_a_year: YearId, id_student: Id });
export type GetGroupsBody = Static<typeof GetGroupsBody>;
export const PaymentGroup = Type.Object({ id_group: Id, name: Type.String() });
export type PaymentGroup = Static<typeof PaymentGroup>;
export const GetGroupsResponse = Type.Array(PaymentGroup);
export type GetGroupsResponse = Static<typeof GetGroupsResponse>;

/** A payment code: 11 digits, the last one a check digit (Luhn). */
export const PAYMENT_CODE_PATTERN = '^[0-9]{11}$';
export const PaymentCodeValue = Type.String({ pattern: PAYMENT_CODE_PATTERN });

/** POST /lms/api/misc/paymentcode.json: the same request always answers the same code. */
export const PaymentCodeBody = Type.Object({
  id_year: YearId,
  id_group: Id,
  id_student: Id,
  id_uslug: Id,
});
export type PaymentCodeBody = Static<typeof PaymentCodeBody>;

export const PaymentInfo = Type.Object({
  service: Type.String(),
  service_kg: Type.String(),
  service_en: Type.String(),
  year: Type.String(),
  group: Type.String(),
  student: Type.String(),
  /** Who receives the money (the university). */
  receiver: Type.String(),
  currency: Type.Literal('KGS'),
  /** Tyiyn: the amount of the service, what has been paid, and what is still due. */
  amount: Type.Integer(),
  paid: Type.Integer(),
  due: Type.Integer(),
});
export type PaymentInfo = Static<typeof PaymentInfo>;

export const PaymentStatusSchema = Type.Union(PAYMENT_STATUSES.map((s) => Type.Literal(s)));

/** One card payment as the student sees it. */
export const Payment = Type.Object({
  id_payment: Id,
  PaymentCode: Type.String(),
  service: Type.String(),
  service_kg: Type.String(),
  service_en: Type.String(),
  year: Type.String(),
  amount: Type.Integer(),
  status: PaymentStatusSchema,
  /** The provider's payment page while the payment waits there; null otherwise. */
  redirectUrl: Type.Union([Type.String(), Type.Null()]),
  /** Receipt number once paid. */
  receiptNo: Type.Union([Type.String(), Type.Null()]),
  /** The provider runs in test mode: no real money moves. */
  testMode: Type.Boolean(),
  /** Epoch ms. */
  created: Type.Integer(),
  updated: Type.Integer(),
  expires: Type.Integer(),
});
export type Payment = Static<typeof Payment>;

export const PaymentCodeResponse = Type.Object({
  PaymentCode: Type.String(),
  PaymentInfo,
  /** The EMVCo merchant-presented QR payload for the amount still due (empty when nothing is due). */
  qr: Type.String(),
  /** Card payments go to a provider in test mode: the interface says so. */
  cardTestMode: Type.Boolean(),
  /**
   * The code's card payment still open at the provider, or null. While there is one, a new card
   * payment is not started: the student continues it (`redirectUrl`) or cancels it.
   */
  pending: Type.Union([Payment, Type.Null()]),
});
export type PaymentCodeResponse = Static<typeof PaymentCodeResponse>;

/**
 * POST /lms/api/misc/paybycard.json. `idempotencyKey` is made once per payment attempt by the
 * client: repeating the call (double click, retry, reload) answers the same payment. A code has
 * at most one payment open at the provider: while another attempt's is, that one is answered
 * (`inProgress`) and nothing new is started.
 */
export const PayByCardBody = Type.Object({
  PaymentCode: PaymentCodeValue,
  amount: Amount,
  idempotencyKey: Type.String({ pattern: '^[A-Za-z0-9-]{16,64}$' }),
});
export type PayByCardBody = Static<typeof PayByCardBody>;
export const PayByCardResponse = Type.Composite([
  Payment,
  Type.Object({
    /** True: the payment is another attempt's, still open at the provider, not this one's. */
    inProgress: Type.Boolean(),
  }),
]);
export type PayByCardResponse = Static<typeof PayByCardResponse>;

/**
 * POST /lms/api/misc/paycancel.json: the student cancels their own payment while it is open at
 * the provider; the provider's checkout is closed, and a charge it reports later is not counted
 * (the payment is marked for refund). Answers the cancelled payment.
 */
export const PayCancelBody = Type.Object({ id_payment: Id });
export type PayCancelBody = Static<typeof PayCancelBody>;
export const PayCancelResponse = Payment;
export type PayCancelResponse = Payment;

/** POST /lms/api/misc/payments.json: the student's own payments, newest first. */
export const PaymentsBody = Type.Object({ id_student: Id });
export type PaymentsBody = Static<typeof PaymentsBody>;
export const PaymentsResponse = Type.Array(Payment);
export type PaymentsResponse = Static<typeof PaymentsResponse>;

/** POST /lms/api/misc/payment.json: one of the student's payments (the return page). */
export const PaymentBody = Type.Object({ id_payment: Id });
export type PaymentBody = Static<typeof PaymentBody>;
export const PaymentResponse = Payment;
export type PaymentResponse = Payment;

/** GET /lms/api/misc/payreceipt.file?id_payment=N: the receipt PDF of a paid payment. */
export const PayReceiptQuery = Type.Object({
  id_payment: Type.String({ pattern: '^[1-9][0-9]{0,9}$' }),
});
export type PayReceiptQuery = Static<typeof PayReceiptQuery>;

/** The payments endpoints for the API: each address with the schemas it validates. */
export const PAYMENTS_ENDPOINTS = withSchemas(PAYMENTS_ADDRESSES, {
  services: { response: UslugiResponse },
  groups: { body: GetGroupsBody, response: GetGroupsResponse },
  code: { body: PaymentCodeBody, response: PaymentCodeResponse },
  payByCard: { body: PayByCardBody, response: PayByCardResponse },
  payments: { body: PaymentsBody, response: PaymentsResponse },
  payment: { body: PaymentBody, response: PaymentResponse },
  cancel: { body: PayCancelBody, response: PayCancelResponse },
  receipt: { querystring: PayReceiptQuery },
});
