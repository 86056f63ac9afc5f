import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n, REGISTRATION_API } from '@lms/shared';
import {
  renderInPortal,
  signInForEachTest,
  testTeacher,
  type StubbedApi,
} from '@lms/shared/testing';
import App from '../../../exposed/App';
import { stubTeacherRegistration } from '../../../testing/fakeRegistration';

// The staff screens are a chunk of their own (React.lazy): compiled here once, so each test
// waits for its screen's own work, never for the first compile of that chunk.
beforeAll(() => import('../../staff'));

signInForEachTest(testTeacher);

let api: StubbedApi;
afterEach(() => api.restore());

describe('registration remote (teacher)', () => {
  it('is a wide page with the teacher’s description', async () => {
    api = stubTeacherRegistration();
    renderInPortal(<App />, '/lms/registration');
    const page = screen.getByRole('region', { name: 'Регистрация на дисциплины' });
    expect(page).toHaveAttribute('data-width', 'wide');
    expect(page).toHaveTextContent('Ваши потоки: сколько мест занято и кто зарегистрировался.');
    const streams = await screen.findByRole('table', { name: 'Мои потоки' });
    expect(await within(streams).findAllByRole('row')).toHaveLength(3);
  });

  it('shows each stream’s seats, and who registered with the date, as the language writes them', async () => {
    api = stubTeacherRegistration();
    const user = userEvent.setup();
    renderInPortal(<App />, '/lms/registration');
    const streams = await screen.findByRole('table', { name: 'Мои потоки' });
    const full = await within(streams).findByRole('row', { name: /Облачные технологии/ });
    expect(full).toHaveTextContent('1 200 из 1 200 (свободно 0)');
    // The button says what it shows, and its name starts with what is visible.
    const show = within(streams).getByRole('button', {
      name: 'Студенты: Машинное обучение, Лекция, Поток 1',
    });
    expect(show).toHaveTextContent(/^Студенты$/);
    await user.click(show);
    expect(show).toHaveAttribute('aria-pressed', 'true');
    const section = screen.getByRole('region', {
      name: 'Зарегистрированные: Машинное обучение, Лекция, Поток 1',
    });
    const students = await within(section).findByRole('table');
    const row = within(students).getByRole('row', { name: /Жумабаева/ });
    expect(row).toHaveTextContent(/20\.11\.2026, \d\d:\d\d/);
    expect(api.bodiesOf(REGISTRATION_API.teacherStudents)).toEqual([{ subgroup: 81 }]);
    await act(() => i18n.changeLanguage('en'));
    expect(within(streams).getByRole('row', { name: /Облачные технологии/ })).toHaveTextContent(
      '1,200 of 1,200 (0 left)',
    );
    expect(within(students).getByRole('row', { name: /Жумабаева/ })).toHaveTextContent(
      /20 Nov 2026, \d\d:\d\d/,
    );
  });
});
