import type { OrderStatus } from '@lms/shared/contract';
import type { Messages, Templates } from '../../lib/messages.js';

/** What a push notification says, in the subscriber's language. */
export const PUSH_TEXTS = {
  chatTitle: {
    kg: 'Жаңы билдирүү',
    ru: 'Новое сообщение',
    en: 'New message',
  },
  chatHidden: {
    kg: 'Окуу үчүн чатты ачыңыз',
    ru: 'Откройте чат, чтобы прочитать',
    en: 'Open the chat to read it',
  },
  orderTitle: {
    kg: 'Документке буйрутма',
    ru: 'Заказ документа',
    en: 'Document order',
  },
  marksTitle: {
    kg: 'Журналда жаңы белги',
    ru: 'Новая отметка в журнале',
    en: 'New mark in the journal',
  },
  present: {
    kg: 'Сабакта катышканыңыз белгиленди',
    ru: 'Вы отмечены присутствующим на занятии',
    en: 'You were marked present at the lesson',
  },
  absent: {
    kg: 'Сабакта жок деп белгилендиңиз',
    ru: 'Вы отмечены отсутствующим на занятии',
    en: 'You were marked absent from the lesson',
  },
  newsTitle: {
    kg: 'Жаңылыктар',
    ru: 'Новости',
    en: 'News',
  },
  newsHidden: {
    kg: 'Порталда жаңы жаңылык бар',
    ru: 'На портале новая новость',
    en: 'There is news on the portal',
  },
  waitlistTitle: {
    kg: 'Күтүү тизмесинен каттоо',
    ru: 'Регистрация из листа ожидания',
    en: 'Registered from the waiting list',
  },
  waitlistBody: {
    kg: 'Орун бошоду: сиз дисциплинага катталдыңыз',
    ru: 'Освободилось место: вы зарегистрированы на дисциплину',
    en: 'A seat became free: you are registered for the discipline',
  },
  cancelledTitle: {
    kg: 'Сабак жокко чыгарылды',
    ru: 'Занятие отменено',
    en: 'Lesson cancelled',
  },
  webinarTitle: {
    kg: 'Онлайн сабак жакында башталат',
    ru: 'Скоро онлайн-занятие',
    en: 'Online lesson soon',
  },
} as const satisfies Messages<string>;

/** A change to the group's timetable: the date, its start and the room. */
export const SCHEDULE_TEXTS = {
  cancelled: {
    kg: ({ date, start, room }) =>
      `${date} саат ${start}, ${room} аудиториясы: брондоо жокко чыгарылды`,
    ru: ({ date, start, room }) => `${date} в ${start}, аудитория ${room}: бронирование отменено`,
    en: ({ date, start, room }) => `${date} at ${start}, room ${room}: the booking is cancelled`,
  },
  webinarSoon: {
    kg: ({ date, start }) => `Онлайн сабак ${date} саат ${start} башталат`,
    ru: ({ date, start }) => `Онлайн-занятие начнётся ${date} в ${start}`,
    en: ({ date, start }) => `The online lesson starts on ${date} at ${start}`,
  },
} as const satisfies Templates<'cancelled', { date: string; start: string; room: string }> &
  Templates<'webinarSoon', { date: string; start: string }>;

/** A teacher's statement: the titles, and the body (discipline, group, the deadline's day). */
export const TEACHING_TITLES = {
  retakeAssigned: {
    kg: 'Сизге кайра тапшыруу ведомосту дайындалды',
    ru: 'Вам назначена ведомость пересдачи',
    en: 'A retake sheet is assigned to you',
  },
  overdue: {
    kg: 'Ведомостко мөөнөтүндө кол коюлган жок',
    ru: 'Ведомость не подписана в срок',
    en: 'A statement is past its deadline',
  },
} as const satisfies Messages<'retakeAssigned' | 'overdue'>;

export const TEACHING_TEXTS: Templates<
  'retakeAssigned' | 'overdue',
  { discipline: string; group: string; date: string }
> = {
  retakeAssigned: {
    kg: ({ discipline, group, date }) =>
      `${discipline}, ${group}: ${date} чейин толтуруп, кол коюңуз`,
    ru: ({ discipline, group, date }) =>
      `${discipline}, ${group}: заполните и подпишите до ${date}`,
    en: ({ discipline, group, date }) =>
      `${discipline}, ${group}: fill it in and sign it by ${date}`,
  },
  overdue: {
    kg: ({ discipline, group, date }) => `${discipline}, ${group}: кол коюу мөөнөтү (${date}) өттү`,
    ru: ({ discipline, group, date }) => `${discipline}, ${group}: срок подписи (${date}) истёк`,
    en: ({ discipline, group, date }) =>
      `${discipline}, ${group}: the deadline to sign it (${date}) has passed`,
  },
};

/** A document order's new status. */
export const ORDER_STATUS_TEXTS: Messages<OrderStatus> = {
  waiting: {
    kg: 'Буйрутмаңыз кезекте',
    ru: 'Ваш заказ ожидает обработки',
    en: 'Your order is waiting',
  },
  preparing: {
    kg: 'Документиңиз даярдалууда',
    ru: 'Ваш документ готовится',
    en: 'Your document is being prepared',
  },
  prepared: {
    kg: 'Документиңиз даяр: аны алсаңыз болот',
    ru: 'Ваш документ готов: его можно забрать',
    en: 'Your document is ready to collect',
  },
  cancelled: {
    kg: 'Буйрутма жокко чыгарылды',
    ru: 'Заказ отменён',
    en: 'The order was cancelled',
  },
};

/** A chat message's notification with its text (previews allowed): the author and the text. */
export const CHAT_PREVIEW: Templates<'preview', { author: string; text: string }> = {
  preview: {
    kg: ({ author, text }) => `${author}: ${text}`,
    ru: ({ author, text }) => `${author}: ${text}`,
    en: ({ author, text }) => `${author}: ${text}`,
  },
};

/** A mark a teacher wrote in the student's journal. */
export const MARK_TEXTS: Templates<'grade', { mark: string }> = {
  grade: {
    kg: ({ mark }) => `Журналда жаңы баа: ${mark}`,
    ru: ({ mark }) => `Новая оценка в журнале: ${mark}`,
    en: ({ mark }) => `New mark in the journal: ${mark}`,
  },
};

/** Refusals of the push routes. */
export const PUSH_MESSAGES = {
  plainHttp: {
    kg: 'Push-кызматтын дареги https:// менен башталышы керек',
    ru: 'Адрес push-сервиса должен начинаться с https://',
    en: 'The push service address must start with https://',
  },
  notPushService: {
    kg: 'Бул дарек браузердин push-кызматына таандык эмес: билдирмелер ага жөнөтүлбөйт',
    ru: 'Этот адрес не принадлежит push-сервису браузера: уведомления на него не отправляются',
    en: 'This address is not a browser push service: notifications are not sent there',
  },
} as const satisfies Messages<string>;
