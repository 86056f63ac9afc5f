import type { Messages, Template } from './messages.js';

/** Fastify's own client errors, reworded for people (errors.ts). */
export const CLIENT_ERROR_MESSAGES = {
  invalidJson: {
    kg: 'Туура эмес суроо-талап: JSON денеси бузулган',
    ru: 'Неверный запрос: повреждённое тело JSON',
    en: 'Invalid request: malformed JSON body',
  },
  emptyJson: {
    kg: 'Туура эмес суроо-талап: JSON денеси бош',
    ru: 'Неверный запрос: пустое тело JSON',
    en: 'Invalid request: empty JSON body',
  },
  bodyTooLarge: {
    kg: 'Суроо-талаптын денеси өтө чоң',
    ru: 'Тело запроса слишком большое',
    en: 'Request body is too large',
  },
  unsupportedMediaType: {
    kg: 'Колдоого алынбаган мазмун түрү: application/json жөнөтүңүз',
    ru: 'Неподдерживаемый тип содержимого: отправьте application/json',
    en: 'Unsupported content type: send application/json',
  },
  malformedMultipart: {
    kg: 'Туура эмес суроо-талап: multipart/form-data денеси бузулган',
    ru: 'Неверный запрос: повреждённое тело multipart/form-data',
    en: 'Invalid request: malformed multipart/form-data body',
  },
} as const satisfies Messages<string>;

/** A request the route refuses as malformed, with what is wrong (in English, as validation says it). */
export const INVALID_REQUEST: Template<{ detail: string }> = {
  kg: ({ detail }) => `Туура эмес суроо-талап: ${detail}`,
  ru: ({ detail }) => `Неверный запрос: ${detail}`,
  en: ({ detail }) => `Invalid request: ${detail}`,
};

/** A route that takes files was sent something else. */
export const MULTIPART_REQUIRED = {
  kg: 'Туура эмес суроо-талап: multipart/form-data жөнөтүңүз',
  ru: 'Неверный запрос: отправьте multipart/form-data',
  en: 'Invalid request: send multipart/form-data',
} as const;
