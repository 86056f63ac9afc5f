import type { TFunction } from 'i18next';
import type { Format, JournalLesson } from '@lms/shared';
import type { GridLesson } from './types';

/** A lesson of the server's journal as a column of the grid. */
export function gridLesson(
  lesson: Pick<JournalLesson, 'id_lesson' | 'date' | 'id_time'> &
    Partial<Pick<JournalLesson, 'own' | 'teacher'>>,
  t: TFunction,
  format: Pick<Format, 'date' | 'dayMonth'>,
): GridLesson {
  return {
    key: String(lesson.id_lesson),
    label: format.dayMonth(lesson.date),
    order: t(`orderShort.${lesson.id_time}`),
    title: lessonTitle(lesson, t, format),
    owner: lesson.own === false ? (lesson.teacher ?? '') : null,
  };
}

/** A lesson's full name: its date and its order in the day ('07.09.2026, 1-я пара'). */
export function lessonTitle(
  lesson: Pick<JournalLesson, 'date' | 'id_time'>,
  t: TFunction,
  format: Pick<Format, 'date'>,
): string {
  return t('lessonTitle', { date: format.date(lesson.date), order: t(`order.${lesson.id_time}`) });
}
