import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmHost, REGISTRATION_API } from '@lms/shared';
import {
  deferred,
  renderInPortal,
  settled,
  signInForEachTest,
  testTeacher,
  type StubbedApi,
} from '@lms/shared/testing';
import App from '../../../exposed/App';
import { ok, stubTeacherRegistration, teacherStreams } from '../../../testing/fakeRegistration';

// The staff screens are a chunk of their own (React.lazy): compiled here once, so each test
// waits for its screen's own work, never for the first compile of that chunk.
beforeAll(() => import('../../staff'));

signInForEachTest({ ...testTeacher, registrarPerms: true });

let api: StubbedApi;
afterEach(() => api.restore());

/** The office's screen over stubs of every registrar call (holds, the search, slots). */
function openOffice() {
  api = stubTeacherRegistration({
    [REGISTRATION_API.holds.path]: ok([
      {
        id: 3,
        id_student: 501,
        s_fio: 'Жумабаева Айгерим Талантбековна',
        note: 'Верните книги',
        createdAt: '2026-11-20T08:15:00.000Z',
      },
    ]),
    [REGISTRATION_API.holdStudents.path]: ok({
      students: [
        {
          id_student: 77,
          s_fio: 'Осмонов Тимур',
          group: 'ПИ-2-25',
          faculty: 'Факультет информационных технологий',
        },
      ],
      total: 1,
    }),
    [REGISTRATION_API.setHold.path]: ok({ sms: 'Блокировка установлена' }),
    [REGISTRATION_API.liftHold.path]: ok({ sms: 'Блокировка снята' }),
    [REGISTRATION_API.saveAppointment.path]: ok({ sms: 'Время регистрации сохранено' }),
    [REGISTRATION_API.appointments.path]: ok([{ course: 4, opensAt: '2026-11-16T03:00:00.000Z' }]),
    [REGISTRATION_API.removeAppointment.path]: ok({ sms: 'Время регистрации снято' }),
  });
  const user = userEvent.setup();
  renderInPortal(
    <>
      <App />
      <ConfirmHost />
    </>,
    '/lms/registration',
  );
  return user;
}

