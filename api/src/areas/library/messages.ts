import { type Messages, type Templates, type Text } from '../../lib/messages.js';
import type { LibraryRefusal, SizeAmount } from './rules.js';

/** The e-library's refusals (books uploaded by teachers). */
export const LIBRARY_MESSAGES = {
  notYours: {
    kg: 'Бул китепти аны жүктөгөн адам гана өзгөртө же өчүрө алат',
    ru: 'Эту книгу может изменить или удалить только тот, кто её загрузил',
    en: 'Only the person who uploaded this book may change or delete it',
  },
  badCategory: {
    kg: 'Категорияны тандаңыз',
    ru: 'Выберите категорию',
    en: 'Choose a category',
  },
  nameRequired: {
    kg: 'Аталышын жазыңыз',
    ru: 'Введите название',
    en: 'Enter a title',
  },
  fromUmk: {
    kg: 'Бул китеп окуу-методикалык материалдардан алынган: аны УМК бөлүмүндө өзгөртүңүз',
    ru: 'Эта книга из учебно-методических материалов: измените её в разделе УМК',
    en: 'This book comes from the teaching materials: change it in the UMK section',
  },
} as const satisfies Messages<string>;

/** The teaching materials' (UMK) refusals. */
export const UMK_MESSAGES = {
  notYourDiscipline: {
    kg: 'Бул дисциплинанын материалдарын анын окутуучулары гана жүргүзөт',
    ru: 'Материалы этой дисциплины ведут её преподаватели',
    en: "This discipline's materials are kept by its teachers",
  },
  nameRequired: LIBRARY_MESSAGES.nameRequired,
  badType: {
    kg: 'Материалдын түрүн тандаңыз',
    ru: 'Выберите тип материала',
    en: 'Choose the type of material',
  },
  badExamType: {
    kg: 'Белгисиз текшерүү формасы',
    ru: 'Неизвестная форма контроля',
    en: 'Unknown form of assessment',
  },
  categoryRequired: {
    kg: 'Китепкананын категориясын тандаңыз',
    ru: 'Выберите категорию библиотеки',
    en: 'Choose a library category',
  },
  badAudience: {
    kg: 'Кимдер үчүн: all, full_time же distance',
    ru: 'Для кого: all, full_time или distance',
    en: 'For whom: all, full_time or distance',
  },
  badKind: {
    kg: 'Түрү: ebook, normative же manual',
    ru: 'Вид: ebook, normative или manual',
    en: 'Kind: ebook, normative or manual',
  },
} as const satisfies Messages<string>;

/** The refusals of a book's or material's upload. */
export const UPLOAD_MESSAGES = {
  oneFile: {
    kg: 'Бир гана файл тиркөөгө болот',
    ru: 'Можно приложить только один файл',
    en: 'Only one file may be attached',
  },
  fileRequired: {
    kg: 'Файлды тандаңыз',
    ru: 'Выберите файл',
    en: 'Choose a file',
  },
  multipartRequired: {
    kg: 'Туура эмес суроо-талап: multipart/form-data жөнөтүңүз',
    ru: 'Неверный запрос: отправьте multipart/form-data',
    en: 'Invalid request: send multipart/form-data',
  },
} as const satisfies Messages<string>;

const UNIT = {
  kg: { MB: 'МБ', KB: 'КБ' },
  ru: { MB: 'МБ', KB: 'КБ' },
  en: { MB: 'MB', KB: 'KB' },
} as const;

/** Refusals with values: the size limit, a field the form got wrong. */
export const UPLOAD_TEMPLATES = {
  tooLarge: {
    kg: (size: SizeAmount) => `Файл өтө чоң: ${size.amount} ${UNIT.kg[size.unit]} ашпашы керек`,
    ru: (size: SizeAmount) =>
      `Файл слишком большой: не больше ${size.amount} ${UNIT.ru[size.unit]}`,
    en: (size: SizeAmount) => `The file is too large: at most ${size.amount} ${UNIT.en[size.unit]}`,
  },
} as const satisfies Templates<string, SizeAmount>;

/** The words of a rule's refusal (rules.ts). */
export function refusalText(refusal: LibraryRefusal): Text {
  switch (refusal.refusal) {
    case 'badField':
      return refusal.invalid;
    case 'fileRequired':
      return UPLOAD_MESSAGES.fileRequired;
    case 'badCategory':
    case 'fromUmk':
    case 'notYours':
      return LIBRARY_MESSAGES[refusal.refusal];
    default:
      return UMK_MESSAGES[refusal.refusal];
  }
}
