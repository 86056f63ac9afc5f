import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ConfirmHost,
  http,
  i18n,
  lmsStore,
  Notifications,
  STAFF_ACCESS_API,
  userAtom,
  type StaffChangeBody,
  type StaffMember,
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

const REGISTRAR_UID = 90;
const ASANOV: StaffMember = {
  uid: 7,
  fullName: 'Асанов Бакыт Маратович',
  department: 'Кафедра программной инженерии',
  position: 'Доцент',
  registrar: false,
  quality: false,
  departmentHead: false,
};
const ME: StaffMember = {
  uid: REGISTRAR_UID,
  fullName: 'Джумабаева Айнура Токтоматовна',
  department: 'Кафедра программной инженерии',
  position: null,
  registrar: true,
  quality: false,
  departmentHead: false,
};

let api: StubbedApi;
let staff: StaffMember[];
signInForEachTest();

/** The server's side: a search by name, the holders for a blank one; a change updates the account. */
beforeEach(() => {
  staff = [ASANOV, ME].map((member) => ({ ...member }));
  api = stubApi(http, {
    [STAFF_ACCESS_API.staff.path]: (config) => {
      const { query } = JSON.parse(String(config.data)) as { query: string };
      const found = staff.filter((m) =>
        query === ''
          ? m.quality || m.departmentHead
          : m.fullName.toLowerCase().includes(query.toLowerCase()),
      );
      return ok({ staff: found, more: false });
    },
    [STAFF_ACCESS_API.change.path]: (config) => {
      const body = JSON.parse(String(config.data)) as StaffChangeBody;
      const member = staff.find((m) => m.uid === body.uid)!;
      const changed = member[body.permission] !== body.granted;
      member[body.permission] = body.granted;
      return ok({ member, changed });
    },
  });
  lmsStore.set(userAtom, {
    ...testTeacher,
    uid: REGISTRAR_UID,
    newsPerms: false,
    registrarPerms: true,
  });
});
afterEach(() => api.restore());

const renderScreen = () =>
  renderInPortal(
    <>
      <App />
      <Notifications />
      <ConfirmHost />
    </>,
    '/lms/staffaccess',
  );

describe('staff rights (the registrar)', () => {
  it('opens on the holders, finds a teacher and grants the department head right', async () => {
    const user = userEvent.setup();
    renderScreen();
    expect(
      await screen.findByText(
        'Пока ни у кого нет этих прав. Найдите сотрудника, чтобы выдать право.',
      ),
    ).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: /Найти сотрудника/ }), 'асанов');
    await user.click(screen.getByRole('button', { name: 'Найти' }));
    const card = await screen.findByRole('listitem', { name: 'Асанов Бакыт Маратович' });
    expect(card).toHaveTextContent('Кафедра программной инженерии, Доцент');
    const rights = within(card).getByRole('list', { name: 'Права: Асанов Бакыт Маратович' });
    expect(rights).toHaveTextContent('Заведующий кафедрой (нагрузка кафедры): нет');
    await user.click(
      within(card).getByRole('button', {
        name: 'Выдать право «Заведующий кафедрой (нагрузка кафедры)»: Асанов Бакыт Маратович',
      }),
    );
    // No confirmation for a grant: it is sent at once.
    await waitFor(() =>
      expect(api.bodiesOf(STAFF_ACCESS_API.change)).toEqual([
        { uid: 7, permission: 'departmentHead', granted: true },
      ]),
    );
    expect(
      await screen.findByText(
        'Право «Заведующий кафедрой (нагрузка кафедры)» выдано: Асанов Бакыт Маратович',
      ),
    ).toBeInTheDocument();
    expect(
      await within(card).findByText('Заведующий кафедрой (нагрузка кафедры):', { exact: false }),
    ).toHaveTextContent('есть');
    // Back to the holders: the teacher is one now.
    await user.click(screen.getByRole('button', { name: 'Показать, у кого есть права' }));
    expect(await screen.findByRole('heading', { name: 'У кого есть права сейчас' })).toBeVisible();
    expect(
      await screen.findByRole('listitem', { name: 'Асанов Бакыт Маратович' }),
    ).toBeInTheDocument();
  });

  it('revokes only after the confirmation, and keeps the right when it is declined', async () => {
    staff[0]!.quality = true;
    const user = userEvent.setup();
    renderScreen();
    const card = await screen.findByRole('listitem', { name: 'Асанов Бакыт Маратович' });
    const revoke = within(card).getByRole('button', {
      name: 'Отозвать право «Отдел качества (анкеты)»: Асанов Бакыт Маратович',
    });
    await user.click(revoke);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'Отозвать право «Отдел качества (анкеты)» у сотрудника Асанов Бакыт Маратович?',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Не отзывать' }));
    expect(api.bodiesOf(STAFF_ACCESS_API.change)).toEqual([]);
    await user.click(revoke);
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Да, отозвать' }),
    );
    await waitFor(() =>
      expect(api.bodiesOf(STAFF_ACCESS_API.change)).toEqual([
        { uid: 7, permission: 'quality', granted: false },
      ]),
    );
    expect(
      await screen.findByText('Право «Отдел качества (анкеты)» отозвано: Асанов Бакыт Маратович'),
    ).toBeInTheDocument();
  });

  it('offers no buttons on the own card, says why, and in English too', async () => {
    const user = userEvent.setup();
    renderScreen();
    await user.type(
      await screen.findByRole('searchbox', { name: /Найти сотрудника/ }),
      'Джумабаева',
    );
    await user.click(screen.getByRole('button', { name: 'Найти' }));
    const card = await screen.findByRole('listitem', { name: ME.fullName });
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
    expect(card).toHaveTextContent('Свои права изменить нельзя');
    await act(() => i18n.changeLanguage('en'));
    // The list is read again in the new language.
    expect(await screen.findByText(/You cannot change your own rights/)).toBeVisible();
    await act(() => i18n.changeLanguage('ru'));
  });

  it('shows a refused search with a retry, and says when nobody is found', async () => {
    api.routes[STAFF_ACCESS_API.staff.path] = refused(500, 'Сервер недоступен');
    const user = userEvent.setup();
    renderScreen();
    expect(await screen.findByRole('alert')).toHaveTextContent('Сервер недоступен');
    api.routes[STAFF_ACCESS_API.staff.path] = ok({ staff: [], more: false });
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText(/Пока ни у кого нет этих прав/)).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: /Найти сотрудника/ }), 'Иванов');
    await user.click(screen.getByRole('button', { name: 'Найти' }));
    expect(await screen.findByText('Никого не нашли. Проверьте написание.')).toBeInTheDocument();
  });
});

describe('staff rights (anyone else)', () => {
  it('tells a teacher that the registrar’s office changes the rights, and asks nothing', async () => {
    lmsStore.set(userAtom, { ...testTeacher, newsPerms: false, headPerms: true });
    renderScreen();
    expect(
      await screen.findByText('Права сотрудников меняет только офис регистратора.'),
    ).toBeInTheDocument();
    expect(api.bodiesOf(STAFF_ACCESS_API.staff)).toEqual([]);
  });
});
