import type { Messages, Template } from '../../lib/messages.js';

/** Workload's refusals, in every language (the error handler answers the caller's). */
export const WORKLOAD_MESSAGES = {
  blankNote: {
    kg: 'Өзгөртүүнүн себебин жазыңыз',
    ru: 'Укажите причину изменения',
    en: 'Write why the plan is changed',
  },
  sameHours: {
    kg: 'Пландагы сааттар ушундай эле: башка санды жазыңыз',
    ru: 'В плане уже столько часов: укажите другое число',
    en: 'The plan already has these hours: enter another number',
  },
} as const satisfies Messages<string>;

/** The words of the XLSX export, in the reader's language. */
export const WORKLOAD_EXPORT_TEXTS = {
  workload: { kg: 'Жүктөм', ru: 'Нагрузка', en: 'Workload' },
  teachers: { kg: 'Окутуучулар', ru: 'Преподаватели', en: 'Teachers' },
  rows: { kg: 'План', ru: 'План', en: 'Plan' },
  teacher: { kg: 'Окутуучу', ru: 'Преподаватель', en: 'Teacher' },
  discipline: { kg: 'Дисциплина', ru: 'Дисциплина', en: 'Discipline' },
  lessonType: { kg: 'Сабактын түрү', ru: 'Вид занятия', en: 'Lesson type' },
  group: { kg: 'Топ', ru: 'Группа', en: 'Group' },
  semester: { kg: 'Семестр', ru: 'Семестр', en: 'Semester' },
  planned: { kg: 'Пландалган саат', ru: 'Плановые часы', en: 'Planned hours' },
  taught: { kg: 'Өтүлгөн саат', ru: 'Проведённые часы', en: 'Taught hours' },
  difference: { kg: 'Айырма', ru: 'Разница', en: 'Difference' },
  total: { kg: 'Бардыгы', ru: 'Итого', en: 'Total' },
  // The pace in the words of the screen (mfe-planning's workload.due, .pace, .paceOf,
  // .behindColumn; api/test/unit/workload-export.test.ts holds them equal).
  due: { kg: 'Бүгүнкү күнгө план', ru: 'По плану к сегодня', en: 'Due by today' },
  pace: { kg: 'Бүгүнкү темп', ru: 'Темп на сегодня', en: 'Pace to date' },
  behind: { kg: 'графиктен артта', ru: 'отстаёт от графика', en: 'behind' },
  onPace: { kg: 'график боюнча', ru: 'по графику', en: 'on pace' },
  ahead: { kg: 'графиктен алдыда', ru: 'опережает график', en: 'ahead' },
  behindRows: { kg: 'Артта калган саптар', ru: 'Строк отстаёт', en: 'Lines behind' },
} as const satisfies Messages<string>;

/** The export's line that dates the pace, as the screen's note begins. */
export const WORKLOAD_PACE_ON: Template<{ date: string }> = {
  kg: ({ date }) => `${date} карата темп`,
  ru: ({ date }) => `Темп на ${date}`,
  en: ({ date }) => `Pace on ${date}`,
};
