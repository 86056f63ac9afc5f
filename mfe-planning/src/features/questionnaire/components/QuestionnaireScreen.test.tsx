import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ConfirmHost,
  DISCIPLINE_API,
  http,
  i18n,
  lmsStore,
  Notifications,
  QUESTIONNAIRES_API,
  userAtom,
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
import { FORM, QUESTIONNAIRES, RATES, RESULTS, WAITING } from '../../../testing/fakeQuestionnaires';

let api: StubbedApi;
signInForEachTest();

beforeEach(() => {
  api = stubApi(http, {
    [QUESTIONNAIRES_API.waiting.path]: ok(WAITING),
    [QUESTIONNAIRES_API.form.path]: ok(FORM),
    [QUESTIONNAIRES_API.answer.path]: ok({ sms: 'Спасибо! Ваш ответ принят' }),
    [QUESTIONNAIRES_API.teacherResults.path]: ok(RESULTS),
    [QUESTIONNAIRES_API.officeList.path]: ok(QUESTIONNAIRES),
    [QUESTIONNAIRES_API.officeOpen.path]: ok({ targets: 40, sms: 'Анкета открыта' }),
    [QUESTIONNAIRES_API.officeRates.path]: ok(RATES),
    [QUESTIONNAIRES_API.officeResults.path]: ok([]),
    [DISCIPLINE_API.currentYear.path]: ok({ id_a_year: 26, name: '2026-27' }),
    [DISCIPLINE_API.currentWs.path]: ok({ ws: 1, name: 'Осенний', active: [] }),
  });
});
afterEach(() => api.restore());

describe('questionnaire (student)', () => {
  it('lists what waits, answers one on the form and sends only what was answered', async () => {
    const user = userEvent.setup();
    renderInPortal(
      <>
        <App />
        <Notifications />
      </>,
      '/lms/questionnaire',
    );
    const section = screen.getByRole('region', { name: 'Анкетирование' });
    expect(section).toHaveAttribute('data-remote', 'planning');
    expect(await screen.findByText('Ждут вашего ответа: 1')).toBeInTheDocument();
    expect(screen.getByText('Вы ответили')).toBeInTheDocument();
    await user.click(
      screen.getByRole('button', { name: 'Ответить: Базы данных, Асанов Бакыт Маратович' }),
    );
    const scale = await screen.findByRole('group', { name: /Насколько понятно/ });
    // Nothing chosen: the form says so and sends nothing.
    await user.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(screen.getByText('Ответьте хотя бы на один вопрос.')).toBeInTheDocument();
    expect(api.bodiesOf(QUESTIONNAIRES_API.answer)).toEqual([]);

    await user.click(within(scale).getByRole('radio', { name: '4 — Понятно' }));
    const helped = screen.getByRole('group', { name: /Что помогало/ });
    await user.click(within(helped).getByRole('checkbox', { name: 'УМК' }));
    await user.click(within(helped).getByRole('checkbox', { name: 'Лекции' }));
    await user.type(screen.getByRole('textbox', { name: /Что изменить/ }), 'Больше задач');
    await user.click(screen.getByRole('button', { name: 'Отправить' }));
    await waitFor(() =>
      expect(api.bodiesOf(QUESTIONNAIRES_API.answer)).toEqual([
        {
          id_target: 11,
          answers: [
            { item: 1, value: 4 },
            { item: 3, choices: [0, 2] },
            { item: 4, text: 'Больше задач' },
          ],
        },
      ]),
    );
    expect(await screen.findByText('Спасибо! Ваш ответ принят')).toBeInTheDocument();
    expect(await screen.findByText('Ждут вашего ответа: 1')).toBeInTheDocument();
  });

  it('shows the server’s refusal (already answered in another tab) and keeps the form', async () => {
    api.routes[QUESTIONNAIRES_API.answer.path] = refused(409, 'Вы уже ответили по этой дисциплине');
    const user = userEvent.setup();
    renderInPortal(<App />, '/lms/questionnaire');
    await user.click(await screen.findByRole('button', { name: /Ответить: Базы данных/ }));
    const scale = await screen.findByRole('group', { name: /Насколько понятно/ });
    await user.click(within(scale).getByRole('radio', { name: '5 — Очень понятно' }));
    await user.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(await screen.findByText('Вы уже ответили по этой дисциплине')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: /Насколько понятно/ })).toBeInTheDocument();
  });

  it('says when nothing waits', async () => {
    api.routes[QUESTIONNAIRES_API.waiting.path] = ok([]);
    renderInPortal(<App />, '/lms/questionnaire');
    expect(
      await screen.findByText('Сейчас нет анкет, ожидающих вашего ответа.'),
    ).toBeInTheDocument();
  });

  it('shows a failure to read the list, with a retry', async () => {
    api.routes[QUESTIONNAIRES_API.waiting.path] = refused(500, 'Сервер недоступен');
    const user = userEvent.setup();
    renderInPortal(<App />, '/lms/questionnaire');
    expect(await screen.findByRole('alert')).toHaveTextContent('Сервер недоступен');
    api.routes[QUESTIONNAIRES_API.waiting.path] = ok(WAITING);
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Ждут вашего ответа: 1')).toBeInTheDocument();
  });
});

