import type { Messages } from '../../lib/messages.js';
import type { ChangeRefusal } from './rules.js';

/** Staff access's refusals, in every language (the error handler answers the caller's). */
export const STAFF_ACCESS_MESSAGES = {
  ownAccount: {
    kg: 'Өз укуктарыңызды өзгөртө албайсыз: аны башка каттоочу кылат',
    ru: 'Свои права изменить нельзя: это делает другой сотрудник офиса регистратора',
    en: "You cannot change your own rights: another registrar's staff member does it",
  },
  notStaff: {
    kg: 'Мындай кызматкер жок',
    ru: 'Такого сотрудника нет',
    en: 'There is no such staff member',
  },
} as const satisfies Messages<ChangeRefusal>;
