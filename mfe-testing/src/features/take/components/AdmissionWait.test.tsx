import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, i18n, Notifications, TESTING_API, type TestingAdmissionWait } from '@lms/shared';
import {
  ok,
  refused,
  renderInPortal,
  signInForEachTest,
  stubApi,
  type StubbedApi,
} from '@lms/shared/testing';
import { attemptView, OPEN_TEST } from '../../../testing/fakeTesting';
import { StudentTests } from './StudentTests';

let api: StubbedApi;

signInForEachTest();

const wait = (place: number): TestingAdmissionWait => {
  const serverNow = Date.now();
  return {
    waiting: true,
    testId: 7,
    place,
    retryAfterMs: 20,
    admitAt: serverNow + 4000,
    serverNow,
  };
};

afterEach(async () => {
  api.restore();
  await act(() => i18n.changeLanguage('ru'));
});

describe('waiting for admission', () => {
  it('shows the place, asks again by itself, and opens the attempt once admitted', async () => {
    const answers = [ok(wait(3)), ok(wait(2)), ok(attemptView())];
    api = stubApi(http, {
      [TESTING_API.open.path]: ok([OPEN_TEST]),
      [TESTING_API.start.path]: () => answers.shift() ?? ok(attemptView()),
    });
    const user = userEvent.setup();
    renderInPortal(<StudentTests />, '/lms/testing');
    await user.click(await screen.findByRole('button', { name: /^Начать\s?: Демо-тест/ }));
    expect(await screen.findByText('Ожидание допуска')).toBeInTheDocument();
    expect(screen.getByTestId('queue-place')).toHaveTextContent('Ваше место в очереди: 3');
    // Asked again after the server's retryAfterMs: the place moves, then the attempt opens.
    expect(await screen.findByText('Ваше место в очереди: 2')).toBeInTheDocument();
    expect(await screen.findByTestId('time-left')).toHaveTextContent(/^(30:00|29:5\d)$/);
    expect(api.bodiesOf(TESTING_API.start)).toEqual([{ testId: 7 }, { testId: 7 }, { testId: 7 }]);
  });

  it('reads in English and Kyrgyz', async () => {
    api = stubApi(http, {
      [TESTING_API.open.path]: ok([OPEN_TEST]),
      [TESTING_API.start.path]: ok({ ...wait(12), retryAfterMs: 15_000 }),
    });
    await act(() => i18n.changeLanguage('en'));
    const user = userEvent.setup();
    renderInPortal(<StudentTests />, '/lms/testing');
    await user.click(await screen.findByRole('button', { name: /^Start\s?: Демо-тест/ }));
    expect(await screen.findByText('Your place in the queue: 12')).toBeInTheDocument();
    expect(screen.getByText(/your time starts only when it opens/)).toBeInTheDocument();
    await act(() => i18n.changeLanguage('kg'));
    expect(await screen.findByText('Кезектеги ордуңуз: 12')).toBeInTheDocument();
  });

  it('a refusal while waiting ends the wait with the server’s message', async () => {
    const answers = [ok(wait(1)), refused(403, 'Этот тест сейчас для вас не открыт')];
    api = stubApi(http, {
      [TESTING_API.open.path]: ok([OPEN_TEST]),
      [TESTING_API.start.path]: () =>
        answers.shift() ?? refused(403, 'Этот тест сейчас для вас не открыт'),
    });
    const user = userEvent.setup();
    renderInPortal(
      <>
        <StudentTests />
        <Notifications />
      </>,
      '/lms/testing',
    );
    await user.click(await screen.findByRole('button', { name: /^Начать\s?: Демо-тест/ }));
    expect(await screen.findByText('Этот тест сейчас для вас не открыт')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Демо-тест' })).toBeInTheDocument();
    expect(screen.queryByText('Ожидание допуска')).not.toBeInTheDocument();
  });
});
