import type { Language } from '@lms/shared/contract';

/**
 * What a user reads, in every language of the portal. Each area keeps its texts in its
 * `messages.ts` as `Messages<Code>` (or `Templates<Code, Params>` when values are filled in); the
 * texts shared by every area are below. Nothing else in `api/src` holds words in a language other
 * than English (test/messages.test.ts).
 */
export type Text = Readonly<Record<Language, string>>;

/** A text with values filled in, e.g. the minutes to wait. */
export type Template<P> = Readonly<Record<Language, (params: P) => string>>;

/** An area's texts, one per code, each in every language. */
export type Messages<Code extends string> = Readonly<Record<Code, Text>>;

/** An area's texts with values, one per code. */
export type Templates<Code extends string, P> = Readonly<Record<Code, Template<P>>>;

/** The text of a template with its values, in every language. */
export function fill<P>(template: Template<P>, params: P): Text {
  return { kg: template.kg(params), ru: template.ru(params), en: template.en(params) };
}

/** A text in one language. */
export function inLanguage(text: Text, lang: Language): string {
  return text[lang];
}

/** Refusals every area answers with (spec §4, §8). */
export const MESSAGES = {
  credentialsRequired: {
    kg: 'Колдонуучунун атын жана сырсөздү жазыңыз',
    ru: 'Введите имя пользователя и пароль',
    en: 'Enter your user name and password',
  },
  wrongCredentials: {
    kg: 'Колдонуучунун аты же сырсөзү туура эмес',
    ru: 'Неверное имя пользователя или пароль',
    en: 'Invalid user name or password',
  },
  mustChangeCredentials: {
    kg: 'Логин менен сырсөздү алмаштыруу керек: алмаштыруу формасын ачуу үчүн азыркы маалыматтарды кайра жазыңыз',
    ru: 'Необходимо сменить логин и пароль: введите текущие данные ещё раз, чтобы открыть форму смены',
    en: 'You must change your login and password: enter your current ones again to open the change form',
  },
  notAuthenticated: {
    kg: 'Сессия табылган жок же мөөнөтү бүттү, кайра кириңиз',
    ru: 'Сессия не найдена или истекла, войдите снова',
    en: 'Your session was not found or has expired, please sign in again',
  },
  forbidden: {
    kg: 'Кирүүгө тыюу салынган',
    ru: 'Доступ запрещён',
    en: 'Access denied',
  },
  teachersOnly: {
    kg: 'Окутуучулар үчүн гана',
    ru: 'Доступно только преподавателям',
    en: 'Available to teachers only',
  },
  studentsOnly: {
    kg: 'Студенттер үчүн гана',
    ru: 'Доступно только студентам',
    en: 'Available to students only',
  },
  xsrf: {
    kg: 'Суроо четке кагылды: XSRF-токен жок же туура эмес',
    ru: 'Запрос отклонён: отсутствует или неверный XSRF-токен',
    en: 'Request refused: the XSRF token is missing or wrong',
  },
  notFound: { kg: 'Табылган жок', ru: 'Не найдено', en: 'Not found' },
  internal: {
    kg: 'Сервердин ички катасы',
    ru: 'Внутренняя ошибка сервера',
    en: 'Internal server error',
  },
} as const satisfies Messages<string>;

/** The university the portal serves, as its pages, documents and receipts name it by default. */
export const INSTITUTION = {
  name: {
    kg: 'Тянь-Шань университети',
    ru: 'Тянь-Шаньский университет',
    en: 'Tian Shan University',
  },
  address: {
    kg: 'Кыргыз Республикасы, 720001, Бишкек ш., Чүй пр., 100',
    ru: 'Кыргызская Республика, 720001, г. Бишкек, пр. Чуй, 100',
    en: '100 Chui Avenue, Bishkek 720001, Kyrgyz Republic',
  },
} as const satisfies Messages<'name' | 'address'>;
