import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, i18n, lmsStore, userAtom, WORKLOAD_API } from '@lms/shared';
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

// The pace of each plan line in words, the year picker, and the department head's view of their
// own department (no other department to pick, no adjustment).

let api: StubbedApi;
signInForEachTest();

beforeEach(() => {
  api = stubApi(http, {
    [WORKLOAD_API.teacher.path]: ok(PLAN),
    [WORKLOAD_API.department.path]: ok({
      ...DEPARTMENT,
      departments: [{ id: 3, name: 'Кафедра информатики' }],
    }),
  });
});
afterEach(() => api.restore());

const rowNamed = (table: HTMLElement, name: RegExp) => within(table).getByRole('row', { name });

describe('workload pace and year (teacher)', () => {
  beforeEach(() => lmsStore.set(userAtom, { ...testTeacher, newsPerms: false }));

  it('says in words whether each line is behind, on pace or ahead, with the hours due', async () => {
    renderInPortal(<App />, '/lms/workload');
    const rows = await screen.findByRole('table', {
      name: 'План по дисциплинам, видам занятий и группам',
    });
    expect(within(rows).getByRole('columnheader', { name: 'Темп на сегодня' })).toBeInTheDocument();
    expect(
      rowNamed(rows, /Базы данных Лекция .* 6 сверх плана опережает график к сегодня по плану 1 ч/),
    ).toBeInTheDocument();
    expect(
      rowNamed(rows, /Практика .* 2 по плану по графику к сегодня по плану 1 ч/),
    ).toBeInTheDocument();
    expect(
      rowNamed(rows, /Алгоритмы .* 0 меньше плана отстаёт от графика к сегодня по плану 5 ч/),
    ).toBeInTheDocument();
    expect(screen.getByTestId('total-pace')).toHaveTextContent('по графику к сегодня по плану 7 ч');
    expect(screen.getByText(/Темп на 12\.10\.2026/)).toHaveTextContent('Строк плана отстаёт: 1');
  });

  it('picks another academic year among those with plans; the current one is marked', async () => {
    const user = userEvent.setup();
    renderInPortal(<App />, '/lms/workload');
    const picker = await screen.findByRole('combobox', { name: 'Учебный год' });
    expect(picker).toHaveValue('26');
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['2026-27 учебный год (текущий)', '2025-26 учебный год']);
    api.routes[WORKLOAD_API.teacher.path] = ok({ ...PLAN, yearId: 25 });
    await user.selectOptions(picker, '2025-26 учебный год');
    await waitFor(() => expect(api.bodiesOf(WORKLOAD_API.teacher)).toEqual([{}, { yearId: 25 }]));
    expect(
      await screen.findByRole('heading', {
        name: 'Асанов Бакыт Маратович: план на 2025-26 учебный год',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Скачать в Excel' })).toHaveAttribute(
      'href',
      expect.stringMatching(/export\.xlsx\?yearId=25$/),
    );
  });
});

describe('workload (department head)', () => {
  beforeEach(() => lmsStore.set(userAtom, { ...testTeacher, newsPerms: false, headPerms: true }));

  it("shows their own department's teachers side by side with pace, opens one plan read-only", async () => {
    const user = userEvent.setup();
    renderInPortal(<App />, '/lms/workload');
    expect(
      await screen.findByRole('heading', { name: 'Нагрузка кафедры: Кафедра информатики' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Преподаватели вашей кафедры рядом/)).toBeInTheDocument();
    // Their department only: nothing to pick but the year.
    expect(screen.queryByRole('combobox', { name: 'Кафедра' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Учебный год' })).toHaveValue('26');
    const teachers = screen.getByRole('table', { name: 'Преподаватели кафедры' });
    // Side by side: the pace in words, planned, due by today, taught, the lines behind.
    expect(
      rowNamed(teachers, /^Асанов Бакыт Маратович по графику 20 7 8 меньше плана 1 /),
    ).toBeInTheDocument();
    expect(
      rowNamed(teachers, /^Бекова Айгуль Сапаровна опережает график 10 3 12 сверх плана 0 /),
    ).toBeInTheDocument();
    expect(screen.getByTestId('department-pace')).toHaveTextContent(
      'Темп кафедры: опережает график; по плану к сегодня 10 ч, проведено 20 ч',
    );
    expect(api.bodiesOf(WORKLOAD_API.department)).toEqual([{}]);

    await user.click(screen.getByRole('button', { name: 'Открыть план: Бекова Айгуль Сапаровна' }));
    await waitFor(() =>
      expect(api.bodiesOf(WORKLOAD_API.teacher)).toEqual([{ teacherId: 8, yearId: 26 }]),
    );
    expect(
      await screen.findByRole('table', { name: 'План по дисциплинам, видам занятий и группам' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Изменить план/ })).not.toBeInTheDocument();

    await act(() => i18n.changeLanguage('en'));
    expect(
      await screen.findByRole('heading', { name: 'Department workload: Кафедра информатики' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('department-pace')).toHaveTextContent(
      'Department pace: ahead; 10 h due by today, 20 h taught',
    );
    await act(() => i18n.changeLanguage('ru'));
  });

  it("shows the server's refusal (a right revoked meanwhile), with a retry", async () => {
    api.routes[WORKLOAD_API.department.path] = refused(403, 'Нет доступа');
    renderInPortal(<App />, '/lms/workload');
    expect(await screen.findByRole('alert')).toHaveTextContent('Нет доступа');
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  });
});
