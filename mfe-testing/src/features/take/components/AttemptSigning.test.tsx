import { webcrypto } from 'node:crypto';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startAuthentication } from '@simplewebauthn/browser';
import { ConfirmHost, http, Notifications, SCHEDULE_API, TESTING_API } from '@lms/shared';
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

const ASSERTION = {
  id: 'cred',
  rawId: 'cred',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
  clientExtensionResults: {},
};
jest.mock('@simplewebauthn/browser', () => ({ startAuthentication: jest.fn() }));

let api: StubbedApi;

signInForEachTest();

beforeAll(() => {
  // jsdom has neither WebCrypto's digest nor WebAuthn; this browser has both.
  if (!globalThis.crypto?.subtle) {
    Object.defineProperty(globalThis.crypto, 'subtle', { value: webcrypto.subtle });
  }
  Object.assign(window, { PublicKeyCredential: function PublicKeyCredential() {} });
});

beforeEach(() => {
  sessionStorage.clear();
  jest.mocked(startAuthentication).mockReset();
  api = stubApi(http, {
    [SCHEDULE_API.passkeys.path]: ok({
      passkeys: [{ id: 3, name: 'Телефон', created_at: 1, last_used_at: null }],
    }),
    [TESTING_API.open.path]: ok([OPEN_TEST]),
    [TESTING_API.start.path]: ok(attemptView()),
    [TESTING_API.answers.path]: takeAnswers,
    [TESTING_API.signOptions.path]: ok({ challenge: 'Y2hhbGxlbmdl' }),
    [TESTING_API.submit.path]: ok(
      attemptView({
        submitted: true,
        result: { score: 1, maxScore: 4, percent: 25, passed: false, pending: 0 },
      }),
    ),
  });
});

afterEach(() => api.restore());

async function answerOne() {
  const user = userEvent.setup();
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
  expect(await within(single).findByText('Сохранено')).toBeInTheDocument();
  return user;
}

describe('signing the submission with the passkey', () => {
  it('signs the head of the chain the answers went with, then submits with the signature', async () => {
    jest.mocked(startAuthentication).mockResolvedValue(ASSERTION as never);
    const user = await answerOne();
    const [list] = api.bodiesOf(TESTING_API.answers) as AnswersSent[];
    const [sent] = (list?.answers ?? []) as { chain: { device: string; seq: number } }[];
    expect(sent?.chain).toMatchObject({ seq: 1, digest: expect.stringMatching(/^[0-9a-f]{64}$/) });
    await user.click(screen.getByRole('button', { name: 'Подписать ответы ключом доступа' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Сдать' }),
    );
    expect(await screen.findByTestId('result')).toHaveTextContent('Результат: 1 из 4');
    expect(api.bodiesOf(TESTING_API.signOptions)).toEqual([
      { attemptId: 11, device: sent?.chain.device },
    ]);
    expect(api.bodiesOf(TESTING_API.submit)).toEqual([{ attemptId: 11, passkey: ASSERTION }]);
  });

  it('submits nothing when the passkey does not sign, and says so', async () => {
    jest.mocked(startAuthentication).mockRejectedValue(new Error('NotAllowedError'));
    const user = await answerOne();
    await user.click(screen.getByRole('button', { name: 'Подписать ответы ключом доступа' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Сдать' }),
    );
    expect(
      await screen.findByText(/Ключ доступа не подписал: ничего не сдано/),
    ).toBeInTheDocument();
    expect(api.bodiesOf(TESTING_API.submit)).toEqual([]);
    // The plain submission goes unsigned.
    await user.click(screen.getByRole('button', { name: 'Сдать' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Сдать' }),
    );
    expect(await screen.findByTestId('result')).toBeInTheDocument();
    expect(api.bodiesOf(TESTING_API.submit)).toEqual([{ attemptId: 11 }]);
  });
});
