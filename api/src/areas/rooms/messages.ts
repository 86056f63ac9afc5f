import type { Messages, Templates } from '../../lib/messages.js';
import type { BookingRefusal, CancelRefusal } from './rules.js';

/** Rooms' refusals and notices, in every language (the error handler answers the caller's). */
export const ROOMS_MESSAGES = {
  badDate: { kg: 'Мындай күн жок', ru: 'Такой даты нет', en: 'There is no such date' },
  sunday: {
    kg: 'Жекшембиде сабак болбойт',
    ru: 'В воскресенье занятий нет',
    en: 'There are no lessons on Sunday',
  },
  past: {
    kg: 'Бул убакыт өтүп кетти',
    ru: 'Это время уже прошло',
    en: 'This time has already passed',
  },
  notTeaching: {
    kg: 'Сиз бул топко бул сабакты окутпайсыз',
    ru: 'Вы не ведёте эту дисциплину в этой группе',
    en: 'You do not teach this discipline to this group',
  },
  tooSmall: {
    kg: 'Аудиторияда топтун бардык студенттерине орун жетпейт',
    ru: 'В аудитории не хватит мест для всей группы',
    en: 'The room has too few seats for the whole group',
  },
  roomBusy: {
    kg: 'Бул аудитория ушул убакта бош эмес',
    ru: 'Аудитория в это время уже занята',
    en: 'The room is already taken at this time',
  },
  teacherBusy: {
    kg: 'Сизде бул убакта сабак бар',
    ru: 'У вас в это время уже есть занятие',
    en: 'You already have a lesson at this time',
  },
  groupBusy: {
    kg: 'Топтун бул убакта сабагы бар',
    ru: 'У группы в это время уже есть занятие',
    en: 'The group already has a lesson at this time',
  },
  alreadyCancelled: {
    kg: 'Бул брондоо мурун эле жокко чыгарылган',
    ru: 'Это бронирование уже отменено',
    en: 'This booking is already cancelled',
  },
  over: {
    kg: 'Өтүп кеткен брондоону жокко чыгарууга болбойт',
    ru: 'Прошедшее бронирование отменить нельзя',
    en: 'A booking that is over cannot be cancelled',
  },
  roomTaken: {
    kg: 'Бул корпуста мындай номердеги аудитория бар',
    ru: 'В этом корпусе уже есть аудитория с таким номером',
    en: 'This building already has a room with this number',
  },
  blank: {
    kg: 'Аудиториянын номерин жана корпусун жазыңыз',
    ru: 'Укажите номер аудитории и корпус',
    en: 'Enter the room number and the building',
  },
  noPeriods: {
    kg: 'Сабактардын убактысы белгиленген эмес',
    ru: 'Время занятий не задано',
    en: 'The lesson times are not set',
  },
} as const satisfies Messages<BookingRefusal | CancelRefusal | 'roomTaken' | 'blank' | 'noPeriods'>;

/** What the group reads in its chat when a teacher cancels a booking (every language at once). */
export const ROOMS_NOTICES = {
  cancelled: {
    kg: ({ date, start, room }) =>
      `${date} саат ${start} ${room} аудиториясындагы сабак жокко чыгарылды`,
    ru: ({ date, start, room }) => `Занятие ${date} в ${start} в аудитории ${room} отменено`,
    en: ({ date, start, room }) => `The lesson on ${date} at ${start} in room ${room} is cancelled`,
  },
} as const satisfies Templates<'cancelled', { date: string; start: string; room: string }>;