describe('questionnaire (teacher)', () => {
  beforeEach(() => lmsStore.set(userAtom, { ...testTeacher, newsPerms: false }));

  it('shows "not enough answers" below the threshold and the distribution above it, in every language', async () => {
    renderInPortal(<App />, '/lms/questionnaire');
    expect(
      await screen.findByText('Недостаточно ответов для показа (нужно не меньше 5).'),
    ).toBeInTheDocument();
    const chart = screen.getByRole('table', { name: 'Насколько понятно объяснял?' });
    expect(
      within(chart).getByRole('row', { name: /5 — Очень понятно 3 \(50%\)/ }),
    ).toBeInTheDocument();
    expect(screen.getByText('Больше практики')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
    expect(
      await screen.findByText('Not enough answers to show (at least 5 needed).'),
    ).toBeInTheDocument();
    await act(() => i18n.changeLanguage('kg'));
    expect(screen.getByRole('heading', { name: 'Сурамжылоо' })).toBeInTheDocument();
  });
});

describe('questionnaire (the quality office)', () => {
  beforeEach(() =>
    lmsStore.set(userAtom, { ...testTeacher, newsPerms: false, registrarPerms: true }),
  );

  it('opens a draft after confirming, and reads the rates of an open one', async () => {
    const user = userEvent.setup();
    renderInPortal(
      <>
        <App />
        <ConfirmHost />
        <Notifications />
      </>,
      '/lms/questionnaire',
    );
    await user.click(
      await screen.findByRole('button', { name: 'Открыть анкету «Итоговая анкета»' }),
    );
    await user.type(screen.getByLabelText('Открыть с'), '2026-12-01');
    await user.type(screen.getByLabelText('Закрыть после'), '2026-12-20');
    await user.click(screen.getByRole('button', { name: 'Открыть' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Отменить это нельзя');
    await user.click(within(dialog).getByRole('button', { name: 'Открыть' }));
    await waitFor(() =>
      expect(api.bodiesOf(QUESTIONNAIRES_API.officeOpen)).toEqual([
        {
          id_questionnaire: 2,
          year: 26,
          ws: 1,
          opensOn: '2026-12-01',
          closesOn: '2026-12-20',
          minAnswers: 5,
        },
      ]),
    );
    expect(await screen.findByText('Анкета открыта')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Доля ответов: «Оценка дисциплины»' }));
    const rates = await screen.findByRole('table', { name: 'Доля ответов: «Оценка дисциплины»' });
    expect(await within(rates).findByText('12 из 24 (50%)')).toBeInTheDocument();
  });
});
