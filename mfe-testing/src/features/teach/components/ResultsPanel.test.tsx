import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, TESTING_API, type TestingReviewResponse } from '@lms/shared';
import {
  ok,
  renderInPortal,
  signInForEachTest,
  stubApi,
  testTeacher,
  type StubbedApi,
} from '@lms/shared/testing';
import { ResultsPanel } from './ResultsPanel';

let api: StubbedApi;

signInForEachTest(testTeacher);

const REVIEW: TestingReviewResponse = {
  attemptId: 5,
  student: 'Асанова Айпери',
  items: [
    {
      questionId: 1,
      kind: 'truefalse',
      text: 'Бишкек — столица.',
      points: 1,
      response: { truth: true },
      awarded: 1,
      key: 'true',
    },
    {
      questionId: 2,
      kind: 'truefalse',
      text: 'Нарын впадает в Каспий.',
      points: 1,
      response: { truth: false },
      awarded: 1,
      key: 'false',
      lateMs: 3 * 60_000 + 5_000,
    },
    {
      questionId: 3,
      kind: 'truefalse',
      text: 'Иссык-Куль — солёное озеро.',
      points: 1,
      response: null,
      awarded: 0,
      key: 'true',
    },
  ],
  refused: [
    {
      questionId: 3,
      response: { truth: true },
      reason: 'Ответ пришёл слишком поздно: он дан или отправлен после срока',
      receivedAt: Date.UTC(2026, 10, 29, 9, 42),
      lateMs: 12 * 60_000,
    },
  ],
};

beforeEach(() => {
  api = stubApi(http, {
    [TESTING_API.results.path]: ok([
      {
        attemptId: 5,
        studentId: 9,
        student: 'Асанова Айпери',
        number: 1,
        startedAt: Date.UTC(2026, 10, 29, 9, 0),
        submittedAt: Date.UTC(2026, 10, 29, 9, 20),
        result: { score: 2, maxScore: 3, percent: 66.7, passed: true, pending: 0 },
      },
    ]),
    [TESTING_API.review.path]: ok({ ...REVIEW, passkeySigned: true }),
  });
});

afterEach(() => api.restore());

describe('ResultsPanel', () => {
  it('shows the teacher which answers came late and how late, and those refused with the reason', async () => {
    const user = userEvent.setup();
    renderInPortal(<ResultsPanel testId={1} />, '/lms/testing');
    await user.click(await screen.findByRole('button', { name: /Асанова Айпери/ }));
    const review = await screen.findByRole('region', { name: /Асанова Айпери/ });
    const late = within(review).getAllByTestId('late');
    expect(late).toHaveLength(1);
    expect(late[0]).toHaveTextContent('С опозданием: пришёл через 4 мин после срока');
    const refused = within(review).getByRole('region', { name: 'Отклонено ответов: 1' });
    expect(refused).toHaveTextContent('Иссык-Куль — солёное озеро.');
    expect(refused).toHaveTextContent('Присланный ответ: true');
    expect(refused).toHaveTextContent('пришёл через 12 мин после срока');
    expect(refused).toHaveTextContent(
      'Причина отказа: Ответ пришёл слишком поздно: он дан или отправлен после срока',
    );
    expect(within(review).getByTestId('passkey-signed')).toHaveTextContent(
      'Сдано с подписью ключом доступа студента',
    );
    // The university's clock (Asia/Bishkek).
    expect(refused).toHaveTextContent('Пришёл: 29.11.2026, 15:42');
  });

  it('lists no refused answers when there are none', async () => {
    api.restore();
    api = stubApi(http, {
      [TESTING_API.results.path]: ok([
        {
          attemptId: 5,
          studentId: 9,
          student: 'Асанова Айпери',
          number: 1,
          startedAt: 1,
          submittedAt: 2,
          result: null,
        },
      ]),
      [TESTING_API.review.path]: ok({ ...REVIEW, refused: [] }),
    });
    const user = userEvent.setup();
    renderInPortal(<ResultsPanel testId={1} />, '/lms/testing');
    await user.click(await screen.findByRole('button', { name: /Асанова Айпери/ }));
    await screen.findByRole('region', { name: /Асанова Айпери/ });
    expect(screen.queryByTestId('refused-answers')).not.toBeInTheDocument();
    expect(screen.queryByTestId('passkey-signed')).not.toBeInTheDocument();
  });
});
