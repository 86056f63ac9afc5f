import type { Messages, Templates, Text } from '../../lib/messages.js';
import { fill } from '../../lib/messages.js';
import type { Refusal, RefusalCode } from './rules.js';

// Registration's texts in every language of the portal: the refusals of its writes (worded from
// the rules' refusal codes), its notices, and the teacher's students CSV.

/** The university's time zone: window dates are shown as its students read them. */
const TIME_ZONE = 'Asia/Bishkek';

/** Refusals without values. */
export const REFUSALS = {
  notInPlan: {
    kg: 'Бул дисциплина сиздин тобуңуздун ушул семестрдеги окуу планында жок',
    ru: 'Этой дисциплины нет в учебном плане вашей группы на этот семестр',
    en: "This discipline is not in your group's study plan for this semester",
  },
  electivesClosed: {
    kg: 'Бул семестрде тандоо дисциплиналарына каттоо сизге ачык эмес',
    ru: 'Регистрация на дисциплины по выбору в этом семестре вам не открыта',
    en: 'Elective registration is not open to you this semester',
  },
  noWindow: {
    kg: 'Бул семестрге каттоо мөөнөтү белгилене элек',
    ru: 'Сроки регистрации на этот семестр не назначены',
    en: 'No registration period is set for this semester',
  },
  streamMismatch: {
    kg: 'Тандалган агым бул дисциплинага же окутуучуга туура келбейт',
    ru: 'Выбранный поток не относится к этой дисциплине или преподавателю',
    en: 'The chosen stream does not belong to this discipline or teacher',
  },
  streamFull: {
    kg: 'Агым толук: бош орун калган жок. Башка агымды тандаңыз',
    ru: 'Поток заполнен: свободных мест нет. Выберите другой поток',
    en: 'Stream full: no seats left. Choose another stream',
  },
  duplicate: {
    kg: 'Сиз бул дисциплинага катталгансыз',
    ru: 'Вы уже зарегистрированы на эту дисциплину',
    en: 'You are already registered for this discipline',
  },
  missing: {
    kg: 'Каттоо табылган жок',
    ru: 'Регистрация не найдена',
    en: 'Registration not found',
  },
  lastLessonType: {
    kg: 'Бул каттоодогу акыркы сабак түрү: анын ордуна каттоону өчүрүңүз',
    ru: 'Это последний вид занятия регистрации: удалите регистрацию целиком',
    en: "This is the registration's last lesson type: delete the registration instead",
  },
  tuitionHold: {
    kg: 'Каттоо бөгөттөлгөн: бул окуу жылына окуу акысы төлөнө элек. Төлөм кодун ачып, төлөңүз',
    ru: 'Регистрация заблокирована: плата за обучение за этот учебный год не внесена. Откройте код оплаты и оплатите',
    en: 'Registration is on hold: tuition for this academic year is unpaid. Open your payment code and pay it',
  },
  notFull: {
    kg: 'Агымда бош орундар бар: кезекке турбай эле катталыңыз',
    ru: 'В потоке есть свободные места: зарегистрируйтесь без очереди',
    en: 'The stream has free seats: register instead of joining the waiting list',
  },
  alreadyWaiting: {
    kg: 'Сиз бул агымдын күтүү тизмесиндесиз',
    ru: 'Вы уже в листе ожидания этого потока',
    en: "You are already on this stream's waiting list",
  },
  notWaiting: {
    kg: 'Күтүү тизмесиндеги жазуу табылган жок',
    ru: 'Запись в листе ожидания не найдена',
    en: 'Waiting list entry not found',
  },
  declineClosed: {
    kg: 'Орундан баш тартуу мөөнөтү өттү: каттоону кадимкидей өчүрүңүз',
    ru: 'Срок отказа от места истёк: удалите регистрацию обычным способом',
    en: 'The time to decline the seat has passed: delete the registration instead',
  },
  capacityBelowTaken: {
    kg: 'Орундардын саны катталгандардан аз болбошу керек',
    ru: 'Мест не может быть меньше, чем уже зарегистрировано',
    en: 'Seats cannot be fewer than the students already registered',
  },
} as const satisfies Messages<
  Exclude<RefusalCode, 'windowClosed' | 'creditLimit' | 'hold' | 'beforeSlot'>
>;

