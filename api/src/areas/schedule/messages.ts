import type { BookingKind } from '@lms/shared/contract';
import type { Messages, Templates } from '../../lib/messages.js';

// The schedule's texts, in every language of the portal.

/** The schedule's answers. */
export const SCHEDULE_MESSAGES = {
  calendarRevoked: {
    ru: 'Ссылка на календарь отозвана',
    kg: 'Календардын шилтемеси жокко чыгарылды',
    en: 'The calendar link has been revoked',
  },
} as const satisfies Messages<string>;

/**
 * Which weeks an every-other-week lesson falls on (week_kind 1 odd, 2 even ISO weeks), as its
 * calendar event says. In Kyrgyz "так" is odd and "жуп" even.
 */
export const CALENDAR_WEEK_KINDS = {
  odd: { ru: 'По нечётным неделям', kg: 'Так жумаларда', en: 'Odd weeks' },
  even: { ru: 'По чётным неделям', kg: 'Жуп жумаларда', en: 'Even weeks' },
} as const satisfies Messages<'odd' | 'even'>;

/** What a booked room is for, as the calendar event's title says. */
export const BOOKING_KIND_NAMES = {
  extra: { ru: 'Дополнительное занятие', kg: 'Кошумча сабак', en: 'Extra lesson' },
  consultation: { ru: 'Консультация', kg: 'Консультация', en: 'Consultation' },
  exam: { ru: 'Экзамен', kg: 'Экзамен', en: 'Exam' },
} as const satisfies Messages<BookingKind>;

/** The calendar file's texts a person reads in their calendar app. */
export const CALENDAR_TEMPLATES = {
  name: {
    ru: ({ name }) => `Расписание занятий: ${name}`,
    kg: ({ name }) => `Сабактардын жадыбалы: ${name}`,
    en: ({ name }) => `Timetable: ${name}`,
  },
} as const satisfies Templates<'name', { name: string }>;

/** An online lesson, as its calendar event's title and place say. */
export const WEBINAR_NAME = {
  ru: 'Онлайн-занятие',
  kg: 'Онлайн сабак',
  en: 'Online lesson',
} as const;
