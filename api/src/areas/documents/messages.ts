import type { Messages, Templates } from '../../lib/messages.js';
import type { RevokeRefusal } from './rules.js';

/** The documents' refusals, in every language (the error handler answers the caller's). */
export const DOCUMENTS_MESSAGES = {
  shortReason: {
    kg: 'Кайтарып алуунун себебин жазыңыз (кеминде 3 белги)',
    ru: 'Укажите причину отзыва (не менее 3 символов)',
    en: 'Give the reason for revoking (at least 3 characters)',
  },
  alreadyRevoked: {
    kg: 'Бул документ мурда эле кайтарылып алынган',
    ru: 'Этот документ уже отозван',
    en: 'This document has already been revoked',
  },
  registrarOnly: {
    kg: 'Бул катчылык кеңсесинин гана укугу',
    ru: 'Это доступно только офису регистратора',
    en: 'Only the registrar’s office may do this',
  },
} as const satisfies Messages<RevokeRefusal | 'registrarOnly'>;

/** What a document is about, as its list shows it. */
export const DETAIL_TEMPLATES = {
  transcript: {
    kg: (p) => `GPA ${p.gpa}, ${p.credits} кредит`,
    ru: (p) => `GPA ${p.gpa}, кредитов: ${p.credits}`,
    en: (p) => `GPA ${p.gpa}, ${p.credits} credits`,
  },
  receipt: {
    kg: (p) => `№ ${p.receiptNo}: ${p.service}`,
    ru: (p) => `№ ${p.receiptNo}: ${p.service}`,
    en: (p) => `No. ${p.receiptNo}: ${p.service}`,
  },
} as const satisfies Templates<string, Record<string, string>>;
