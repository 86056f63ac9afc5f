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

/** The calendar file's texts a person reads in their calendar app. */
export const CALENDAR_TEMPLATES = {
  name: {
    ru: ({ name }) => `Расписание занятий: ${name}`,
    kg: ({ name }) => `Сабактардын жадыбалы: ${name}`,
    en: ({ name }) => `Timetable: ${name}`,
  },
} as const satisfies Templates<'name', { name: string }>;
