import type { Messages, Templates, Text } from '../../lib/messages.js';

/** The chat's refusals, in every language (`request.lang` picks one). */
export const CHAT_MESSAGES = {
  empty: {
    kg: 'Билдирүү жазыңыз же файл тиркеңиз',
    ru: 'Введите сообщение или прикрепите файл',
    en: 'Write a message or attach a file',
  },
  tooLong: {
    kg: 'Билдирүү өтө узун',
    ru: 'Сообщение слишком длинное',
    en: 'The message is too long',
  },
  notAuthor: {
    kg: 'Билдирүүнү анын автору гана өчүрө алат',
    ru: 'Удалить сообщение может только его автор',
    en: 'Only its author can delete a message',
  },
  badMessageKey: {
    kg: 'Idempotency-Key: 8ден 64кө чейин латын тамгасы, сан, «-» же «_» болушу керек',
    ru: 'Idempotency-Key: от 8 до 64 латинских букв, цифр, «-» или «_»',
    en: 'Idempotency-Key: 8 to 64 Latin letters, digits, "-" or "_"',
  },
} as const satisfies Messages<string>;

/** Requests that name the wrong conversation, worded like a schema's refusal. */
export const CHAT_REQUEST_MESSAGES = {
  groupOnly: {
    kg: 'Туура эмес суроо-талап: group/messages.json топтук чат үчүн гана (id_to -1)',
    ru: 'Неверный запрос: group/messages.json только для группового чата (id_to -1)',
    en: 'Invalid request: group/messages.json is for the group chat (id_to -1)',
  },
  groupRequired: {
    kg: 'Туура эмес суроо-талап: топтук чат үчүн id_group керек',
    ru: 'Неверный запрос: для группового чата нужен id_group',
    en: 'Invalid request: id_group is required for the group chat',
  },
} as const satisfies Messages<string>;

/** Upload refusals with the chat's limits filled in. */
export const CHAT_UPLOAD_MESSAGES: Templates<'tooManyFiles', { max: number }> &
  Templates<'tooLarge', { size: Text }> = {
  tooManyFiles: {
    kg: ({ max }) => `Бир билдирүүгө ${max} файлдан ашык тиркөөгө болбойт`,
    ru: ({ max }) => `Не больше ${max} файлов в одном сообщении`,
    en: ({ max }) => `At most ${max} files per message`,
  },
  tooLarge: {
    kg: ({ size }) => `Файлдар өтө чоң: бир билдирүүгө эң көп ${size.kg}`,
    ru: ({ size }) => `Файлы слишком большие: не больше ${size.ru} на одно сообщение`,
    en: ({ size }) => `The files are too large: at most ${size.en} per message`,
  },
};
