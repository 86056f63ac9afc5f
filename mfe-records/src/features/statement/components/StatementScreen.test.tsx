import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import {
  ConfirmHost,
  http,
  i18n,
  lmsStore,
  SCHEDULE_API,
  STATEMENTS_API,
  userAtom,
} from '@lms/shared';
import {
  ok,
  refused,
  renderInPortal,
  signInForEachTest,
  stubApi,
  testStudent,
  testTeacher,
  type StubbedApi,
} from '@lms/shared/testing';
import { DETAIL, MINE, SUMMARY } from '../../../testing/fakeStatements';
import { StatementScreen } from './StatementScreen';

// The teacher's passkey answers at once (Chromium's virtual authenticator in the e2e).
const ASSERTION = {
  id: 'cred',
  rawId: 'cred',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
  clientExtensionResults: {},
};
jest.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: () => true,
  startAuthentication: jest.fn(),
  startRegistration: jest.fn(),
  WebAuthnError: class WebAuthnError extends Error {},
}));

const PASSKEY = { id: 3, name: 'Ноутбук', created_at: 1, last_used_at: null };

let api: StubbedApi;

signInForEachTest(testTeacher);

beforeEach(() => {
  // jsdom has no WebAuthn; this browser has.
  Object.assign(window, { PublicKeyCredential: function PublicKeyCredential() {} });
  jest.mocked(startAuthentication).mockResolvedValue(ASSERTION as never);
  jest.mocked(startRegistration).mockResolvedValue({ id: 'new' } as never);
  api = stubApi(http, {
    [SCHEDULE_API.passkeys.path]: ok({ passkeys: [PASSKEY] }),
    [STATEMENTS_API.signOptions.path]: ok({ challenge: 'Y2hhbGxlbmdl' }),
    [STATEMENTS_API.teacherList.path]: ok([SUMMARY]),
    [STATEMENTS_API.registrarList.path]: ok([{ ...SUMMARY, state: 'signed' }]),
    [STATEMENTS_API.open.path]: ok(DETAIL),
    [STATEMENTS_API.save.path]: ok({
      ...DETAIL,
      lines: [{ ...DETAIL.lines[0]!, exam: 35, final: 83, letter: 'B' }, DETAIL.lines[1]!],
    }),
    [STATEMENTS_API.sign.path]: ok({
      ...DETAIL,
      state: 'signed',
      signature_valid: true,
      signed_at: Date.UTC(2027, 0, 10),
    }),
    [STATEMENTS_API.confirm.path]: ok({ ...DETAIL, state: 'confirmed', signature_valid: true }),
    [STATEMENTS_API.mine.path]: ok(MINE),
    [STATEMENTS_API.notices.path]: ok([]),
  });
});

afterEach(() => api.restore());

async function openFirst() {
  const user = userEvent.setup();
  renderInPortal(
    <>
      <StatementScreen />
      <ConfirmHost />
    </>,
    '/lms/statement',
  );
  await user.click(
    await screen.findByRole('button', { name: 'Открыть ведомость Программирование, ПИ-1-25' }),
  );
  await screen.findByRole('table', { name: 'Студенты' });
  return user;
}

