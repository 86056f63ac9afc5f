import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmHost } from '@lms/shared';
import {
  renderInPortal,
  signInForEachTest,
  testTeacher,
  type StubbedApi,
} from '@lms/shared/testing';
import App from '../../../exposed/App';
import { ok, stubTeacherRegistration } from '../../../testing/fakeRegistration';

const R = '/api/regfordisciplines';

signInForEachTest({ ...testTeacher, registrarPerms: true });

let api: StubbedApi;
afterEach(() => api.restore());

describe('registration remote (the registrar’s office)', () => {
  it('sees every stream, sets a hold on a student, lifts one, and saves a year’s registration slot', async () => {
    api = stubTeacherRegistration({
      [`${R}/holds/list.json`]: ok([
        {
          id: 3,
          id_student: 501,
          s_fio: 'Жумабаева Айгерим Талантбековна',
          note: 'Верните книги',
          createdAt: '2026-11-20T08:15:00.000Z',
        },
      ]),
      [`${R}/holds/set.json`]: ok({ sms: 'Блокировка установлена' }),
      [`${R}/holds/lift.json`]: ok({ sms: 'Блокировка снята' }),
      [`${R}/appointments/save.json`]: ok({ sms: 'Время регистрации сохранено' }),
      [`${R}/appointments/list.json`]: ok([{ course: 4, opensAt: '2026-11-16T03:00:00.000Z' }]),
      [`${R}/appointments/remove.json`]: ok({ sms: 'Время регистрации снято' }),
    });
    const user = userEvent.setup();
    renderInPortal(
      <>
        <App />
        <ConfirmHost />
      </>,
      '/lms/registration',
    );
    // Every teacher's streams, with the teacher and the waiting list's length.
    const streams = await screen.findByRole('table', { name: 'Все потоки' });
    const full = await within(streams).findByRole('row', { name: /Облачные технологии/ });
    expect(full).toHaveTextContent('Бакиев Нурлан');
    expect(full).toHaveTextContent('14');
    const holds = await screen.findByRole('region', { name: /Блокировки/ });
    await user.type(within(holds).getByLabelText(/Номер студента/), '77');
    await user.type(within(holds).getByLabelText('Причина'), 'Долг по общежитию');
    await user.click(within(holds).getByRole('button', { name: 'Заблокировать' }));
    await waitFor(() =>
      expect(api.bodiesOf(`${R}/holds/set.json`)).toEqual([
        { id_student: 77, note: 'Долг по общежитию' },
      ]),
    );
    // The form is emptied for the next hold.
    await waitFor(() => expect(within(holds).getByLabelText('Причина')).toHaveValue(''));
    const liftHold = await within(holds).findByRole('button', {
      name: 'Снять блокировку: Жумабаева Айгерим Талантбековна',
    });
    // Lifting asks first: a cancel lifts nothing.
    await user.click(liftHold);
    const askLift = await screen.findByRole('dialog');
    expect(askLift).toHaveTextContent(
      'Снять блокировку: Жумабаева Айгерим Талантбековна? Студент снова сможет регистрироваться',
    );
    await user.click(within(askLift).getByRole('button', { name: 'Отмена' }));
    expect(api.bodiesOf(`${R}/holds/lift.json`)).toEqual([]);
    await user.click(liftHold);
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Снять' }),
    );
    await waitFor(() => expect(api.bodiesOf(`${R}/holds/lift.json`)).toEqual([{ id: 3 }]));

    const slots = await screen.findByRole('region', { name: /Время регистрации по курсам/ });
    // The slots already set, each with its time, and one removed.
    const set = await within(slots).findByRole('row', { name: /4 курс/ });
    expect(set).toHaveTextContent(/16\.11\.2026/);
    await user.click(within(slots).getByRole('button', { name: 'Снять время 4 курса' }));
    const askRemove = await screen.findByRole('dialog');
    expect(askRemove).toHaveTextContent('Снять время регистрации 4 курса?');
    expect(api.bodiesOf(`${R}/appointments/remove.json`)).toEqual([]);
    await user.click(within(askRemove).getByRole('button', { name: 'Снять' }));
    await waitFor(() =>
      expect(api.bodiesOf(`${R}/appointments/remove.json`)).toEqual([
        { id_a_year: 26, id_semester: 1, course: 4 },
      ]),
    );
    await user.selectOptions(within(slots).getByLabelText('Курс'), '3');
    await user.type(within(slots).getByLabelText('Начало'), '2026-11-16T10:00');
    await user.click(within(slots).getByRole('button', { name: 'Сохранить время' }));
    await waitFor(() =>
      expect(api.bodiesOf(`${R}/appointments/save.json`)).toEqual([
        {
          id_a_year: 26,
          id_semester: 1,
          course: 3,
          opensAt: new Date('2026-11-16T10:00').toISOString(),
        },
      ]),
    );
  });
});
