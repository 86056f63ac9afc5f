import type { Messages } from '../../lib/messages.js';

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
} as const satisfies Messages<string>;
