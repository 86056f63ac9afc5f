import { NEW_PASSWORD_MIN_LENGTH } from '@lms/shared/contract';
import type { Messages, Templates } from '../../lib/messages.js';

/** The one policy for new passwords (`isStrongPassword`), as both forms show it. */
const WEAK_PASSWORD = {
  kg: `Жаңы сырсөз: кеминде ${NEW_PASSWORD_MIN_LENGTH} белги, жок дегенде бир сан, бир баш тамга жана бир кичине тамга`,
  ru: `Новый пароль: не менее ${NEW_PASSWORD_MIN_LENGTH} символов, хотя бы одна цифра, одна заглавная и одна строчная буква`,
  en: `New password: at least ${NEW_PASSWORD_MIN_LENGTH} characters, with at least one digit, one uppercase and one lowercase letter`,
};

/** Refusals and answers of sign-in and the first-login change (spec §4). */
export const AUTH_MESSAGES = {
  /** The change's success (the answer also says `updated: true`). */
  updated: {
    kg: 'Логин жана сырсөз ийгиликтүү өзгөртүлдү',
    ru: 'Логин и пароль успешно изменены',
    en: 'Login and password changed successfully',
  },
  wrongOldCredentials: {
    kg: 'Азыркы логин же сырсөз туура эмес',
    ru: 'Неверный текущий логин или пароль',
    en: 'Wrong current login or password',
  },
  badLogin: {
    kg: 'Жаңы логин: 3төн 50гө чейин белги, латын тамгалары, сандар жана . _ - белгилери',
    ru: 'Новый логин: от 3 до 50 символов, латинские буквы, цифры и знаки . _ -',
    en: 'New login: 3 to 50 characters, Latin letters, digits and the signs . _ -',
  },
  weakPassword: WEAK_PASSWORD,
  loginTaken: {
    kg: 'Бул логин бош эмес, башкасын тандаңыз',
    ru: 'Этот логин уже занят, выберите другой',
    en: 'This login is already taken, choose another one',
  },
  samePassword: {
    kg: 'Жаңы сырсөз азыркысынан айырмаланышы керек',
    ru: 'Новый пароль должен отличаться от текущего',
    en: 'The new password must differ from the current one',
  },
} as const satisfies Messages<string>;

/** Refusals of the password change (spec §5). */
export const PASSWD_MESSAGES = {
  oldRequired: {
    kg: 'Эски сырсөздү жазыңыз',
    ru: 'Введите старый пароль',
    en: 'Enter your old password',
  },
  wrongOld: {
    kg: 'Эски сырсөз туура эмес',
    ru: 'Неверный старый пароль',
    en: 'Wrong old password',
  },
  weakPassword: WEAK_PASSWORD,
  samePassword: {
    kg: 'Жаңы сырсөз азыркысынан айырмаланышы керек',
    ru: 'Новый пароль должен отличаться от текущего',
    en: 'The new password must differ from the current one',
  },
} as const satisfies Messages<string>;

/** 429 of a throttled caller, with the whole minutes to wait (rules.ts `minutesToWait`). */
export const THROTTLED = {
  signIn: {
    kg: ({ minutes }) => `Кирүү аракеттери өтө көп. ${minutes} мүн. кийин кайталаңыз.`,
    ru: ({ minutes }) => `Слишком много попыток входа. Повторите через ${minutes} мин.`,
    en: ({ minutes }) => `Too many sign-in attempts. Try again in ${minutes} min.`,
  },
  passwd: {
    kg: ({ minutes }) => `Аракеттер өтө көп. ${minutes} мүн. кийин кайталаңыз.`,
    ru: ({ minutes }) => `Слишком много попыток. Повторите через ${minutes} мин.`,
    en: ({ minutes }) => `Too many attempts. Try again in ${minutes} min.`,
  },
} as const satisfies Templates<'signIn' | 'passwd', { minutes: number }>;