/** An appointment's instant that is no date. */
export const INSTANT_REFUSAL = {
  kg: 'Убакыт туура эмес',
  ru: 'Неверное время',
  en: 'Invalid date and time',
} as const satisfies Text;

/** The registrar's hold, with its note. */
export const HOLD_REFUSALS = {
  hold: {
    kg: (p) => `Каттоо катчы тарабынан бөгөттөлгөн: ${p.note}`,
    ru: (p) => `Регистрация заблокирована регистратором: ${p.note}`,
    en: (p) => `Registration is on hold by the registrar: ${p.note}`,
  },
} as const satisfies Templates<'hold', { note: string }>;

/** The registrar's search for a student: the text's bounds once trimmed. */
export const SEARCH_REFUSALS = {
  searchTooShort: {
    kg: (p) => `Студенттин аты-жөнүнөн же тобунан кеминде ${p.n} белги жазыңыз`,
    ru: (p) => `Введите не меньше ${p.n} символов имени или группы студента`,
    en: (p) => `Type at least ${p.n} characters of the student's name or group`,
  },
  searchTooLong: {
    kg: (p) => `Издөө тексти өтө узун: ${p.n} белгиден ашпашы керек`,
    ru: (p) => `Слишком длинный текст поиска: не больше ${p.n} символов`,
    en: (p) => `The search text is too long: at most ${p.n} characters`,
  },
} as const satisfies Templates<'searchTooShort' | 'searchTooLong', { n: number }>;

/** An appointment not reached yet, with the hour it opens. */
export const SLOT_REFUSALS = {
  beforeSlot: {
    kg: (p) => `Сиздин курсуңуздун каттоосу ${p.opens} башталат`,
    ru: (p) => `Регистрация для вашего курса начнётся ${p.opens}`,
    en: (p) => `Registration for your year of study opens at ${p.opens}`,
  },
} as const satisfies Templates<'beforeSlot', { opens: string }>;

/** A closed window's refusal, with its dates as `windowDate` shows them. */
export const WINDOW_REFUSALS = {
  windowClosed: {
    kg: (p) => `Каттоо мөөнөтү: ${p.opens} – ${p.closes}. Азыр өзгөртүүгө болбойт`,
    ru: (p) => `Регистрация открыта с ${p.opens} по ${p.closes}; сейчас изменения не принимаются`,
    en: (p) => `Registration is open from ${p.opens} to ${p.closes}; changes are not accepted now`,
  },
} as const satisfies Templates<'windowClosed', { opens: string; closes: string }>;

/**
 * The credit limit's refusal, with the semester's credits (the group's disciplines and the
 * registrations), the discipline's and the limit.
 */
export const CREDIT_REFUSALS = {
  creditLimit: {
    kg: (p) =>
      `Кредиттердин чегинен ашат: семестрде сизде ${p.taken} кредит бар, бул дисциплина ${p.credits} кошот, ал эми эң көбү ${p.limit}`,
    ru: (p) =>
      `Превышен лимит кредитов: у вас в семестре ${p.taken}, эта дисциплина добавит ${p.credits}, а можно не более ${p.limit}`,
    en: (p) =>
      `Credit limit exceeded: you have ${p.taken} credits this semester, this discipline adds ${p.credits}, and the limit is ${p.limit}`,
  },
} as const satisfies Templates<'creditLimit', { taken: number; credits: number; limit: number }>;

