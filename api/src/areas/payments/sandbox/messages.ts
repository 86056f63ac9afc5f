import type { Language } from '@lms/shared/contract';
import type { Messages } from '../../../lib/messages.js';

// The sandbox acquirer's hosted page in the payer's language (the browser's `lang` cookie or
// Accept-Language), as a real acquirer's page would be.

/** The page's words. */
export const SANDBOX_PAGE = {
  title: {
    kg: 'Карта менен төлөө',
    ru: 'Оплата картой',
    en: 'Card payment',
  },
  testMode: {
    kg: 'СЫНОО РЕЖИМИ: акча чегерилбейт. Сыноо карталарын колдонуңуз.',
    ru: 'ТЕСТОВЫЙ РЕЖИМ: деньги не списываются. Используйте тестовые карты.',
    en: 'TEST MODE: no money is charged. Use the test cards.',
  },
  amount: {
    kg: 'Сумма',
    ru: 'Сумма',
    en: 'Amount',
  },
  purpose: {
    kg: 'Максаты',
    ru: 'Назначение',
    en: 'Purpose',
  },
  card: {
    kg: 'Картанын номери',
    ru: 'Номер карты',
    en: 'Card number',
  },
  expiry: {
    kg: 'Жарактуу мөөнөтү (АА/ЖЖ)',
    ru: 'Срок действия (ММ/ГГ)',
    en: 'Expiry (MM/YY)',
  },
  cvc: {
    kg: 'CVC',
    ru: 'CVC',
    en: 'CVC',
  },
  pay: {
    kg: 'Төлөө',
    ru: 'Оплатить',
    en: 'Pay',
  },
  cancel: {
    kg: 'Жокко чыгарып, кайтуу',
    ru: 'Отменить и вернуться',
    en: 'Cancel and return',
  },
  confirmTitle: {
    kg: 'Төлөмдү ырастоо',
    ru: 'Подтверждение платежа',
    en: 'Confirm the payment',
  },
  confirmHint: {
    kg: 'SMSтеги бир жолку кодду киргизиңиз (сыноо режиминде: 123456).',
    ru: 'Введите одноразовый код из SMS (в тестовом режиме: 123456).',
    en: 'Enter the one-time code from the SMS (in test mode: 123456).',
  },
  code: {
    kg: 'Код',
    ru: 'Код',
    en: 'Code',
  },
  confirm: {
    kg: 'Ырастоо',
    ru: 'Подтвердить',
    en: 'Confirm',
  },
  paid: {
    kg: 'Төлөм төлөндү: акча бир жолу чегерилди.',
    ru: 'Платёж оплачен: деньги списаны один раз.',
    en: 'The payment has been paid: you were charged once.',
  },
  declined: {
    kg: 'Банк төлөмдү четке какты: акча чегерилген жок.',
    ru: 'Банк отклонил платёж: деньги не списаны.',
    en: 'The bank declined the payment: you were not charged.',
  },
  expired: {
    kg: 'Төлөө мөөнөтү өтүп кетти.',
    ru: 'Срок оплаты истёк.',
    en: 'The time to pay has run out.',
  },
  cancelled: {
    kg: 'Төлөм порталда жокко чыгарылды.',
    ru: 'Платёж отменён на портале.',
    en: 'The payment was cancelled on the portal.',
  },
  back: {
    kg: 'Порталга кайтуу',
    ru: 'Вернуться на портал',
    en: 'Back to the portal',
  },
  notFound: {
    kg: 'Төлөм табылган жок.',
    ru: 'Платёж не найден.',
    en: 'Payment not found.',
  },
  cards: {
    kg: 'Сыноо карталары: 4111 1111 1111 1111 (ийгиликтүү), 4000 0000 0000 0002 (четке кагылат), 4000 0000 0000 3220 (ырастоо менен).',
    ru: 'Тестовые карты: 4111 1111 1111 1111 (успех), 4000 0000 0000 0002 (отказ), 4000 0000 0000 3220 (с подтверждением).',
    en: 'Test cards: 4111 1111 1111 1111 (success), 4000 0000 0000 0002 (declined), 4000 0000 0000 3220 (with confirmation).',
  },
} as const satisfies Messages<string>;

/** Why the page refuses a card, a code, or the payment itself. */
export const SANDBOX_ERRORS = {
  card: {
    kg: 'Белгисиз сыноо картасы: төмөнкү карталардын бирин колдонуңуз',
    ru: 'Неизвестная тестовая карта: используйте одну из карт ниже',
    en: 'Unknown test card: use one of the cards below',
  },
  expiry: {
    kg: 'Картанын жарактуу мөөнөтү туура эмес',
    ru: 'Неверный срок действия карты',
    en: 'Wrong card expiry date',
  },
  cvc: {
    kg: 'CVC — үч сан',
    ru: 'CVC — три цифры',
    en: 'CVC is three digits',
  },
  code: {
    kg: 'Коддун алты санын киргизиңиз',
    ru: 'Введите шесть цифр кода',
    en: 'Enter the six digits of the code',
  },
  // A checkout that can no longer be paid: what became of it and of the payer's money.
  paid: {
    kg: 'Бул төлөм мурунтан эле төлөнгөн (башка өтмөктө же терезеде): акча бир жолу гана чегерилди, карта кайра чегерилген жок',
    ru: 'Этот платёж уже оплачен (в другой вкладке или окне): деньги списаны один раз, повторно карта не списана',
    en: 'This payment has already been paid (in another tab or window): you were charged once, and your card was not charged again',
  },
  declined: {
    kg: 'Банк бул төлөмдү мурунтан эле четке каккан: акча чегерилген жок',
    ru: 'Банк уже отклонил этот платёж: деньги не списаны',
    en: 'The bank has already declined this payment: you were not charged',
  },
  cancelled: {
    kg: 'Бул төлөм порталда жокко чыгарылган: акча чегерилген жок',
    ru: 'Этот платёж отменён на портале: деньги не списаны',
    en: 'This payment was cancelled on the portal: you were not charged',
  },
  expired: {
    kg: 'Бул төлөмдүн мөөнөтү өтүп кеткен: акча чегерилген жок',
    ru: 'Срок оплаты этого платежа истёк: деньги не списаны',
    en: 'The time to pay this payment has run out: you were not charged',
  },
  confirming: {
    kg: 'Бул төлөм SMSтеги код менен ырасталууну күтүп жатат (башка өтмөктө): акча азырынча чегерилген жок',
    ru: 'Этот платёж уже ждёт подтверждения кодом из SMS (в другой вкладке): деньги пока не списаны',
    en: 'This payment is already waiting for the SMS code (in another tab): you have not been charged yet',
  },
  notConfirming: {
    kg: 'Бул төлөм ырастоону күтпөйт: барактан картаны кайра киргизиңиз',
    ru: 'Этот платёж не ждёт подтверждения: введите карту на странице заново',
    en: 'This payment is not waiting for a confirmation: enter the card on the page again',
  },
  notFound: {
    kg: 'Төлөм табылган жок',
    ru: 'Платёж не найден',
    en: 'Payment not found',
  },
} as const satisfies Messages<string>;

/** A table of texts in one language (the page is built in the payer's). */
export function wordsIn<Code extends string>(
  table: Messages<Code>,
  lang: Language,
): Record<Code, string> {
  const entries = Object.entries(table) as [Code, Messages<Code>[Code]][];
  return Object.fromEntries(entries.map(([code, text]) => [code, text[lang]])) as Record<
    Code,
    string
  >;
}
