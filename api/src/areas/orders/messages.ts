import { ORDER_MAX_DAYS_AHEAD } from '@lms/shared/contract';
import { HOLDER_LABELS } from '../../lib/documents/document-messages.js';
import type { Messages, Templates } from '../../lib/messages.js';

/** Refusals of the single window (spec §5, §7), in every language. */
export const ORDER_MESSAGES = {
  fieldsRequired: {
    kg: 'Буйрутманын бардык талааларын толтуруңуз',
    ru: 'Заполните все поля заказа',
    en: 'Fill in every field of the order',
  },
  badDate: {
    kg: 'Күн туура эмес: күндү ЖЖЖЖ-АА-КК форматында жазыңыз',
    ru: 'Неверная дата: укажите день в формате ГГГГ-ММ-ДД',
    en: 'Wrong date: give the day as YYYY-MM-DD',
  },
  pastDate: {
    kg: 'Күн бүгүнкү күндөн мурун боло албайт',
    ru: 'Дата не может быть раньше сегодняшней',
    en: 'The date cannot be earlier than today',
  },
  farDate: {
    kg: `Күн ${ORDER_MAX_DAYS_AHEAD} күндөн кечирээк боло албайт`,
    ru: `Дата не может быть позже чем через ${ORDER_MAX_DAYS_AHEAD} дней`,
    en: `The date cannot be more than ${ORDER_MAX_DAYS_AHEAD} days ahead`,
  },
  unknownDocument: {
    kg: 'Белгисиз документ',
    ru: 'Неизвестный документ',
    en: 'Unknown document',
  },
  unknownRegion: {
    kg: 'Белгисиз облус',
    ru: 'Неизвестная область',
    en: 'Unknown region',
  },
  districtMismatch: {
    kg: 'Район тандалган облуска кирбейт',
    ru: 'Район не относится к выбранной области',
    en: 'The district is not in the chosen region',
  },
  unknownPurpose: {
    kg: 'Белгисиз максат',
    ru: 'Неизвестное назначение',
    en: 'Unknown purpose',
  },
  notWaiting: {
    kg: 'Күтүүдөгү буйрутманы гана жокко чыгарууга болот',
    ru: 'Отменить можно только заказ, который ещё ожидает',
    en: 'Only an order that is still waiting can be cancelled',
  },
  registrarOnly: {
    kg: 'Каттоо кеңсеси үчүн гана',
    ru: 'Доступно только офису регистратора',
    en: "Available to the registrar's office only",
  },
  noDocument: {
    kg: 'Бул буйрутма үчүн портал документ берген эмес',
    ru: 'Для этого заказа портал не выпускал документ',
    en: 'The portal has issued no document for this order',
  },
  studentMissing: {
    kg: 'Студент табылган жок',
    ru: 'Студент не найден',
    en: 'Student not found',
  },
} as const satisfies Messages<string>;

/** The registrar's refusals of a move. */
export const ORDER_REFUSALS = {
  badMove: {
    ru: 'Статус переводится только на следующий шаг: ожидает → готовится → готов',
    kg: 'Статус кийинки кадамга гана которулат: күтүүдө → даярдалууда → даяр',
    en: 'An order moves only to the next step: waiting → preparing → prepared',
  },
  cancelled: {
    ru: 'Студент отменил этот заказ: его статус больше не меняется',
    kg: 'Студент бул буйрутманы жокко чыгарды: анын статусу мындан ары өзгөрбөйт',
    en: 'The student has cancelled this order: its status no longer changes',
  },
  stale: {
    ru: 'Заказ уже изменён: обновите список',
    kg: 'Буйрутма буга чейин өзгөртүлгөн: тизмени жаңыртыңыз',
    en: 'The order has already been changed: refresh the list',
  },
} as const satisfies Messages<string>;

