import type { TFunction } from 'i18next';
import { gridLesson } from './lessons';

const t = ((key: string, options?: Record<string, string>) =>
  options ? `${key}(${Object.values(options).join('|')})` : key) as unknown as TFunction;

describe('lessons', () => {
  it('makes a grid column of a lesson: short date, order and a full title', () => {
    expect(gridLesson({ id_lesson: 7, date: '2026-09-14', id_time: 2 }, t)).toEqual({
      key: '7',
      label: '14.09',
      order: 'order.2',
      title: 'lessonTitle(14.09.2026|order.2)',
      owner: null,
    });
  });

  it('names the colleague who gives a lesson that is not the user’s', () => {
    const lesson = { id_lesson: 8, date: '2026-09-15', id_time: 1 };
    expect(gridLesson({ ...lesson, own: false, teacher: 'Петров Пётр' }, t).owner).toBe(
      'Петров Пётр',
    );
    expect(gridLesson({ ...lesson, own: true, teacher: 'Асанов Бакыт' }, t).owner).toBeNull();
  });
});
