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
} as const satisfies Messages<Exclude<RefusalCode, 'windowClosed' | 'creditLimit'>>;

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
} as const satisfies Messages<string>;

/** The columns of a stream's students CSV (teacher/students.csv). */
export const CSV_HEADERS = {
  num: { kg: '№', ru: '№', en: 'No.' },
  name: { kg: 'Аты-жөнү', ru: 'ФИО', en: 'Full name' },
  group: { kg: 'Топ', ru: 'Группа', en: 'Group' },
  registeredAt: { kg: 'Катталган күнү', ru: 'Дата регистрации', en: 'Registered on' },
} as const satisfies Messages<string>;

/** The file name of a stream's students CSV (before unsafe characters are replaced). */
export const FILE_NAMES = {
  streamStudents: {
    kg: (p) => `Агым_${p.discipline}_${p.lessonType}_${p.stream}.csv`,
    ru: (p) => `Поток_${p.discipline}_${p.lessonType}_${p.stream}.csv`,
    en: (p) => `Stream_${p.discipline}_${p.lessonType}_${p.stream}.csv`,
  },
} as const satisfies Templates<
  'streamStudents',
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
    default:
      return REFUSALS[refusal.code];
  }
}
