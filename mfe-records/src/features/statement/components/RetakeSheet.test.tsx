import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmHost, http, i18n, lmsStore, STATEMENTS_API, userAtom } from '@lms/shared';
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
import { DETAIL, MINE, RETAKE, SUMMARY, SUPERSEDED } from '../../../testing/fakeStatements';
import { StatementScreen } from './StatementScreen';

// Retake sheets on the statement screen: the registrar opens one for a student of a confirmed
// statement, the original shows the superseded line and the grade history, the retake sheet
// names its original, a student sees their superseded grade.

jest.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: () => true,
  startAuthentication: jest.fn(),
  startRegistration: jest.fn(),
  WebAuthnError: class WebAuthnError extends Error {},
}));

let api: StubbedApi;

signInForEachTest(testTeacher);

beforeEach(() => {
  lmsStore.set(userAtom, { ...testTeacher, registrarPerms: true });
  api = stubApi(http, {
    [STATEMENTS_API.registrarList.path]: ok([{ ...SUMMARY, state: 'confirmed' }]),
    [STATEMENTS_API.open.path]: (config) =>
      ok((JSON.parse(String(config.data)) as { id: number }).id === 9 ? RETAKE : SUPERSEDED),
    [STATEMENTS_API.retake.path]: ok(RETAKE),
    [STATEMENTS_API.retakeTeachers.path]: ok(TEACHERS),
    [STATEMENTS_API.notices.path]: ok([]),
  });
});

/** Who may take a retake of the original: its own teacher first, then a colleague of the group. */
const TEACHERS = [
  { id_teacher: 3, fio: 'Асанов Бакыт Маратович' },
  { id_teacher: 8, fio: 'Токтогулова Нургуль Асановна' },
];

afterEach(() => api.restore());

async function openOriginal() {
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

describe('Retake sheets', () => {
  it('the original shows the superseded line and the grade history', async () => {
    await openOriginal();
    expect(screen.getByTestId('line-superseded')).toHaveTextContent('Заменена ведомостью № 9');
    const history = screen.getByRole('table', { name: 'История оценок (пересдачи)' });
    expect(within(history).getByText('ведомость № 5')).toBeInTheDocument();
    expect(within(history).getByText('ведомость пересдачи № 9')).toBeInTheDocument();
    expect(within(history).getByText('Текущая оценка')).toBeInTheDocument();
    expect(within(history).getByText('88')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByRole('table', { name: 'Grade history (retakes)' })).toBeInTheDocument();
    expect(screen.getByTestId('line-superseded')).toHaveTextContent('Superseded by sheet No. 9');
  });

  it('the registrar opens a retake sheet for one student after a confirmation, then sees it', async () => {
    const user = await openOriginal();
    const form = screen.getByRole('form', { name: 'Открыть ведомость пересдачи' });
    await user.selectOptions(
      within(form).getByRole('combobox', { name: 'Студент' }),
      'Бекова Жамила Уметовна',
    );
    // The original's teacher is offered first; the registrar gives the retake to a colleague.
    const teacher = within(form).getByRole('combobox', { name: 'Преподаватель пересдачи' });
    await waitFor(() => expect(teacher).toHaveDisplayValue('Асанов Бакыт Маратович'));
    expect(teacher).toHaveAccessibleDescription(/Кто заполняет и подписывает ведомость пересдачи/);
    await user.selectOptions(teacher, 'Токтогулова Нургуль Асановна');
    expect(api.bodiesOf(STATEMENTS_API.retakeTeachers)).toEqual([{ id: 5 }]);
    const deadline = within(form).getByLabelText('Подписать до');
    await user.clear(deadline);
    await user.type(deadline, '2027-02-10');
    await user.click(within(form).getByRole('button', { name: 'Открыть ведомость пересдачи' }));
    // Cancelled: nothing asked.
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Отмена' }),
    );
    expect(api.bodiesOf(STATEMENTS_API.retake)).toHaveLength(0);
    await user.click(within(form).getByRole('button', { name: 'Открыть ведомость пересдачи' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'Открыть ведомость пересдачи для Бекова Жамила Уметовна? Её заполнит и подпишет Токтогулова Нургуль Асановна.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Открыть ведомость пересдачи' }));
    await waitFor(() =>
      expect(api.bodiesOf(STATEMENTS_API.retake)).toEqual([
        { id: 5, id_student: 13, id_teacher: 8, deadline: '2027-02-10' },
      ]),
    );
    // The new sheet opens: it names its original, and has no retake form of its own.
    expect(await screen.findByTestId('retake-of')).toHaveTextContent(
      'Ведомость пересдачи к ведомости № 5.',
    );
    expect(screen.queryByRole('form', { name: 'Открыть ведомость пересдачи' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Открыть ведомость № 5' }));
    expect(await screen.findByTestId('line-superseded')).toBeInTheDocument();
  });

  it('shows the server’s refusal to open a second sheet', async () => {
    api.routes[STATEMENTS_API.retake.path] = refused(
      409,
      'У этого студента уже есть открытая ведомость пересдачи',
    );
    const user = await openOriginal();
    const form = screen.getByRole('form', { name: 'Открыть ведомость пересдачи' });
    await within(form).findByRole('option', { name: 'Асанов Бакыт Маратович' });
    await user.click(within(form).getByRole('button', { name: 'Открыть ведомость пересдачи' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Открыть ведомость пересдачи',
      }),
    );
    expect(
      await screen.findByText('У этого студента уже есть открытая ведомость пересдачи'),
    ).toBeInTheDocument();
  });

  it('no retake form on a statement not yet confirmed', async () => {
    api.routes[STATEMENTS_API.open.path] = ok(DETAIL);
    await openOriginal();
    expect(screen.queryByRole('form', { name: 'Открыть ведомость пересдачи' })).toBeNull();
  });

  it('no retake form for the teacher of record: only the registrar opens one', async () => {
    lmsStore.set(userAtom, { ...testTeacher, registrarPerms: false });
    api.routes[STATEMENTS_API.teacherList.path] = ok([{ ...SUMMARY, state: 'confirmed' }]);
    await openOriginal();
    expect(screen.getByTestId('line-superseded')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Открыть ведомость пересдачи' })).toBeNull();
  });

  it('a student sees their superseded grade and the retake sheet’s', async () => {
    lmsStore.set(userAtom, testStudent);
    api.routes[STATEMENTS_API.mine.path] = ok([
      { ...MINE[0]!, line: { ...MINE[0]!.line, superseded_by: 9 } },
      { ...MINE[0]!, id: 9, retake_of: 5, line: { ...MINE[0]!.line, final: 88 } },
    ]);
    renderInPortal(<StatementScreen />, '/lms/statement');
    const table = await screen.findByRole('table', { name: 'Мои оценки в ведомостях' });
    expect(within(table).getByText('Заменена ведомостью № 9')).toBeInTheDocument();
    expect(within(table).getByText('Программирование · ведомость пересдачи № 9')).toBeVisible();
    expect(within(table).getByText('88')).toBeInTheDocument();
  });
});
