import { attemptView } from '../../../testing/fakeTesting';
import { withSaved } from './useAnswerOutbox';

describe('withSaved: the attempt kept for a reopen offline', () => {
  const view = attemptView({
    serverNow: 1_000,
    answers: [{ questionId: 1, version: 2, response: { truth: true } }],
  });

  it('takes an answer the server stored, and its clock as the newest contact', () => {
    const next = withSaved(view, {
      questionId: 2,
      version: 1,
      response: { text: 'Бишкек' },
      applied: true,
      serverNow: 5_000,
    });
    expect(next.serverNow).toBe(5_000);
    expect(next.answers).toEqual([
      { questionId: 1, version: 2, response: { truth: true } },
      { questionId: 2, version: 1, response: { text: 'Бишкек' } },
    ]);
  });

  it('replaces an older version of the same answer, never a newer one', () => {
    const newer = withSaved(view, {
      questionId: 1,
      version: 3,
      response: { truth: false },
      applied: true,
      serverNow: 6_000,
    });
    expect(newer.answers).toEqual([{ questionId: 1, version: 3, response: { truth: false } }]);
    const older = withSaved(view, {
      questionId: 1,
      version: 1,
      response: { truth: false },
      applied: false,
      serverNow: 6_000,
    });
    expect(older).toBe(view);
  });
});
