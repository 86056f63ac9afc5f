import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  http,
  i18n,
  lmsStore,
  Notifications,
  userAtom,
  WORKLOAD_API,
  type WorkloadRow,
} from '@lms/shared';
import {
  ok,
  refused,
  renderInPortal,
  signInForEachTest,
  stubApi,
  testTeacher,
  type StubbedApi,
} from '@lms/shared/testing';
import App from '../../../exposed/App';
import { DEPARTMENT, PLAN } from '../../../testing/fakeWorkload';

let api: StubbedApi;
signInForEachTest();

beforeEach(() => {
  api = stubApi(http, {
    [WORKLOAD_API.teacher.path]: ok(PLAN),
    [WORKLOAD_API.department.path]: ok(DEPARTMENT),
  });
});
afterEach(() => api.restore());

const rowNamed = (table: HTMLElement, name: RegExp) => within(table).getByRole('row', { name });

describe('workload (teacher)', () => {
  beforeEach(() => lmsStore.set(userAtom, { ...testTeacher, newsPerms: false }));

  it('shows the totals and each row planned against taught, over and under in words', async () => {
    renderInPortal(<App />, '/lms/workload');
    expect(
      await screen.findByRole('heading', {
        name: 'Асанов Бакыт Маратович: план на 2026-27 учебный год',
      }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('total-planned')).toHaveTextContent('20');
    expect(screen.getByTestId('total-taught')).toHaveTextContent('8 меньше плана');
    const rows = screen.getByRole('table', {
      name: 'План по дисциплинам, видам занятий и группам',
    });
    expect(rowNamed(rows, /Базы данных Лекция .* 4 6 сверх плана/)).toBeInTheDocument();
    expect(rowNamed(rows, /Практика .* 2 2 по плану/)).toBeInTheDocument();
    // The adjusted row is marked, and its subgroup named.
    expect(
      rowNamed(rows, /Алгоритмы Лекция ПИ-1-24 \(1\) .* 14\* 0 меньше плана/),
    ).toBeInTheDocument();
    // A teacher cannot adjust; the history is there to read.
    expect(screen.queryByRole('button', { name: /Изменить план/ })).not.toBeInTheDocument();
    const history = screen.getByRole('region', { name: 'История изменений плана' });
    expect(history).toHaveTextContent('10 → 14 ч');
    expect(history).toHaveTextContent('«Консультации перед экзаменом»');
    const weeks = screen.getByRole('table', { name: 'По неделям: проведено против расписания' });
    expect(rowNamed(weeks, /Неделя с 05\.10\.2026 4 6 сверх плана/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Скачать в Excel' })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/api\/workload\/export\.xlsx$/),
    );
    expect(api.bodiesOf(WORKLOAD_API.teacher)).toEqual([{}]);
  });

  it('says when there is nothing planned, in English too', async () => {
    api.routes[WORKLOAD_API.teacher.path] = ok({ ...PLAN, rows: [], weeks: [] });
    renderInPortal(<App />, '/lms/workload');
    expect(
      await screen.findByText('На этот учебный год нет учебных поручений.'),
    ).toBeInTheDocument();
    expect(screen.getByText('В журнале пока нет занятий.')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
    expect(
      await screen.findByText('No teaching assignments for this academic year.'),
    ).toBeInTheDocument();
    await act(() => i18n.changeLanguage('ru'));
  });

  it('shows a failure to read the plan, with a retry', async () => {
    api.routes[WORKLOAD_API.teacher.path] = refused(500, 'Сервер недоступен');
    const user = userEvent.setup();
    renderInPortal(<App />, '/lms/workload');
    expect(await screen.findByRole('alert')).toHaveTextContent('Сервер недоступен');
    api.routes[WORKLOAD_API.teacher.path] = ok(PLAN);
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByTestId('total-planned')).toHaveTextContent('20');
  });
});

describe('workload (registrar)', () => {
  beforeEach(() =>
    lmsStore.set(userAtom, { ...testTeacher, newsPerms: false, registrarPerms: true }),
  );

  it("lists the department's teachers with totals, opens one and adjusts a row with a note", async () => {
    const adjusted: WorkloadRow = { ...PLAN.rows[0]!, plannedHours: 8, status: 'under' };
    api.routes[WORKLOAD_API.adjust.path] = ok(adjusted);
    const user = userEvent.setup();
    renderInPortal(
      <>
        <App />
        <Notifications />
      </>,
      '/lms/workload',
    );
    const teachers = await screen.findByRole('table', { name: 'Преподаватели кафедры' });
    expect(
      rowNamed(teachers, /Асанов Бакыт Маратович по графику 20 7 8 меньше плана/),
    ).toBeInTheDocument();
    expect(
      rowNamed(teachers, /Бекова Айгуль Сапаровна опережает график 10 3 12 сверх плана/),
    ).toBeInTheDocument();
    expect(screen.getByTestId('department-totals')).toHaveTextContent(
      'Итого по кафедре: по плану 30 ч, проведено 20 ч',
    );
    expect(screen.getByRole('combobox', { name: 'Кафедра' })).toHaveValue('3');
    expect(screen.getByRole('link', { name: 'Скачать нагрузку кафедры в Excel' })).toHaveAttribute(
      'href',
      expect.stringMatching(/export\.xlsx\?departmentId=3&yearId=26$/),
    );

    await user.click(screen.getByRole('button', { name: 'Открыть план: Асанов Бакыт Маратович' }));
    await user.click(
      await screen.findByRole('button', {
        name: 'Изменить план: Базы данных, Лекция, ПИ-1-24',
      }),
    );
    const form = screen.getByRole('form', { name: /Изменение плана: Базы данных/ });
    const hours = within(form).getByRole('spinbutton', { name: 'Новые плановые часы' });
    await user.clear(hours);
    await user.type(hours, '8');
    await user.type(within(form).getByRole('textbox', { name: /Причина/ }), 'Поток объединён');
    await user.click(within(form).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() =>
      expect(api.bodiesOf(WORKLOAD_API.adjust)).toEqual([
        { id: 1, hours: 8, note: 'Поток объединён' },
      ]),
    );
    expect(await screen.findByText('План изменён')).toBeInTheDocument();
    expect(api.bodiesOf(WORKLOAD_API.teacher)).toContainEqual({ teacherId: 7, yearId: 26 });
  });

  it('picks another department and keeps the server’s refusal of an adjustment in the form', async () => {
    api.routes[WORKLOAD_API.adjust.path] = refused(400, 'Укажите причину изменения');
    const user = userEvent.setup();
    renderInPortal(<App />, '/lms/workload');
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Кафедра' }),
      'Кафедра математики',
    );
    await waitFor(() =>
      expect(api.bodiesOf(WORKLOAD_API.department)).toContainEqual({ departmentId: 2 }),
    );
    await user.click(
      await screen.findByRole('button', { name: 'Открыть план: Асанов Бакыт Маратович' }),
    );
    await user.click(
      await screen.findByRole('button', {
        name: 'Изменить план: Базы данных, Практика, ПИ-1-24',
      }),
    );
    const form = screen.getByRole('form', { name: /Изменение плана/ });
    await user.type(within(form).getByRole('textbox', { name: /Причина/ }), ' ');
    await user.click(within(form).getByRole('button', { name: 'Сохранить' }));
    expect(await within(form).findByText('Укажите причину изменения')).toBeInTheDocument();
  });
});
