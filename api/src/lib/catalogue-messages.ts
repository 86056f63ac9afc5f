import type { Messages, Templates } from './messages.js';

/** A study semester's name as the lists show it ("2 семестр"). */
export const SEMESTER_NAME = {
  semester: {
    kg: ({ n }) => `${n}-семестр`,
    ru: ({ n }) => `${n} семестр`,
    en: ({ n }) => `Semester ${n}`,
  },
} as const satisfies Templates<'semester', { n: number }>;

/** A role's name, e.g. a news author's. */
export const ROLE_NAMES = {
  teacher: { kg: 'Окутуучу', ru: 'Преподаватель', en: 'Teacher' },
  student: { kg: 'Студент', ru: 'Студент', en: 'Student' },
} as const satisfies Messages<'teacher' | 'student'>;