describe('StatementScreen', () => {
  it('a teacher enters points, saves them, and signs only after the confirmation', async () => {
    const user = await openFirst();
    // The student not admitted has no field, and says why.
    expect(screen.getByText('Не допущен: пропуски')).toBeInTheDocument();
    expect(
      screen.queryByRole('spinbutton', {
        name: 'Баллы экзамена или зачёта: Бекова Жамила Уметовна',
      }),
    ).not.toBeInTheDocument();
    const points = screen.getByRole('spinbutton', {
      name: 'Баллы экзамена или зачёта: Асанова Айгерим Бакытовна',
    });
    await user.clear(points);
    await user.type(points, '41');
    expect(screen.getByText('Баллы — целые числа от 0 до 40.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Сохранить баллы' })).toBeDisabled();
    await user.clear(points);
    await user.type(points, '35');
    // Unsaved points: signing waits for the save.
    expect(screen.getByRole('button', { name: 'Подписать' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Сохранить баллы' }));
    await waitFor(() =>
      expect(api.bodiesOf(STATEMENTS_API.save)).toEqual([
        { id: 5, lines: [{ id_student: 12, exam: 35 }] },
      ]),
    );
    await user.click(await screen.findByRole('button', { name: 'Подписать' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(api.bodiesOf(STATEMENTS_API.sign)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Подписать' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Подписать' }),
    );
    await waitFor(() =>
      expect(api.bodiesOf(STATEMENTS_API.sign)).toEqual([
        { id: 5, digest: 'a'.repeat(64), passkey: ASSERTION },
      ]),
    );
    // The passkey signed the challenge the server gave for this statement and digest.
    expect(api.bodiesOf(STATEMENTS_API.signOptions)).toEqual([{ id: 5, digest: 'a'.repeat(64) }]);
    expect(startAuthentication).toHaveBeenCalledWith({
      optionsJSON: { challenge: 'Y2hhbGxlbmdl' },
    });
    expect(await screen.findByTestId('statement-state')).toHaveTextContent(
      'Подписана преподавателем',
    );
  });

  it('a teacher without a passkey is told how to register one, and then signs', async () => {
    api.routes[SCHEDULE_API.passkeys.path] = ok({ passkeys: [] });
    api.routes[SCHEDULE_API.passkeyOptions.path] = ok({ challenge: 'cg' });
    api.routes[SCHEDULE_API.passkeyRegister.path] = ok({ passkeys: [PASSKEY] });
    const user = await openFirst();
    const section = await screen.findByRole('region', { name: 'Подпись ключом доступа' });
    expect(section).toHaveTextContent('зарегистрируйте его один раз');
    expect(screen.queryByRole('button', { name: 'Подписать' })).not.toBeInTheDocument();
    await user.click(
      within(section).getByRole('button', { name: 'Зарегистрировать ключ доступа' }),
    );
    await waitFor(() =>
      expect(api.bodiesOf(SCHEDULE_API.passkeyRegister)).toEqual([{ response: { id: 'new' } }]),
    );
    expect(startRegistration).toHaveBeenCalledWith({ optionsJSON: { challenge: 'cg' } });
    expect(await screen.findByRole('button', { name: 'Подписать' })).toBeEnabled();
  });

  it('a passkey that does not confirm signs nothing and says so', async () => {
    jest
      .mocked(startAuthentication)
      .mockRejectedValue(Object.assign(new Error('denied'), { name: 'NotAllowedError' }));
    const user = await openFirst();
    await user.click(await screen.findByRole('button', { name: 'Подписать' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Подписать' }),
    );
    expect(
      await screen.findByText('Ключ доступа не подтвердил действие: попробуйте ещё раз'),
    ).toBeInTheDocument();
    expect(api.bodiesOf(STATEMENTS_API.sign)).toHaveLength(0);
  });

  it('shows the server’s refusal in the user’s language', async () => {
    api.routes[STATEMENTS_API.sign.path] = refused(
      409,
      'Ведомость изменилась: откройте её заново и проверьте',
    );
    const user = await openFirst();
    await user.click(await screen.findByRole('button', { name: 'Подписать' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Подписать' }),
    );
    expect(
      await screen.findByText('Ведомость изменилась: откройте её заново и проверьте'),
    ).toBeInTheDocument();
  });

  it('the registrar lists every statement and confirms a signed one', async () => {
    lmsStore.set(userAtom, { ...testTeacher, registrarPerms: true });
    api.routes[STATEMENTS_API.open.path] = ok({
      ...DETAIL,
      state: 'signed',
      signature_valid: true,
      signed_at: 1,
    });
    const user = await openFirst();
    expect(screen.getByTestId('statement-signature')).toHaveTextContent('Действительна');
    expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Подтвердить' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Подтвердить' }),
    );
    await waitFor(() =>
      expect(api.bodiesOf(STATEMENTS_API.confirm)).toEqual([{ id: 5, digest: 'a'.repeat(64) }]),
    );
    expect(await screen.findByTestId('statement-state')).toHaveTextContent('Подтверждена');
  });

  it('a student sees their own line, in English too', async () => {
    lmsStore.set(userAtom, testStudent);
    renderInPortal(<StatementScreen />, '/lms/statement');
    const table = await screen.findByRole('table', { name: 'Мои оценки в ведомостях' });
    expect(within(table).getByText('78')).toBeInTheDocument();
    expect(api.bodiesOf(STATEMENTS_API.teacherList)).toHaveLength(0);
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByRole('table', { name: 'My grades in the statements' })).toBeInTheDocument();
  });

  it('says when there are no statements, and offers a retry on an error', async () => {
    api.routes[STATEMENTS_API.teacherList.path] = ok([]);
    renderInPortal(<StatementScreen />, '/lms/statement');
    expect(await screen.findByText('Ведомостей нет.')).toBeInTheDocument();
  });
});
