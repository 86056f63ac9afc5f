import type { Messages, Templates } from '../../lib/messages.js';
import type { CancelRefusal, JoinRefusal, JournalRefusal, ScheduleRefusal } from './rules.js';

/** Webinars' refusals, in every language (the error handler answers the caller's). */
export const WEBINARS_MESSAGES = {
  badStart: {
    kg: 'Мындай күн же убакыт жок',
    ru: 'Такой даты или времени нет',
    en: 'There is no such date or time',
  },
  past: {
    kg: 'Бул убакыт өтүп кетти',
    ru: 'Это время уже прошло',
    en: 'This time has already passed',
  },
  tooFar: {
    kg: 'Вебинарды бир жылдан ашык алдын ала пландоого болбойт',
    ru: 'Вебинар нельзя назначить больше чем на год вперёд',
    en: 'A webinar cannot be scheduled more than a year ahead',
  },
  notTeaching: {
    kg: 'Сиз бул топко бул сабакты окутпайсыз',
    ru: 'Вы не ведёте эту дисциплину в этой группе',
    en: 'You do not teach this discipline to this group',
  },
  teacherBusy: {
    kg: 'Сизде бул убакта башка вебинар же сабак бар',
    ru: 'У вас в это время уже есть вебинар или занятие',
    en: 'You already have a webinar or a lesson at this time',
  },
  groupBusy: {
    kg: 'Топтун бул убакта башка вебинары же сабагы бар',
    ru: 'У группы в это время уже есть вебинар или занятие',
    en: 'The group already has a webinar or a lesson at this time',
  },
  alreadyCancelled: {
    kg: 'Бул вебинар мурун эле жокко чыгарылган',
    ru: 'Этот вебинар уже отменён',
    en: 'This webinar is already cancelled',
  },
  over: {
    kg: 'Бул вебинар бүтүп калды',
    ru: 'Этот вебинар уже закончился',
    en: 'This webinar is over',
  },
  notYourGroup: {
    kg: 'Бул вебинар сиздин топ үчүн эмес',
    ru: 'Этот вебинар не для вашей группы',
    en: 'This webinar is not for your group',
  },
  cancelled: {
    kg: 'Бул вебинар жокко чыгарылды',
    ru: 'Этот вебинар отменён',
    en: 'This webinar has been cancelled',
  },
  notYet: {
    kg: 'Вебинар башталганга 15 мүнөт калганда ачылат',
    ru: 'Вебинар откроется за 15 минут до начала',
    en: 'The webinar opens 15 minutes before it starts',
  },
  roomFull: {
    kg: 'Бөлмөдө орун жок: эң көп 8 катышуучу',
    ru: 'В комнате нет мест: не больше 8 участников',
    en: 'The room is full: 8 participants at most',
  },
  notInRoom: {
    kg: 'Адегенде вебинарга кириңиз',
    ru: 'Сначала войдите в вебинар',
    en: 'Enter the webinar first',
  },
  engineDown: {
    kg: 'Вебинар сервери жооп бербейт, кийинчерээк аракет кылыңыз',
    ru: 'Сервер вебинаров не отвечает, попробуйте позже',
    en: 'The webinar server does not answer; try again later',
  },
  journalNotYet: {
    kg: 'Журналга вебинар башталгандан кийин гана белгилөөгө болот',
    ru: 'Отметить в журнале можно только после начала вебинара',
    en: 'The journal can be marked only once the webinar has started',
  },
  noneJoined: {
    kg: 'Вебинарга азырынча бир да студент кошулган жок',
    ru: 'К вебинару пока не подключился ни один студент',
    en: 'No student has joined the webinar yet',
  },
  noLessonType: {
    kg: 'Сиз бул топко бул сабакты толук топ менен өтпөйсүз',
    ru: 'Вы не ведёте занятия по этой дисциплине у всей группы',
    en: 'You give no lesson of this discipline to the whole group',
  },
  emptyMessage: {
    kg: 'Билдирүү бош',
    ru: 'Сообщение пустое',
    en: 'The message is empty',
  },
} as const satisfies Messages<
  | ScheduleRefusal
  | CancelRefusal
  | JoinRefusal
  | JournalRefusal
  | 'notInRoom'
  | 'engineDown'
  | 'emptyMessage'
>;

/** What the group reads in its chat when its teacher schedules an online lesson. */
export const WEBINAR_NOTICES = {
  scheduled: {
    kg: ({ date, start, duration }) =>
      `Онлайн сабак: ${date} саат ${start}, ${duration} мүнөт. Порталдагы «Вебинарлар» бөлүмүнөн кошулуңуз`,
    ru: ({ date, start, duration }) =>
      `Онлайн-занятие: ${date} в ${start}, ${duration} мин. Подключайтесь в разделе «Вебинары» на портале`,
    en: ({ date, start, duration }) =>
      `Online lesson: ${date} at ${start}, ${duration} min. Join it from Webinars on the portal`,
  },
} as const satisfies Templates<'scheduled', { date: string; start: string; duration: number }>;