describe('registration remote (the registrar’s office)', () => {
  it('sees every stream with its teacher and waiting list, and a stream’s students by name and group', async () => {
    const user = openOffice();
    // Every teacher's streams, with the teacher and the waiting list's length.
    await settled();
    const streams = screen.getByRole('table', { name: 'Все потоки' });
    const full = within(streams).getByRole('row', { name: /Облачные технологии/ });
    expect(full).toHaveTextContent('Бакиев Нурлан');
    expect(full).toHaveTextContent('14');
    // A stream's students by name and group: no internal number (a hold is set by a search).
    await user.click(within(full).getByRole('button', { name: /^Студенты: Облачные технологии/ }));
    await settled();
    const registered = screen.getByRole('region', { name: /^Зарегистрированные: Облачные/ });
    const roster = within(registered).getByRole('table');
    expect(
      within(roster)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['№', 'Студент', 'Группа', 'Дата регистрации']);
  });

  it('sets a hold on a student found by name, after the confirmation', async () => {
    const user = openOffice();
    await settled();
    const holds = screen.getByRole('region', { name: /Блокировки/ });
    // Sending without a student asks to find one first, and goes back to the search.
    const note = within(holds).getByLabelText('Причина');
    await user.type(note, 'Долг по общежитию');
    await user.click(within(holds).getByRole('button', { name: 'Заблокировать' }));
    const search = within(holds).getByRole('combobox', { name: 'Найти студента' });
    expect(search).toHaveAccessibleDescription(/Найдите студента и выберите его из списка/);
    expect(search).toHaveFocus();
    expect(api.bodiesOf(REGISTRATION_API.setHold)).toEqual([]);
    await user.type(search, 'осмон');
    await settled();
    await user.click(within(holds).getByRole('option', { name: /Осмонов Тимур/ }));
    // The note is next.
    await settled();
    expect(note).toHaveFocus();
    // The chosen student's mark history opens in the journal's screen.
    expect(
      within(holds).getByRole('link', { name: 'История отметок: Осмонов Тимур' }),
    ).toHaveAttribute('href', '/lms/markhistory/77');
    await user.click(within(holds).getByRole('button', { name: 'Заблокировать' }));
    // The registrar confirms whom they block.
    await settled();
    const askSet = screen.getByRole('dialog');
    expect(askSet).toHaveTextContent('Заблокировать регистрацию: Осмонов Тимур (ПИ-2-25)?');
    await user.click(within(askSet).getByRole('button', { name: 'Заблокировать' }));
    await settled();
    expect(api.bodiesOf(REGISTRATION_API.setHold)).toEqual([
      { id_student: 77, note: 'Долг по общежитию' },
    ]);
    // The form is emptied for the next hold.
    await settled();
    expect(within(holds).getByLabelText('Причина')).toHaveValue('');
  });

  it('lifts a hold only after the confirmation', async () => {
    const user = openOffice();
    await settled();
    const holds = screen.getByRole('region', { name: /Блокировки/ });
    const liftHold = within(holds).getByRole('button', {
      name: 'Снять блокировку: Жумабаева Айгерим Талантбековна',
    });
    // The held student's mark history opens from their row (the journal remote's screen).
    expect(
      within(holds).getByRole('link', {
        name: 'История отметок: Жумабаева Айгерим Талантбековна',
      }),
    ).toHaveAttribute('href', '/lms/markhistory/501');
    // Lifting asks first: a cancel lifts nothing.
    await user.click(liftHold);
    await settled();
    const askLift = screen.getByRole('dialog');
    expect(askLift).toHaveTextContent(
      'Снять блокировку: Жумабаева Айгерим Талантбековна? Студент снова сможет регистрироваться',
    );
    await user.click(within(askLift).getByRole('button', { name: 'Отмена' }));
    expect(api.bodiesOf(REGISTRATION_API.liftHold)).toEqual([]);
    await user.click(liftHold);
    await settled();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Снять' }));
    await settled();
    expect(api.bodiesOf(REGISTRATION_API.liftHold)).toEqual([{ id: 3 }]);
  });

  it('removes a course’s registration slot after the confirmation, and saves one in the university’s time', async () => {
    const user = openOffice();
    await settled();
    const slots = screen.getByRole('region', { name: /Время регистрации по курсам/ });
    // The slots already set, each with its time, and one removed.
    const set = within(slots).getByRole('row', { name: /4 курс/ });
    expect(set).toHaveTextContent(/16\.11\.2026/);
    await user.click(within(slots).getByRole('button', { name: 'Снять время 4 курса' }));
    await settled();
    const askRemove = screen.getByRole('dialog');
    expect(askRemove).toHaveTextContent('Снять время регистрации 4 курса?');
    expect(api.bodiesOf(REGISTRATION_API.removeAppointment)).toEqual([]);
    await user.click(within(askRemove).getByRole('button', { name: 'Снять' }));
    await settled();
    expect(api.bodiesOf(REGISTRATION_API.removeAppointment)).toEqual([
      { id_a_year: 26, id_semester: 1, course: 4 },
    ]);
    await user.selectOptions(within(slots).getByLabelText('Курс'), '3');
    await user.type(within(slots).getByLabelText('Начало'), '2026-11-16T10:00');
    await user.click(within(slots).getByRole('button', { name: 'Сохранить время' }));
    await settled();
    expect(api.bodiesOf(REGISTRATION_API.saveAppointment)).toEqual([
      {
        id_a_year: 26,
        id_semester: 1,
        course: 3,
        // 10:00 typed is 10:00 in Bishkek (UTC+6), whatever the device's zone.
        opensAt: '2026-11-16T04:00:00.000Z',
      },
    ]);
  });

  it('shows the slots and the holds once the list of streams above them has come (nothing is pushed down)', async () => {
    const list = deferred();
    api = stubTeacherRegistration({
      [REGISTRATION_API.teacherStreams.path]: list.reply,
      [REGISTRATION_API.holds.path]: ok([]),
      [REGISTRATION_API.appointments.path]: ok([]),
    });
    renderInPortal(<App />, '/lms/registration');
    await settled();
    // The list is loading: what comes below it is not on the screen yet.
    expect(screen.queryByRole('table', { name: 'Все потоки' })).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Загрузка');
    expect(screen.queryByRole('region', { name: /Время регистрации по курсам/ })).toBeNull();
    expect(screen.queryByRole('region', { name: /Блокировки/ })).toBeNull();
    act(() => list.release(ok(teacherStreams)));
    await settled();
    const streams = screen.getByRole('table', { name: 'Все потоки' });
    const slots = screen.getByRole('region', { name: /Время регистрации по курсам/ });
    const holds = screen.getByRole('region', { name: /Блокировки/ });
    // Below the list, in this order.
    expect(streams.compareDocumentPosition(slots) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(slots.compareDocumentPosition(holds) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('finds a stream among many by its words, and jumps to the slots and holds under the list', async () => {
    // A faculty's worth of streams: ten more disciplines beside the two of the fixture.
    const many = [
      ...teacherStreams,
      ...Array.from({ length: 10 }, (_, index) => ({
        ...teacherStreams[0]!,
        subgroup: 900 + index,
        id_discipline: 900 + index,
        discipline: `Дисциплина ${index + 1}`,
        t_fio: index === 4 ? 'Садыкова Айдай' : 'Асанов Бакыт',
      })),
    ];
    api = stubTeacherRegistration({
      [REGISTRATION_API.teacherStreams.path]: ok(many),
      [REGISTRATION_API.holds.path]: ok([]),
      [REGISTRATION_API.appointments.path]: ok([]),
    });
    const user = userEvent.setup();
    renderInPortal(<App />, '/lms/registration');
    await settled();
    const streams = screen.getByRole('table', { name: 'Все потоки' });
    within(streams).getByRole('row', { name: /Облачные технологии/ });
    expect(within(streams).getAllByRole('row')).toHaveLength(13);

    // Words of a discipline, or of a teacher's name, in any case and order.
    const filter = screen.getByRole('searchbox', {
      name: 'Найти дисциплину, преподавателя или поток',
    });
    await user.type(filter, 'облачные');
    expect(within(streams).getAllByRole('row')).toHaveLength(2);
    expect(within(streams).getByRole('row', { name: /Облачные технологии/ })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('1 из 12 потоков');
    await user.clear(filter);
    await user.type(filter, 'айдай садыкова');
    expect(within(streams).getByRole('row', { name: /Дисциплина 5/ })).toBeVisible();
    expect(within(streams).getAllByRole('row')).toHaveLength(2);
    await user.type(filter, ' нет-такого');
    expect(within(streams).getByText('Нет потоков с такими словами.')).toBeVisible();

    // The jump links lead to the parts of the screen by their ids.
    const jump = screen.getByRole('navigation', { name: 'На этой странице' });
    const targets = within(jump)
      .getAllByRole('link')
      .map((link) => document.getElementById(link.getAttribute('href')!.slice(1)));
    expect(targets[0]).toContainElement(streams);
    expect(targets[1]).toBe(screen.getByRole('region', { name: /Время регистрации по курсам/ }));
    expect(targets[2]).toBe(screen.getByRole('region', { name: /Блокировки/ }));
  });
});
