import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ConfirmHost,
  http,
  WEBINARS_API,
  type Webinar,
  type WebinarListResponse,
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
import { WEBINAR } from '../testing';
import { WebinarsScreen } from './WebinarsScreen';

const LATER: Webinar = {
  ...WEBINAR,
  id: 42,
  date: '2026-11-18',
  start: '14:00',
  end: '15:20',
  state: 'scheduled',
};
const LIST: WebinarListResponse = {
  engine: 'embedded',
  now: '2026-11-16T09:41',
  webinars: [WEBINAR, LATER],
};

let api: StubbedApi;
signInForEachTest(testTeacher);
beforeEach(() => {
  api = stubApi(http, {
    [WEBINARS_API.list.path]: ok(LIST),
    [WEBINARS_API.teaching.path]: ok([
      {
        id_group: 2,
        group: 'ПИ-1-25',
        id_discipline: 7,
        discipline: 'Программирование',
        students: 20,
      },
    ]),
    [WEBINARS_API.schedule.path]: ok({ ...LATER, id: 43 }),
    [WEBINARS_API.cancel.path]: ok({ ...LATER, cancelled: true, state: 'cancelled' }),
  });
});
afterEach(() => api.restore());

const renderScreen = () =>
  renderInPortal(
    <>
      <WebinarsScreen />
      <ConfirmHost />
    </>,
    '/lms/webinars',
  );

describe('WebinarsScreen (teacher)', () => {
  it('schedules a webinar for a group taught, starting soon on the university’s clock by default', async () => {
    const user = userEvent.setup();
    renderScreen();
    const form = await screen.findByRole('form', { name: 'Назначить онлайн-занятие' });
    // The server's clock says 09:41: the next five minutes' mark at least 5 minutes on.
    expect(within(form).getByLabelText('Начало')).toHaveValue('2026-11-16T09:50');
    await user.click(within(form).getByRole('button', { name: 'Назначить' }));
    expect(await within(form).findByText('Выберите группу')).toBeInTheDocument();
    expect(api.bodiesOf(WEBINARS_API.schedule)).toEqual([]);
    await user.selectOptions(
      within(form).getByLabelText('Группа и дисциплина'),
      'ПИ-1-25 — Программирование',
    );
    await user.selectOptions(within(form).getByLabelText('Длительность'), '45 мин');
    await user.click(within(form).getByRole('button', { name: 'Назначить' }));
    await waitFor(() =>
      expect(api.bodiesOf(WEBINARS_API.schedule)).toEqual([
        { id_group: 2, id_discipline: 7, start: '2026-11-16T09:50', duration: 45 },
      ]),
    );
  });

  it('shows a refusal under the form', async () => {
    api.routes[WEBINARS_API.schedule.path] = refused(409, 'У группы в это время уже есть вебинар');
    const user = userEvent.setup();
    renderScreen();
    const form = await screen.findByRole('form', { name: 'Назначить онлайн-занятие' });
    await user.selectOptions(
      within(form).getByLabelText('Группа и дисциплина'),
      'ПИ-1-25 — Программирование',
    );
    await user.click(within(form).getByRole('button', { name: 'Назначить' }));
    expect(
      await within(form).findByText('У группы в это время уже есть вебинар'),
    ).toBeInTheDocument();
  });

  it('starts an open webinar from its link and cancels one only after the confirmation', async () => {
    const user = userEvent.setup();
    renderScreen();
    const list = await screen.findByRole('region', { name: 'Мои вебинары' });
    const start = within(list).getByRole('link', { name: /^Начать вебинар/ });
    expect(start).toHaveAttribute('href', '/lms/webinars/41');
    expect(within(list).getAllByRole('link')).toHaveLength(1);
    const cancels = within(list).getAllByRole('button', { name: /^Отменить вебинар/ });
    await user.click(cancels[1]!);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Отменить вебинар 18.11.2026 14:00–15:20, ПИ-1-25?');
    await user.click(within(dialog).getByRole('button', { name: 'Не отменять' }));
    expect(api.bodiesOf(WEBINARS_API.cancel)).toEqual([]);
    await user.click(cancels[1]!);
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Да, отменить' }),
    );
    await waitFor(() => expect(api.bodiesOf(WEBINARS_API.cancel)).toEqual([{ id: 42 }]));
  });

  it('says when there is none, and offers a retry when the list fails', async () => {
    api.routes[WEBINARS_API.list.path] = refused(500, 'Ошибка сервера');
    renderScreen();
    expect(
      await screen.findByRole('button', { name: /Повторить|Попробовать/ }),
    ).toBeInTheDocument();
    api.routes[WEBINARS_API.list.path] = ok({ ...LIST, webinars: [] });
    await userEvent.setup().click(screen.getByRole('button', { name: /Повторить|Попробовать/ }));
    expect(await screen.findByText('С сегодняшнего дня вебинаров нет')).toBeInTheDocument();
  });
});
