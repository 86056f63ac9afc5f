import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';

/** The journal's tests as a teacher uses the screen: the choices above the grid, a phone's width. */

type User = ReturnType<typeof userEvent.setup>;

/** Chooses the sample journal's discipline and a lesson type (its only group is chosen by itself). */
export async function chooseLessons(user: User, lessonType: 'Лекция' | 'Практика'): Promise<void> {
  const discipline = await screen.findByLabelText('Дисциплина');
  await within(discipline).findByRole('option', { name: 'Базы данных' });
  await user.selectOptions(discipline, 'Базы данных');
  const type = screen.getByLabelText('Вид занятия');
  await within(type).findByRole('option', { name: lessonType });
  await user.selectOptions(type, lessonType);
}

/** Each test of the file sees a 375 px phone: every `max-width` media query matches. */
export function onAPhoneForEachTest(): void {
  const wide = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = ((query: string) => ({
      matches: /max-width/.test(query),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })) as unknown as typeof window.matchMedia;
  });
  afterEach(() => {
    window.matchMedia = wide;
  });
}
