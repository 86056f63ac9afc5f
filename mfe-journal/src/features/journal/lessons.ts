import type { TFunction } from 'i18next';
import type { JournalLesson } from '@lms/shared';
import { formatDay } from '../../lib/dates';
import type { GridLesson } from './types';

/** A lesson of the server's journal as a column of the grid. */
export function gridLesson(
  lesson: Pick<JournalLesson, 'id_lesson' | 'date' | 'id_time'> &
    Partial<Pick<JournalLesson, 'own' | 'teacher'>>,
  t: TFunction,
): GridLesson {
  const day = formatDay(lesson.date);
  const order = t(`order.${lesson.id_time}`);
  return {
    key: String(lesson.id_lesson),
    label: day.slice(0, 5),
    order,
    title: t('lessonTitle', { date: day, order }),
    owner: lesson.own === false ? (lesson.teacher ?? '') : null,
  };
}
