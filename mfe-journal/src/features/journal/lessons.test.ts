import type { TFunction } from 'i18next';
import { formatterFor } from '@lms/shared';
import { gridLesson } from './lessons';

const t = ((key: string, options?: Record<string, string>) =>
  options ? `${key}(${Object.values(options).join('|')})` : key) as unknown as TFunction;

describe('lessons', () => {
  it("makes a grid column of a lesson: the language's short date, order and a full title", () => {
    const lesson = { id_lesson: 7, date: '2026-09-14', id_time: 2 };
    expect(gridLesson(lesson, t, formatterFor('ru'))).toEqual({
      key: '7',
      label: '14.09',
      order: 'orderShort.2',
      title: 'lessonTitle(14.09.2026|order.2)',
      owner: null,
    });
    const en = gridLesson(lesson, t, formatterFor('en'));
    expect(en.label).toBe('14 Sep');
    expect(en.title).toBe('lessonTitle(14 Sep 2026|order.2)');
  });

  it('names the colleague who gives a lesson that is not the user’s', () => {
    const lesson = { id_lesson: 8, date: '2026-09-15', id_time: 1 };
    const ru = formatterFor('ru');
    expect(gridLesson({ ...lesson, own: false, teacher: 'Петров Пётр' }, t, ru).owner).toBe(
      'Петров Пётр',
    );
    expect(gridLesson({ ...lesson, own: true, teacher: 'Асанов Бакыт' }, t, ru).owner).toBeNull();
  });
});
