import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmHost, http, Notifications, TESTING_API } from '@lms/shared';
import {
  ok,
  renderInPortal,
  signInForEachTest,
  stubApi,
  type StubbedApi,
} from '@lms/shared/testing';
import {
  attemptView,
  OPEN_TEST,
  takeAnswers,
  type AnswersSent,
} from '../../../testing/fakeTesting';
import { StudentTests } from './StudentTests';

let api: StubbedApi;

/** The answers sent, list by list. */
const answersSent = () =>
  (api.bodiesOf(TESTING_API.answers) as AnswersSent[]).map((body) => body.answers);

signInForEachTest();

beforeEach(() => {
  api = stubApi(http, {
    [TESTING_API.open.path]: ok([OPEN_TEST]),
    [TESTING_API.start.path]: ok(attemptView()),
    [TESTING_API.answers.path]: takeAnswers,
    [TESTING_API.submit.path]: ok(
      attemptView({
        submitted: true,
        result: { score: 3, maxScore: 4, percent: 75, passed: true, pending: 0 },
        review: [{ questionId: 1, awarded: 1, feedback: ['Верно: 2 + 2 = 4.'] }],
      }),
    ),
  });
});

afterEach(() => api.restore());

describe('StudentTests', () => {
  it('lists an open test with its attempts, and takes it by keyboard to the result', async () => {
    const user = userEvent.setup();
    renderInPortal(
      <>
        <StudentTests />
        <ConfirmHost />
      </>,
      '/lms/testing',
    );
    expect(await screen.findByRole('heading', { name: 'Демо-тест' })).toBeInTheDocument();
    expect(screen.getByText(/Осталось попыток: 2 из 2/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Начать\s?: Демо-тест/ }));
    // The timer counts from the server's deadline.
    expect(await screen.findByTestId('time-left')).toHaveTextContent(/^(30:00|29:5\d)$/);
    const single = screen.getByRole('region', { name: /Вопрос 1 из 3/ });
    await user.click(within(single).getByRole('radio', { name: '4' }));
    expect(await within(single).findByText('Сохранено')).toBeInTheDocument();
    // Each answer names the device's last contact with the server (for an answer sent late).
    expect(api.bodiesOf(TESTING_API.answers)).toEqual([
      {
        attemptId: 11,
        answers: [
          {
            attemptId: 11,
            questionId: 1,
            version: 1,
            response: { choice: ['x2'] },
            contactAt: expect.any(Number),
            sinceContactMs: expect.any(Number),
          },
        ],
      },
    ]);
    // Ordering without a mouse: "Up" moves an item, named by the item it moves.
    const ordering = screen.getByRole('region', { name: /Вопрос 2 из 3/ });
    await user.click(within(ordering).getByRole('button', { name: /^Выше\s?: 1$/ }));
    expect(await within(ordering).findByText('Сохранено')).toBeInTheDocument();
    expect(answersSent()[1]).toMatchObject([{ questionId: 2, response: { order: ['o2', 'o1'] } }]);
    // Matching with a select per item.
    const matching = screen.getByRole('region', { name: /Вопрос 3 из 3/ });
    await user.selectOptions(
      within(matching).getByRole('combobox', { name: 'Кыргызстан' }),
      'Бишкек',
    );
    expect(answersSent()[2]).toMatchObject([
      { response: { pairs: [{ left: 'l1', right: 'r2' }] } },
    ]);
    await user.click(screen.getByRole('button', { name: 'Сдать' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Сдать' }));
    expect(await screen.findByTestId('result')).toHaveTextContent('Результат: 3 из 4 (75 %)');
    expect(screen.getByTestId('result')).toHaveTextContent('Сдано');
    // The review the test allows: the points and the teacher's feedback.
    const reviewed = within(screen.getByRole('region', { name: /Вопрос 1 из 3/ }));
    expect(reviewed.getByTestId('review')).toHaveTextContent('Баллы: 1 из 1');
    expect(reviewed.getByTestId('review')).toHaveTextContent(
      'Комментарий преподавателя: Верно: 2 + 2 = 4.',
    );
  });

  it('says so when no test is open', async () => {
    api.routes[TESTING_API.open.path] = ok([]);
    renderInPortal(
      <>
        <StudentTests />
        <ConfirmHost />
      </>,
      '/lms/testing',
    );
    expect(await screen.findByText('Сейчас открытых вам тестов нет.')).toBeInTheDocument();
  });

  it('marks an answer the server refused as not saved', async () => {
    const user = userEvent.setup();
    api.routes[TESTING_API.answers.path] = ok({
      results: [{ questionId: 1, status: 409, error: 'Время вышло' }],
      serverNow: Date.now(),
    });
    renderInPortal(
      <>
        <StudentTests />
        <ConfirmHost />
        <Notifications />
      </>,
      '/lms/testing',
    );
    await user.click(await screen.findByRole('button', { name: /^Начать\s?: Демо-тест/ }));
    const single = await screen.findByRole('region', { name: /Вопрос 1 из 3/ });
    await user.click(within(single).getByRole('radio', { name: '3' }));
    expect(await within(single).findByText('Не сохранено')).toBeInTheDocument();
    expect(await screen.findByText('Время вышло')).toBeInTheDocument();
  });

  it('keeps answers given offline as not sent yet, and sends them when the network returns', async () => {
    const user = userEvent.setup();
    const onLine = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      renderInPortal(
        <>
          <StudentTests />
          <ConfirmHost />
          <Notifications />
        </>,
        '/lms/testing',
      );
      await user.click(await screen.findByRole('button', { name: /^Начать\s?: Демо-тест/ }));
      const single = await screen.findByRole('region', { name: /Вопрос 1 из 3/ });
      await user.click(within(single).getByRole('radio', { name: '4' }));
      expect(await within(single).findByText('Ещё не отправлено')).toBeInTheDocument();
      const ordering = screen.getByRole('region', { name: /Вопрос 2 из 3/ });
      await user.click(within(ordering).getByRole('button', { name: /^Выше\s?: 1$/ }));
      expect(await within(ordering).findByText('Ещё не отправлено')).toBeInTheDocument();
      const matching = screen.getByRole('region', { name: /Вопрос 3 из 3/ });
      await user.selectOptions(
        within(matching).getByRole('combobox', { name: 'Кыргызстан' }),
        'Бишкек',
      );
      expect(await within(matching).findByText('Ещё не отправлено')).toBeInTheDocument();
      expect(screen.getByTestId('outbox')).toHaveTextContent('Не отправлено ответов: 3');
      expect(api.bodiesOf(TESTING_API.answers)).toEqual([]);
      // Submitting waits for the network: nothing would count the waiting answer.
      await user.click(screen.getByRole('button', { name: 'Сдать' }));
      await user.click(
        within(await screen.findByRole('dialog')).getByRole('button', { name: 'Сдать' }),
      );
      expect(await screen.findByText(/Часть ответов ещё не отправлена/)).toBeInTheDocument();
      expect(api.bodiesOf(TESTING_API.submit)).toEqual([]);
      onLine.mockReturnValue(true);
      window.dispatchEvent(new Event('online'));
      expect(await within(single).findByText('Сохранено')).toBeInTheDocument();
      expect(await within(ordering).findByText('Сохранено')).toBeInTheDocument();
      expect(await within(matching).findByText('Сохранено')).toBeInTheDocument();
      // The three waiting answers went in one request, in the order they were given.
      expect(answersSent()).toMatchObject([
        [
          { questionId: 1, version: 1, response: { choice: ['x2'] } },
          { questionId: 2, version: 1, response: { order: ['o2', 'o1'] } },
          { questionId: 3, version: 1, response: { pairs: [{ left: 'l1', right: 'r2' }] } },
        ],
      ]);
      expect(screen.queryByTestId('outbox')).not.toBeInTheDocument();
    } finally {
      onLine.mockRestore();
    }
  });
});
