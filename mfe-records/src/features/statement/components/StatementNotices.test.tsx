import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, i18n, STATEMENTS_API, type StatementNotice } from '@lms/shared';
import {
  ok,
  refused,
  renderInPortal,
  signInForEachTest,
  stubApi,
  testTeacher,
  type StubbedApi,
} from '@lms/shared/testing';
import { DETAIL, SUMMARY } from '../../../testing/fakeStatements';
import { StatementScreen } from './StatementScreen';

// The teacher's notices above their statements: a retake sheet assigned, a deadline past.
const RETAKE: StatementNotice = {
  id: 21,
  kind: 'retakeAssigned',
  id_statement: 9,
  discipline: 'Программирование',
  group: 'ПИ-1-25',
  control: 'exam',
  retake_of: 5,
  state: 'draft',
  deadline: Date.UTC(2027, 1, 10, 17, 59),
  created_at: Date.UTC(2027, 1, 1, 4, 30),
};
const OVERDUE: StatementNotice = {
  ...RETAKE,
  id: 20,
  kind: 'overdue',
  id_statement: 5,
  retake_of: null,
  deadline: Date.UTC(2027, 0, 20, 17, 59),
  created_at: Date.UTC(2027, 0, 20, 18, 0),
};

let api: StubbedApi;

signInForEachTest(testTeacher);

beforeEach(() => {
  api = stubApi(http, {
    [STATEMENTS_API.teacherList.path]: ok([SUMMARY]),
    [STATEMENTS_API.open.path]: ok(DETAIL),
    [STATEMENTS_API.notices.path]: ok([RETAKE, OVERDUE]),
    [STATEMENTS_API.noticeRead.path]: (config) =>
      ok(
        [RETAKE, OVERDUE].filter(
          (n) => n.id !== (JSON.parse(String(config.data)) as { id: number }).id,
        ),
      ),
  });
});

afterEach(() => api.restore());

const show = () => renderInPortal(<StatementScreen />, '/lms/statement');
const panel = async () => screen.findByRole('region', { name: 'Уведомления' });

describe('StatementNotices', () => {
  it('lists the unread notices above the statements: what, which sheet, when', async () => {
    show();
    const notices = await panel();
    const items = await within(notices).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Вам назначена ведомость пересдачи № 9');
    expect(items[0]).toHaveTextContent(
      'Программирование, ПИ-1-25 · Экзамен · подписать до 10.02.2027',
    );
    expect(items[0]).toHaveTextContent('Уведомление от 01.02.2027, 10:30');
    expect(items[1]).toHaveTextContent('Срок подписи истёк, а ведомость не подписана');
    // The statements are still listed below.
    expect(await screen.findByRole('table', { name: 'Мои ведомости' })).toBeInTheDocument();
  });

  it('marks a notice read: it leaves the list, and the focus stays in the panel', async () => {
    const user = userEvent.setup();
    show();
    await user.click(
      await screen.findByRole('button', {
        name: 'Отметить прочитанным: Срок подписи истёк, а ведомость не подписана — Программирование, ПИ-1-25',
      }),
    );
    await waitFor(() => expect(api.bodiesOf(STATEMENTS_API.noticeRead)).toEqual([{ id: 20 }]));
    await waitFor(() =>
      expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(1),
    );
    expect(screen.getByRole('heading', { name: 'Уведомления' })).toHaveFocus();
  });

  it('opens the sheet a notice names, and marks it read', async () => {
    const user = userEvent.setup();
    show();
    await user.click(
      await screen.findByRole('button', {
        name: 'Открыть ведомость: Вам назначена ведомость пересдачи № 9 — Программирование, ПИ-1-25',
      }),
    );
    await screen.findByRole('table', { name: 'Студенты' });
    expect(api.bodiesOf(STATEMENTS_API.open)).toEqual([{ id: 9 }]);
    await waitFor(() => expect(api.bodiesOf(STATEMENTS_API.noticeRead)).toEqual([{ id: 21 }]));
  });

  it('says so when there are none, and when they cannot be loaded', async () => {
    api.routes[STATEMENTS_API.notices.path] = ok([]);
    show();
    expect(await within(await panel()).findByText('Новых уведомлений нет.')).toBeInTheDocument();
  });

  it('an error is said with a retry', async () => {
    api.routes[STATEMENTS_API.notices.path] = refused(500, 'Ошибка сервера');
    const user = userEvent.setup();
    show();
    const alert = await within(await panel()).findByRole('alert');
    expect(alert).toHaveTextContent('Не удалось загрузить уведомления.');
    api.routes[STATEMENTS_API.notices.path] = ok([OVERDUE]);
    await user.click(within(alert).getByRole('button'));
    expect(await within(await panel()).findAllByRole('listitem')).toHaveLength(1);
  });

  it.each([
    ['en', 'Notices', 'Retake sheet No. 9 is assigned to you', 'sign by 10 Feb 2027'],
    [
      'kg',
      'Билдирмелер',
      'Сизге № 9 кайра тапшыруу ведомосту дайындалды',
      '10.02.2027 чейин кол коюу',
    ],
  ])('in %s', async (lang, title, what, signBy) => {
    await act(() => i18n.changeLanguage(lang));
    show();
    const notices = await screen.findByRole('region', { name: title });
    const [first] = await within(notices).findAllByRole('listitem');
    expect(first).toHaveTextContent(what);
    expect(first).toHaveTextContent(signBy);
  });

  it('opens the statement a link names (as a push notification does)', async () => {
    renderInPortal(<StatementScreen />, '/lms/statement?id=5');
    await screen.findByRole('table', { name: 'Студенты' });
    expect(api.bodiesOf(STATEMENTS_API.open)).toContainEqual({ id: 5 });
  });
});
