import type { Messages, Templates } from '../../lib/messages.js';

// The payments area's texts in every language: the refusals of the student's calls and the
// receipt PDF's labels (the sandbox acquirer's page has its own, sandbox/messages.ts).

/** Why a payment call is refused (`rules.ts` decides most of them). */
export type PaymentRefusal =
  | 'unknownService'
  | 'groupMismatch'
  | 'badCode'
  | 'codeMissing'
  | 'nothingDue'
  | 'tooMuch'
  | 'keyReused'
  | 'notPaid'
  | 'alreadyPaid'
  | 'alreadyCancelled'
  | 'alreadyExpired'
  | 'alreadyDeclined'
  | 'alreadyRefund';

/** Refusals of the payments area, in the student's language. */
export const PAYMENT_REFUSALS = {
  unknownService: {
    kg: 'Белгисиз кызмат',
    ru: 'Неизвестная услуга',
    en: 'Unknown service',
  },
  groupMismatch: {
    kg: 'Студент тандалган окуу жылында бул топто окуган эмес',
    ru: 'Студент не учился в этой группе в выбранном году',
    en: 'The student was not in this group in the chosen year',
  },
  badCode: {
    kg: 'Төлөм коду туура эмес: сандарын текшериңиз',
    ru: 'Неверный код оплаты: проверьте цифры',
    en: 'Wrong payment code: check the digits',
  },
  codeMissing: {
    kg: 'Төлөм коду табылган жок',
    ru: 'Код оплаты не найден',
    en: 'Payment code not found',
  },
  nothingDue: {
    kg: 'Бул код боюнча баары төлөнгөн',
    ru: 'По этому коду всё оплачено',
    en: 'Everything under this code has been paid',
  },
  tooMuch: {
    kg: 'Сумма төлөнүүчү суммадан көп',
    ru: 'Сумма больше суммы к оплате',
    en: 'The amount is more than the amount due',
  },
  keyReused: {
    kg: 'Суроо башка маалыматтар менен кайталанды: төлөмдү кайра баштаңыз',
    ru: 'Повтор запроса с другими данными: начните оплату заново',
    en: 'A repeated request with other data: start the payment again',
  },
  notPaid: {
    kg: 'Квитанция төлөнгөн төлөмгө гана берилет',
    ru: 'Квитанция есть только у оплаченного платежа',
    en: 'Only a paid payment has a receipt',
  },
  // A payment that is no longer open (another tab paid or cancelled it, its time ran out): which
  // it was, and what happened to the student's money.
  alreadyPaid: {
    kg: 'Бул төлөм мурунтан эле төлөнгөн (башка өтмөктө же терезеде): акча бир жолу гана чегерилди, квитанциясы «Менин төлөмдөрүмдө»',
    ru: 'Этот платёж уже оплачен (в другой вкладке или окне): деньги списаны один раз, квитанция — в «Моих платежах»',
    en: 'This payment has already been paid (in another tab or window): you were charged once, and the receipt is in "My payments"',
  },
  alreadyCancelled: {
    kg: 'Бул төлөм мурунтан эле жокко чыгарылган: акча чегерилген жок',
    ru: 'Этот платёж уже отменён: деньги не списаны',
    en: 'This payment has already been cancelled: you were not charged',
  },
  alreadyExpired: {
    kg: 'Бул төлөмдүн мөөнөтү өтүп кеткен: акча чегерилген жок',
    ru: 'Срок оплаты этого платежа истёк: деньги не списаны',
    en: 'The time to pay this payment has run out: you were not charged',
  },
  alreadyDeclined: {
    kg: 'Банк бул төлөмдү четке какты: акча чегерилген жок',
    ru: 'Банк отклонил этот платёж: деньги не списаны',
    en: 'The bank declined this payment: you were not charged',
  },
  alreadyRefund: {
    kg: 'Банк бул төлөмдү чегерген, бирок ал эсептелген жок: акча картаңызга кайтарылат',
    ru: 'Банк списал этот платёж, но он не засчитан: деньги будут возвращены на карту',
    en: 'The bank charged this payment but it was not counted: the money will be returned to your card',
  },
} as const satisfies Messages<PaymentRefusal>;

/** The receipt PDF's fixed words. */
export const RECEIPT_LABELS = {
  subtitle: {
    kg: 'банк картасы менен төлөнгөнү жөнүндө',
    ru: 'об оплате банковской картой',
    en: 'of a payment by bank card',
  },
  testMode: {
    kg: 'СЫНОО РЕЖИМИ: акча чегерилген жок',
    ru: 'ТЕСТОВЫЙ РЕЖИМ: деньги не списывались',
    en: 'TEST MODE: no money was charged',
  },
  payer: { kg: 'Төлөөчү', ru: 'Плательщик', en: 'Payer' },
  group: { kg: 'Топ', ru: 'Группа', en: 'Group' },
  service: { kg: 'Кызмат', ru: 'Услуга', en: 'Service' },
  year: { kg: 'Окуу жылы', ru: 'Учебный год', en: 'Academic year' },
  code: { kg: 'Төлөм коду', ru: 'Код оплаты', en: 'Payment code' },
  amount: { kg: 'Сумма', ru: 'Сумма', en: 'Amount' },
  paidAt: { kg: 'Төлөнгөн күнү', ru: 'Дата оплаты', en: 'Date paid' },
  operation: { kg: 'Операция', ru: 'Операция', en: 'Transaction' },
  footer: {
    kg: 'Төлөндү. Квитанцияны университеттин порталы түздү.',
    ru: 'Оплачено. Квитанция сформирована порталом университета.',
    en: 'Paid. The receipt was issued by the university portal.',
  },
} as const satisfies Messages<string>;

/** The receipt's title and its amounts (som and tyiyn as the language writes them). */
export const RECEIPT_TEMPLATES = {
  title: {
    kg: ({ no }) => `№ ${no} квитанция`,
    ru: ({ no }) => `Квитанция № ${no}`,
    en: ({ no }) => `Receipt No. ${no}`,
  },
} as const satisfies Templates<'title', { no: string }>;
