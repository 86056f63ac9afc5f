import type { Messages, Templates, Text } from '../../lib/messages.js';

/** The news area's refusals, in every language (`request.lang` picks one). */
export const NEWS_MESSAGES = {
  noPermission: {
    kg: 'Жаңылыктарды жарыялоого жана өчүрүүгө укугуңуз жок',
    ru: 'Нет права публиковать и удалять новости',
    en: 'You have no right to publish or delete news',
  },
  messageRequired: {
    kg: 'Жаңылыктын текстин жазыңыз',
    ru: 'Введите текст новости',
    en: 'Enter the text of the news item',
  },
  badAudience: {
    kg: 'Кимге: all, teachers же students',
    ru: 'Адресаты: all, teachers или students',
    en: 'Audience: all, teachers or students',
  },
  badFaculty: {
    kg: 'Мындай факультет жок',
    ru: 'Такого факультета нет',
    en: 'There is no such faculty',
  },
} as const satisfies Messages<string>;

/** Upload refusals with the area's limits filled in. */
export const NEWS_UPLOAD_MESSAGES: Templates<'tooManyFiles', { max: number }> &
  Templates<'tooLarge', { size: Text }> = {
  tooManyFiles: {
    kg: ({ max }) => `Бир жаңылыкка ${max} файлдан ашык тиркөөгө болбойт`,
    ru: ({ max }) => `Не больше ${max} файлов в одной новости`,
    en: ({ max }) => `At most ${max} files per news item`,
  },
  tooLarge: {
    kg: ({ size }) => `Файлдар өтө чоң: бир жаңылыкка эң көп ${size.kg}`,
    ru: ({ size }) => `Файлы слишком большие: не больше ${size.ru} на одну новость`,
    en: ({ size }) => `The files are too large: at most ${size.en} per news item`,
  },
};