export const NOTICES = {
  saved: { kg: 'Каттоо сакталды', ru: 'Регистрация сохранена', en: 'Registration saved' },
  deleted: { kg: 'Каттоо өчүрүлдү', ru: 'Регистрация удалена', en: 'Registration deleted' },
  attended: {
    kg: 'Сабак түрү боюнча агым сакталды',
    ru: 'Поток по виду занятия сохранён',
    en: 'Stream for the lesson type saved',
  },
  alreadyAttended: {
    kg: 'Сиз бул агымдасыз',
    ru: 'Вы уже в этом потоке',
    en: 'You are already in this stream',
  },
  left: {
    kg: 'Сабак түрү боюнча агымдан чыктыңыз',
    ru: 'Вы покинули поток по виду занятия',
    en: 'You left the stream for the lesson type',
  },
  joinedList: {
    kg: 'Сиз күтүү тизмесине кошулдуңуз',
    ru: 'Вы в листе ожидания',
    en: 'You joined the waiting list',
  },
  leftList: {
    kg: 'Сиз күтүү тизмесинен чыктыңыз',
    ru: 'Вы покинули лист ожидания',
    en: 'You left the waiting list',
  },
  declined: {
    kg: 'Сиз орундан баш тарттыңыз: ал кийинки студентке берилди',
    ru: 'Вы отказались от места: оно передано следующему студенту',
    en: 'You declined the seat: it went to the next student',
  },
  holdSet: { kg: 'Бөгөт коюлду', ru: 'Блокировка установлена', en: 'Hold set' },
  capacitySaved: {
    kg: 'Орундардын саны сакталды',
    ru: 'Число мест сохранено',
    en: 'Seats saved',
  },
  appointmentSaved: {
    kg: 'Каттоо убактысы сакталды',
    ru: 'Время регистрации сохранено',
    en: 'Registration slot saved',
  },
  appointmentRemoved: {
    kg: 'Каттоо убактысы алынды: бул курс каттоо мезгилинде катталат',
    ru: 'Время регистрации снято: курс регистрируется в рамках окна регистрации',
    en: 'Registration slot removed: the year registers within the registration window',
  },
  holdLifted: { kg: 'Бөгөт алынды', ru: 'Блокировка снята', en: 'Hold lifted' },
} as const satisfies Messages<string>;

/** The columns of a stream's students CSV (teacher/students.csv). */
export const CSV_HEADERS = {
  num: { kg: '№', ru: '№', en: 'No.' },
  name: { kg: 'Аты-жөнү', ru: 'ФИО', en: 'Full name' },
  group: { kg: 'Топ', ru: 'Группа', en: 'Group' },
  registeredAt: { kg: 'Катталган күнү', ru: 'Дата регистрации', en: 'Registered on' },
} as const satisfies Messages<string>;

/** The columns of a stream's waiting list CSV (stream/waitlist.csv). */
export const WAITLIST_CSV_HEADERS = {
  position: { kg: 'Орду', ru: 'Позиция', en: 'Position' },
  name: CSV_HEADERS.name,
  group: CSV_HEADERS.group,
  joinedAt: { kg: 'Кошулган күнү', ru: 'Дата записи', en: 'Joined on' },
} as const satisfies Messages<string>;

/** The file name of a stream's students CSV (before unsafe characters are replaced). */
export const FILE_NAMES = {
  streamStudents: {
    kg: (p) => `Агым_${p.discipline}_${p.lessonType}_${p.stream}.csv`,
    ru: (p) => `Поток_${p.discipline}_${p.lessonType}_${p.stream}.csv`,
    en: (p) => `Stream_${p.discipline}_${p.lessonType}_${p.stream}.csv`,
  },
  streamWaitlist: {
    kg: (p) => `Кезек_${p.discipline}_${p.lessonType}_${p.stream}.csv`,
    ru: (p) => `Очередь_${p.discipline}_${p.lessonType}_${p.stream}.csv`,
    en: (p) => `Waitlist_${p.discipline}_${p.lessonType}_${p.stream}.csv`,
  },
} as const satisfies Templates<
  'streamStudents' | 'streamWaitlist',
  { discipline: string; lessonType: string; stream: string }
>;

/** A window instant as DD.MM.YYYY HH:mm in the university's time zone (every language). */
export function windowDate(ms: number): string {
  const parts = new Intl.DateTimeFormat('ru-RU', {
    timeZone: TIME_ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(ms));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}.${part('month')}.${part('year')} ${part('hour')}:${part('minute')}`;
}

/** A refusal's text in every language, with its values. */
export function refusalText(refusal: Refusal): Text {
  switch (refusal.code) {
    case 'windowClosed':
      return fill(WINDOW_REFUSALS.windowClosed, {
        opens: windowDate(refusal.opensAt),
        closes: windowDate(refusal.closesAt),
      });
    case 'creditLimit':
      return fill(CREDIT_REFUSALS.creditLimit, refusal);
    case 'hold':
      return fill(HOLD_REFUSALS.hold, refusal);
    case 'beforeSlot':
      return fill(SLOT_REFUSALS.beforeSlot, { opens: windowDate(refusal.opensAt) });
    default:
      return REFUSALS[refusal.code];
  }
}
