import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ConfirmHost,
  i18n,
  lmsStore,
  Notifications,
  pageWidthAtom,
  REGISTRATION_API,
} from '@lms/shared';
import {
  ok,
  refused,
  renderInPortal,
  signInForEachTest,
  testStudent,
  type StubbedApi,
} from '@lms/shared/testing';
import { registered, regList, streams, stubRegistration } from '../testing/fakeRegistration';
import App from './App';

signInForEachTest(testStudent);

let api: StubbedApi;
afterEach(() => api.restore());

const R = '/api/regfordisciplines';

function renderApp() {
  return renderInPortal(
    <>
      <App />
      <Notifications />
      <ConfirmHost />
    </>,
    '/lms/registration',
  );
}

describe('registration remote (student)', () => {
  it('loads the default year, its semesters and the registrations', async () => {
    api = stubRegistration();
    renderApp();
    expect(screen.getByRole('heading', { name: 'Регистрация на дисциплины' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Командный программный проект')).toBeInTheDocument();
    expect(within(table).getByText('По плану')).toBeInTheDocument();
    expect(screen.getByLabelText('Учебный год')).toHaveValue('26');
    expect(screen.getByLabelText('Семестр')).toHaveValue('1');
    // The semester's credits: the group's disciplines (27) and the registration (3), by name.
    expect(screen.getByText(/^Кредитов в семестре/).closest('[role="status"]')).toHaveTextContent(
      'Кредитов в семестре: 30 из 35 допустимых.' +
        'Дисциплины вашей группы: 27 кр.' +
        'Дисциплины по выбору, на которые вы зарегистрированы: 0 (0 кр.)' +
        'Обязательные дисциплины, на которые вы зарегистрированы: 1 (3 кр.)' +
        'Предел на семестр: 35 кр.',
    );
    // The whole first screen came in one request, electives and waiting lists included.
    const electives = screen.getByRole('region', { name: /Дисциплины по выбору/ });
    expect(
      within(electives).getByRole('option', { name: /Машинное обучение/ }),
    ).toBeInTheDocument();
    expect(api.requests.map((config) => config.url).filter((url) => url?.startsWith(R))).toEqual([
      REGISTRATION_API.start.path,
    ]);
    await act(() => i18n.changeLanguage('kg'));
    expect(screen.getByRole('heading', { name: 'Дисциплиналарга катталуу' })).toBeInTheDocument();
  });

  it('without start.json (an older API) asks for the year, the semesters and the list in turn', async () => {
    api = stubRegistration({ [REGISTRATION_API.start.path]: refused(404, 'Не найдено') });
    renderApp();
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Командный программный проект')).toBeInTheDocument();
    expect(api.bodiesOf(REGISTRATION_API.semesters)).toEqual([{ id_a_year: 26 }]);
    expect(api.bodiesOf(REGISTRATION_API.list)[0]).toEqual({
      id_a_year: 26,
      id_semester: 1,
      uid: testStudent.uid,
    });
  });

  it('is a wide page; its version is only in data-remote-version', async () => {
    api = stubRegistration();
    const { unmount } = renderApp();
    const page = screen.getByRole('region', { name: 'Регистрация на дисциплины' });
    expect(page).toHaveAttribute('data-remote', 'registration');
    expect(page).toHaveAttribute('data-remote-version', 'test');
    expect(page).toHaveAttribute('data-width', 'wide');
    expect(lmsStore.get(pageWidthAtom)).toBe('wide');
    expect(page).not.toHaveTextContent(/test|Версия/);
    await screen.findByRole('table');
    unmount();
    expect(lmsStore.get(pageWidthAtom)).toBe('normal');
  });

  it('writes the window’s dates and the credits as the language does', async () => {
    api = stubRegistration();
    renderApp();
    await screen.findByRole('table');
    expect(screen.getByText(/^Регистрация открыта с/)).toHaveTextContent(
      /^Регистрация открыта с 09\.11\.2026, \d\d:\d\d по 31\.12\.2026, \d\d:\d\d\.$/,
    );
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByText(/^Registration is open/)).toHaveTextContent(
      /^Registration is open from 09 Nov 2026, \d\d:\d\d to 31 Dec 2026, \d\d:\d\d\.$/,
    );
    expect(screen.getByText(/^Credits this semester/).closest('[role="status"]')).toHaveTextContent(
      'Credits this semester: 30 of the 35 allowed.' +
        'Your group’s disciplines: 27 cr.' +
        'Electives you registered for: 0 (0 cr.)' +
        'Required disciplines you registered for: 1 (3 cr.)' +
        'Limit per semester: 35 cr.',
    );
  });

  it('registers for an elective: a full stream shows its reason, a free one saves and reloads', async () => {
    api = stubRegistration();
    const user = userEvent.setup();
    renderApp();
    const electives = await screen.findByRole('region', { name: /Дисциплины по выбору/ });
    await user.selectOptions(await within(electives).findByLabelText('Дисциплина'), '42');
    await user.selectOptions(await within(electives).findByLabelText('Преподаватель'), '8');
    const stream = within(electives).getByLabelText('Поток');
    await waitFor(() => expect(within(stream).getAllByRole('option')).toHaveLength(3));
    expect(
      within(stream).getByRole('option', { name: /Поток 1 · Лекция — поток заполнен/ }),
    ).toBeInTheDocument();
    await user.selectOptions(stream, '81');
    expect(within(electives).getByRole('alert')).toHaveTextContent('Поток заполнен');
    // A full stream offers its waiting list instead of registering.
    expect(
      within(electives).queryByRole('button', { name: 'Зарегистрироваться' }),
    ).not.toBeInTheDocument();
    await user.click(within(electives).getByRole('button', { name: 'Встать в лист ожидания' }));
    // The place is said beside the button once the lists come back (no notification over it).
    await waitFor(() => expect(api.bodiesOf(REGISTRATION_API.waitlistJoin)).toHaveLength(1));
    expect(screen.queryByText('Вы в листе ожидания')).not.toBeInTheDocument();
    expect(api.bodiesOf(REGISTRATION_API.waitlistJoin)).toEqual([
      {
        id_a_year: 26,
        id_semester: 1,
        id_discipline: 42,
        id_teacher: 8,
        subgroup: 81,
        uid: testStudent.uid,
      },
    ]);

    await user.selectOptions(stream, '82');
    // A phone's select cuts the chosen stream's label: its free seats are said under it.
    expect(stream).toHaveAccessibleDescription('Свободно мест: 15 из 20');
    const lists = api.bodiesOf(REGISTRATION_API.list).length;
    await user.click(within(electives).getByRole('button', { name: 'Зарегистрироваться' }));
    expect(await screen.findByText('Регистрация сохранена')).toBeInTheDocument();
    expect(api.bodiesOf(REGISTRATION_API.save)).toEqual([
      {
        id_a_year: 26,
        id_semester: 1,
        id_discipline: 42,
        id_teacher: 8,
        subgroup: 82,
        uid: testStudent.uid,
      },
    ]);
    await waitFor(() => expect(api.bodiesOf(REGISTRATION_API.list).length).toBeGreaterThan(lists));
  });

  it('shows a hold with the payment link, the slot countdown and the waiting list position', async () => {
    api = stubRegistration({
      [REGISTRATION_API.waitlistStatus.path]: ok({
        entries: [
          {
            id: 5,
            subgroup: 81,
            stream: 'Поток 1',
            id_discipline: 42,
            discipline: 'Машинное обучение',
            vid_zaniatiy: 'Лекция',
            status: 'waiting',
            position: 3,
            reason: null,
            id_disciplineForStudent: null,
            declineUntil: null,
          },
        ],
        holds: [{ kind: 'tuition', text: 'Плата за обучение не внесена' }],
        appointment: { opensAt: '2026-11-16T05:00:00.000Z', open: false, course: 3 },
        now: '2026-11-16T03:40:00.000Z',
      }),
    });
    renderApp();
    const hold = await screen.findByRole('region', { name: 'Регистрация заблокирована' });
    expect(hold).toHaveTextContent('Плата за обучение не внесена');
    expect(within(hold).getByRole('link', { name: 'Открыть код оплаты' })).toHaveAttribute(
      'href',
      '/lms/paymentcode',
    );
    expect(screen.getByRole('timer')).toHaveTextContent('До начала: 01:20:00');
    expect(screen.getByText('Лист ожидания: позиция 3')).toBeInTheDocument();
  });

  it('after saving, brings the new registration into view and gives it the focus', async () => {
    api = stubRegistration();
    const scrolled: Element[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
      scrolled.push(this);
    };
    try {
      const user = userEvent.setup();
      renderApp();
      const electives = await screen.findByRole('region', { name: /Дисциплины по выбору/ });
      await user.selectOptions(await within(electives).findByLabelText('Дисциплина'), '42');
      await user.selectOptions(await within(electives).findByLabelText('Преподаватель'), '8');
      await user.selectOptions(within(electives).getByLabelText('Поток'), '82');
      // The list the server answers after the save holds the new registration.
      api.routes[REGISTRATION_API.list.path] = ok(
        regList([
          registered,
          {
            ...registered,
            id_disciplineForStudent: 901,
            id_discipline: 42,
            discipline: 'Машинное обучение',
            kredits: 4,
            isByPlan: 0,
          },
        ]),
      );
      expect(scrolled).toEqual([]);
      await user.click(within(electives).getByRole('button', { name: 'Зарегистрироваться' }));
      const table = screen.getByRole('table');
      const name = await within(table).findByText('Машинное обучение');
      await waitFor(() => expect(name).toHaveFocus());
      const row = name.closest('tr');
      expect(row).toHaveTextContent('По выбору');
      expect(scrolled).toEqual([row]);
      // The credits line says the new total.
      expect(screen.getByText(/^Кредитов в семестре/)).toHaveTextContent(
        'Кредитов в семестре: 34 из 35 допустимых.',
      );
    } finally {
      // jsdom has none of its own.
      if (original) Element.prototype.scrollIntoView = original;
      else delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('the last mandatory discipline saved: its form goes, and the new row still takes the focus', async () => {
    api = stubRegistration({
      [REGISTRATION_API.list.path]: ok(regList([])),
      [REGISTRATION_API.mandatoryTeachers.path]: ok([
        { id_teacher: 7, t_fio: 'Асанов Бакыт Маратович' },
      ]),
      [REGISTRATION_API.mandatoryStreams.path]: ok([
        { ...streams[0], subgroup: 70, id_teacher: 7, taken: 3, free: 27 },
      ]),
      [REGISTRATION_API.save.path]: ok({
        id_disciplineForStudent: 900,
        sms: 'Регистрация сохранена',
      }),
    });
    const user = userEvent.setup();
    renderApp();
    const mandatory = await screen.findByRole('region', { name: /Обязательные дисциплины/ });
    await user.selectOptions(await within(mandatory).findByLabelText('Дисциплина'), '41');
    await user.selectOptions(await within(mandatory).findByLabelText('Преподаватель'), '7');
    await user.selectOptions(await within(mandatory).findByLabelText('Поток'), '70');
    api.routes[REGISTRATION_API.list.path] = ok(regList([registered]));
    await user.click(within(mandatory).getByRole('button', { name: 'Зарегистрироваться' }));
    expect(
      await within(mandatory).findByText('Вы зарегистрированы на все обязательные дисциплины.'),
    ).toBeInTheDocument();
    const name = within(screen.getByRole('table')).getByText('Командный программный проект');
    await waitFor(() => expect(name).toHaveFocus());
  });

  it('lesson types open under the list with the focus, and closing gives it back', async () => {
    api = stubRegistration({
      [REGISTRATION_API.byTypeTeachers.path]: ok([
        { id_vid_zaniatiy: 2, vid_zaniatiy: 'Практика', id_teacher: 8, t_fio: 'Бакиев Нурлан' },
      ]),
    });
    const user = userEvent.setup();
    renderApp();
    const open = await screen.findByRole('button', {
      name: 'Виды занятий: Командный программный проект',
    });
    expect(open).toHaveTextContent(/^Виды занятий$/);
    await user.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('region', {
      name: 'Виды занятий: Командный программный проект',
    });
    await waitFor(() => expect(panel).toHaveFocus());
    await user.click(within(panel).getByRole('button', { name: 'Закрыть' }));
    expect(panel).not.toBeInTheDocument();
    expect(open).toHaveFocus();
  });

  it('shows the server’s refusal in the form', async () => {
    api = stubRegistration({
      [REGISTRATION_API.save.path]: refused(409, 'Превышен лимит кредитов: 33 + 4 > 35'),
    });
    const user = userEvent.setup();
    renderApp();
    const electives = await screen.findByRole('region', { name: /Дисциплины по выбору/ });
    await user.selectOptions(await within(electives).findByLabelText('Дисциплина'), '42');
    await user.selectOptions(await within(electives).findByLabelText('Преподаватель'), '8');
    await user.selectOptions(within(electives).getByLabelText('Поток'), '82');
    await user.click(within(electives).getByRole('button', { name: 'Зарегистрироваться' }));
    expect(await within(electives).findByRole('alert')).toHaveTextContent(
      'Превышен лимит кредитов: 33 + 4 > 35',
    );
  });

  it('a teacher list that fails to load says so, with the reason', async () => {
    api = stubRegistration({
      [REGISTRATION_API.electiveTeachers.path]: refused(500, 'Внутренняя ошибка сервера'),
    });
    const user = userEvent.setup();
    renderApp();
    const electives = await screen.findByRole('region', { name: /Дисциплины по выбору/ });
    await user.selectOptions(await within(electives).findByLabelText('Дисциплина'), '42');
    expect(await within(electives).findByRole('alert')).toHaveTextContent(
      'Не удалось загрузить преподавателей: Внутренняя ошибка сервера',
    );
  });

  it('deletes a registration only after confirming', async () => {
    api = stubRegistration();
    const user = userEvent.setup();
    renderApp();
    await user.click(
      await screen.findByRole('button', { name: /Удалить регистрацию на «Командный/ }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'Удалить регистрацию на дисциплину «Командный программный проект»?',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(api.bodiesOf(REGISTRATION_API.remove)).toEqual([]);

    api.routes[REGISTRATION_API.list.path] = ok(regList([]));
    await user.click(screen.getByRole('button', { name: /Удалить регистрацию на «Командный/ }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Удалить' }),
    );
    expect(await screen.findByText('Регистрация удалена')).toBeInTheDocument();
    expect(api.bodiesOf(REGISTRATION_API.remove)).toEqual([
      { id_disciplineForStudent: 900, uid: testStudent.uid },
    ]);
    expect(await screen.findByText(/ещё не зарегистрированы/)).toBeInTheDocument();
  });

  it('a list that fails to load says which, and retries', async () => {
    api = stubRegistration({
      [REGISTRATION_API.electiveDisciplines.path]: refused(500, 'Внутренняя ошибка сервера'),
    });
    renderApp();
    expect(
      await screen.findByText('Не удалось загрузить дисциплины: Внутренняя ошибка сервера'),
    ).toBeInTheDocument();
  });
});
