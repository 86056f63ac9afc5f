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