/** The words of the public verification page (`/lms/verify/<id>`). */
export const VERIFY_TEXTS = {
  title: { kg: 'Документти текшерүү', ru: 'Проверка документа', en: 'Document verification' },
  genuine: {
    kg: 'Документ чыныгы: университеттин порталы тарабынан берилген.',
    ru: 'Документ подлинный: выдан порталом университета.',
    en: 'The document is genuine: issued by the university portal.',
  },
  revoked: {
    kg: 'Документ кайтарылып алынган',
    ru: 'Документ отозван',
    en: 'The document has been revoked',
  },
  unknown: {
    kg: 'Документ тастыкталган жок: шилтеме туура эмес же өзгөртүлгөн.',
    ru: 'Документ не подтверждён: ссылка неверна или изменена.',
    en: 'The document is not confirmed: the link is wrong or has been changed.',
  },
  transcript: { kg: 'Транскрипт', ru: 'Транскрипт', en: 'Transcript of records' },
  certificate: {
    kg: 'Окуу жеринен маалымкат',
    ru: 'Справка с места учёбы',
    en: 'Certificate of study',
  },
  number: { kg: 'Номери', ru: 'Номер', en: 'Number' },
  issued: { kg: 'Берилген күнү', ru: 'Дата выдачи', en: 'Issued' },
  ...HOLDER_LABELS,
  course: { kg: 'Курс', ru: 'Курс', en: 'Year of study' },
  group: { kg: 'Топ', ru: 'Группа', en: 'Group' },
  purpose: { kg: 'Көрсөтүү үчүн', ru: 'Для предъявления', en: 'Issued for' },
  credits: { kg: 'Кредиттер', ru: 'Кредитов', en: 'Credits' },
  receipt: { kg: 'Төлөм дүмүрчөгү', ru: 'Квитанция об оплате', en: 'Payment receipt' },
  receiptNo: { kg: 'Дүмүрчөктүн номери', ru: 'Номер квитанции', en: 'Receipt number' },
  service: { kg: 'Кызмат', ru: 'Услуга', en: 'Service' },
  amount: { kg: 'Сумма', ru: 'Сумма', en: 'Amount' },
  paidAt: { kg: 'Төлөнгөн убакыт', ru: 'Оплачено', en: 'Paid' },
  reason: { kg: 'Себеби', ru: 'Причина', en: 'Reason' },
} as const satisfies Messages<string>;

/** The words of the certificate of study (PDF). */
export const CERTIFICATE_TEXTS = {
  title: { kg: 'МААЛЫМКАТ', ru: 'СПРАВКА', en: 'CERTIFICATE OF STUDY' },
  registrar: {
    kg: 'Каттоо кеңсеси',
    ru: 'Офис регистратора',
    en: 'Registrar’s office',
  },
} as const satisfies Messages<string>;

/** What the certificate of study says of its holder. */
export interface CertificateParams {
  fio: string;
  born: string;
  course: string;
  group: string;
  speciality: string;
  faculty: string;
  university: string;
  purpose: string;
}

/** The certificate's sentences, with the holder's values. */
export const CERTIFICATE_TEMPLATES = {
  body: {
    kg: (p) =>
      `${p.fio}, ${p.born} ж. туулган, чындап эле ${p.university} ` +
      `«${p.speciality}» адистигинин (${p.faculty}) ${p.course}-курсунун ${p.group} тобунун ` +
      `күндүзгү окуу формасындагы студенти экендиги тууралуу берилди.`,
    ru: (p) =>
      `Дана ${p.fio}, ${p.born} г. р., в том, что он(а) действительно ` +
      `является студентом(кой) ${p.course} курса группы ${p.group} специальности ` +
      `«${p.speciality}» (${p.faculty}) очной формы обучения ${p.university}.`,
    en: (p) =>
      `This is to certify that ${p.fio}, born ${p.born}, is a full-time ` +
      `student of year ${p.course}, group ${p.group}, speciality "${p.speciality}" ` +
      `at ${p.university}.`,
  },
  purpose: {
    kg: (p) => `Маалымкат көрсөтүү үчүн берилди: ${p.purpose}.`,
    ru: (p) => `Справка выдана для предъявления: ${p.purpose}.`,
    en: (p) => `Issued for: ${p.purpose}.`,
  },
} as const satisfies Templates<string, CertificateParams>;
