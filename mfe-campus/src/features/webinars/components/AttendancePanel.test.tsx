import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmHost, http, WEBINARS_API } from '@lms/shared';
import {
  ok,
  refused,
  renderInPortal,
  signInForEachTest,
  stubApi,
  testTeacher,
  type StubbedApi,
} from '@lms/shared/testing';
import { WebinarRoom } from './WebinarRoom';
import { WEBINAR } from '../testing';

let api: StubbedApi;
signInForEachTest(testTeacher);
beforeEach(() => {
  api = stubApi(http, {
    [WEBINARS_API.join.path]: ok({
      webinar: WEBINAR,
      engine: 'embedded',
      url: null,
      me: 7,
      host: true,
    }),
    [WEBINARS_API.attendance.path]: ok({
      webinar: WEBINAR,
      students: [
        {
          id: 12,
          name: 'Асанова Айгерим Бакытовна',
          joined: Date.parse('2026-11-16T03:52:00Z'),
          last: Date.parse('2026-11-16T03:55:00Z'),
        },
        { id: 13, name: 'Бакиров Нурлан', joined: null, last: null },
      ],
    }),
  });
});
afterEach(() => api.restore());

describe('the teacher in the room', () => {
  it('sees who of the group joined and when, in the university’s time', async () => {
    renderInPortal(<WebinarRoom id={41} />, '/lms/webinars/41');
    const panel = await screen.findByRole('region', { name: 'Кто вошёл' });
    expect(await within(panel).findByText('Вошли: 1 из 2')).toBeInTheDocument();
    expect(
      within(panel).getByText(/Асанова Айгерим Бакытовна: вошёл\(ла\) в 09:52/),
    ).toBeInTheDocument();
    expect(within(panel).getByText(/Бакиров Нурлан: не входил\(а\)/)).toBeInTheDocument();
    expect(api.bodiesOf(WEBINARS_API.attendance)).toContainEqual({ id: 41 });
    expect(screen.getByText('Вы: Асанов Бакыт Маратович')).toBeInTheDocument();
  });
});

describe('marking the joiners in the journal', () => {
  const renderRoom = () =>
    renderInPortal(
      <>
        <WebinarRoom id={41} />
        <ConfirmHost />
      </>,
      '/lms/webinars/41',
    );

  it('asks first, saying how many, then shows how many were marked', async () => {
    api.routes[WEBINARS_API.journal.path] = ok({
      marked: 1,
      joined: 2,
      id_lesson: 900,
      date: '2026-11-16',
      id_vid_zaniatiy: 1,
      id_time: 2,
    });
    const user = userEvent.setup();
    renderRoom();
    const panel = await screen.findByRole('region', { name: 'Кто вошёл' });
    const button = await within(panel).findByRole('button', {
      name: 'Отметить вошедших в журнале',
    });
    await user.click(button);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'Отметить вошедших студентов (1) как присутствующих в журнале за 16.11.2026?',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Не сейчас' }));
    expect(api.bodiesOf(WEBINARS_API.journal)).toEqual([]);
    await user.click(button);
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Да, отметить' }),
    );
    expect(
      await within(panel).findByText(
        'Отмечены в журнале как присутствующие: 1; уже были в журнале: 1.',
      ),
    ).toBeInTheDocument();
    expect(api.bodiesOf(WEBINARS_API.journal)).toEqual([{ id: 41 }]);
  });

  it('shows the server’s refusal', async () => {
    api.routes[WEBINARS_API.journal.path] = refused(409, 'Вебинар ещё не начался');
    const user = userEvent.setup();
    renderRoom();
    const panel = await screen.findByRole('region', { name: 'Кто вошёл' });
    await user.click(
      await within(panel).findByRole('button', { name: 'Отметить вошедших в журнале' }),
    );
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Да, отметить' }),
    );
    await waitFor(() =>
      expect(within(panel).getByText('Вебинар ещё не начался')).toBeInTheDocument(),
    );
  });
});
