import { act, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AUTH_API, i18n, lmsStore, Notifications, PortalProviders, themeAtom } from '@lms/shared';
import { setUpI18n, signOut, student } from '../../../test/environment';
import { deferred, ok, refused, stubApi, type StubbedApi } from '../../../test/network';
import { PRESS_WAIT_MS } from '../prerendered';
import { LoginPage } from './LoginPage';

const RECOVERY = AUTH_API.recovery.path;
const UPDATE = AUTH_API.updateLogin.path;
const AUTHORIZE = AUTH_API.authorize.path;

let api: StubbedApi;

beforeAll(setUpI18n);

beforeEach(() => {
  localStorage.clear();
  signOut('anonymous');
  api = stubApi({
    '/logo.json': {
      status: 200,
      data: {
        logo: '/lms/public/logo.png',
        width: 40,
        name: 'Кыргызский университет',
        fontsize: 18,
      },
    },
    [RECOVERY]: ok({ LOG_PAS: 0 }),
    [AUTHORIZE]: ok({ user: student, token: true }),
  });
});

afterEach(() => api.restore());

/** The login route, and a stand-in for the shell at /lms where a sign-in lands. */
function renderLoginRoute() {
  render(
    <PortalProviders>
      <MemoryRouter initialEntries={['/lms/login']}>
        <Routes>
          <Route path="/lms/login" element={<LoginPage />} />
          <Route path="/lms" element={<p>Оболочка портала</p>} />
        </Routes>
      </MemoryRouter>
      <Notifications />
    </PortalProviders>,
  );
}

/** Renders the login route and waits for logo.json, so no update lands after a test. */
async function renderLogin() {
  renderLoginRoute();
  await screen.findAllByText('Кыргызский университет');
}

async function signInWith(login: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Логин'), login);
  await user.type(screen.getByLabelText('Пароль'), password);
  await user.click(screen.getByRole('button', { name: 'Войти' }));
  return user;
}

describe('login flow (spec §4)', () => {
  it('checks recovery, then authorizes and goes to /lms when LOG_PAS is 0', async () => {
    await renderLogin();
    await signInWith('student', 'Student1');

    expect(await screen.findByText('Оболочка портала')).toBeInTheDocument();
    expect(api.bodiesOf(RECOVERY)).toEqual([{ oldlog: 'student', oldpas: 'Student1' }]);
    expect(api.bodiesOf(AUTHORIZE)).toEqual([{ login: 'student', password: 'Student1' }]);
    // The recovery check is awaited before the authorization is sent.
    const order = api.requests.map((config) => config.url).filter((url) => url !== '/logo.json');
    expect(order).toEqual([RECOVERY, AUTHORIZE]);
    expect(localStorage.getItem('token')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('shows the change form for LOG_PAS 1, refuses a mismatch, then signs in with the new credentials', async () => {
    api.routes[RECOVERY] = ok({ LOG_PAS: 1 });
    api.routes[UPDATE] = ok([{ sms: 'Логин и пароль успешно изменены' }]);
    await renderLogin();
    const user = await signInWith('newstudent', '12345');

    expect(await screen.findByRole('heading', { name: 'Смена логина и пароля' })).toBeVisible();
    expect(api.bodiesOf(AUTHORIZE)).toEqual([]);

    await user.type(screen.getByLabelText('Новый логин'), 'aigerim');
    await user.type(screen.getByLabelText('Новый пароль'), 'Secret12');
    await user.type(screen.getByLabelText('Подтвердите пароль'), 'Secret13');
    await user.click(screen.getByRole('button', { name: 'Обновить' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Пароли не совпадают');
    expect(api.bodiesOf(UPDATE)).toEqual([]);

    await user.clear(screen.getByLabelText('Подтвердите пароль'));
    await user.type(screen.getByLabelText('Подтвердите пароль'), 'Secret12');
    await user.click(screen.getByRole('button', { name: 'Обновить' }));

    expect(await screen.findByText('Оболочка портала')).toBeInTheDocument();
    expect(api.bodiesOf(UPDATE)).toEqual([
      { oldlog: 'newstudent', oldpas: '12345', newlog: 'aigerim', newpas: 'Secret12' },
    ]);
    expect(api.bodiesOf(AUTHORIZE)).toEqual([{ login: 'aigerim', password: 'Secret12' }]);
    const notifications = screen.getByRole('region', { name: 'Уведомления' });
    expect(within(notifications).getByText('Логин и пароль успешно изменены')).toBeVisible();
  });

  it('a change answered `updated` in English signs in and shows that answer', async () => {
    api.routes[RECOVERY] = ok({ LOG_PAS: 1 });
    api.routes[UPDATE] = ok([{ sms: 'Login and password changed successfully', updated: true }]);
    await renderLogin();
    const user = await signInWith('newstudent', '12345');
    await user.type(await screen.findByLabelText('Новый логин'), 'aigerim');
    await user.type(screen.getByLabelText('Новый пароль'), 'Secret12');
    await user.type(screen.getByLabelText('Подтвердите пароль'), 'Secret12');
    await user.click(screen.getByRole('button', { name: 'Обновить' }));

    expect(await screen.findByText('Оболочка портала')).toBeInTheDocument();
    expect(api.bodiesOf(AUTHORIZE)).toEqual([{ login: 'aigerim', password: 'Secret12' }]);
    const notifications = screen.getByRole('region', { name: 'Уведомления' });
    expect(
      within(notifications).getByText('Login and password changed successfully'),
    ).toBeVisible();
  });

  it("shows the server's message when the update answer lacks 'изменены'", async () => {
    api.routes[RECOVERY] = ok({ LOG_PAS: 1 });
    api.routes[UPDATE] = ok([{ sms: 'Такой логин уже занят' }]);
    await renderLogin();
    const user = await signInWith('newstudent', '12345');
    await user.type(await screen.findByLabelText('Новый логин'), 'student');
    await user.type(screen.getByLabelText('Новый пароль'), 'Secret12');
    await user.type(screen.getByLabelText('Подтвердите пароль'), 'Secret12');
    await user.click(screen.getByRole('button', { name: 'Обновить' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Такой логин уже занят');
    expect(api.bodiesOf(AUTHORIZE)).toEqual([]);
    expect(screen.queryByText('Оболочка портала')).not.toBeInTheDocument();
  });

  it("says 'Введите имя пользователя и пароль' for empty fields without calling the server", async () => {
    await renderLogin();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Войти' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Введите имя пользователя и пароль');
    expect(api.requests.filter((config) => config.url !== '/logo.json')).toEqual([]);
  });

  it("says 'Неверное имя пользователя или пароль' when the server refuses the credentials", async () => {
    api.routes[AUTHORIZE] = refused(401, 'Неверный логин или пароль');
    await renderLogin();
    await signInWith('student', 'wrong-password');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Неверное имя пользователя или пароль',
    );
    expect(screen.getByRole('button', { name: 'Войти' })).toBeVisible();
  });

  it('shows the throttling message of the server (429)', async () => {
    api.routes[RECOVERY] = refused(429, 'Слишком много попыток входа. Повторите через 60 с.');
    await renderLogin();
    await signInWith('student', 'wrong-password');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Слишком много попыток входа. Повторите через 60 с.',
    );
  });

  it('replaces the button with the loading text while a request runs', async () => {
    const recovery = deferred();
    api.routes[RECOVERY] = recovery.reply;
    await renderLogin();
    await signInWith('student', 'Student1');

    expect(screen.getByRole('status')).toHaveTextContent('Загрузка...');
    expect(screen.queryByRole('button', { name: 'Войти' })).not.toBeInTheDocument();
    await act(async () => recovery.release(ok({ LOG_PAS: 0 })));
    expect(await screen.findByText('Оболочка портала')).toBeInTheDocument();
  });

  it('dismisses the message box with a click', async () => {
    await renderLogin();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    await user.click(screen.getByRole('alert'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('login screen', () => {
  it('enforces the 3-character minimum of the password', async () => {
    await renderLogin();
    await signInWith('student', 'ab');
    expect(screen.getByLabelText('Пароль')).toHaveAccessibleDescription(
      'Пароль должен содержать не менее 3 символов',
    );
    expect(api.bodiesOf(RECOVERY)).toEqual([]);
  });

  it('shows and hides the password with a toggle button', async () => {
    await renderLogin();
    const user = userEvent.setup();
    const password = screen.getByLabelText('Пароль');
    const toggle = screen.getByRole('button', { name: 'Показать пароль' });
    expect(password).toHaveAttribute('type', 'password');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');

    await user.click(toggle);
    expect(password).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows the configured logo and name, and the bundled image when the logo fails', async () => {
    await renderLogin();
    const [logo] = await screen.findAllByRole('img', { name: 'Логотип: Кыргызский университет' });
    expect(logo).toHaveAttribute('src', '/lms/public/logo.png');
    expect(logo).toHaveStyle({ width: '40%' });
    expect(screen.getAllByText('Кыргызский университет')[0]).toHaveStyle({ fontSize: '18px' });

    act(() => logo?.dispatchEvent(new Event('error')));
    expect(logo).toHaveAttribute('src', 'test-file-url');
  });

  it('names the university in the interface language when the configuration has the names', async () => {
    api.routes['/logo.json'] = {
      status: 200,
      data: {
        logo: '',
        width: 30,
        name: 'Кыргызский университет',
        names: { kg: 'Кыргыз университети', en: 'Kyrgyz University' },
        fontsize: 16,
      },
    };
    await renderLogin();
    await act(() => i18n.changeLanguage('en'));
    try {
      expect(screen.getAllByText('Kyrgyz University')[0]).toBeInTheDocument();
      expect(screen.queryByText('Кыргызский университет')).not.toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('ru'));
    }
  });

  it('starts from the configuration the server put into the page, without asking logo.json', async () => {
    const meta = document.createElement('meta');
    meta.name = 'lms-logo';
    meta.content = JSON.stringify({
      logo: '',
      width: 35,
      name: 'Ошский университет',
      names: { ru: 'Ошский государственный университет' },
      fontsize: 20,
    });
    document.head.append(meta);
    try {
      render(
        <PortalProviders>
          <MemoryRouter initialEntries={['/lms/login']}>
            <LoginPage />
          </MemoryRouter>
        </PortalProviders>,
      );
      // At the first render already: the prerendered screen it takes over showed the same.
      const [name] = screen.getAllByText('Ошский государственный университет');
      expect(name).toHaveStyle({ fontSize: '20px' });
      expect(screen.getAllByRole('img', { name: /Ошский/ })[0]).toHaveStyle({ width: '35%' });
      await act(() => Promise.resolve());
      expect(api.requests.map((config) => config.url)).not.toContain('/logo.json');
    } finally {
      meta.remove();
    }
  });

  it('titles the page with the auth page name and the portal name', async () => {
    await renderLogin();
    expect(document.title).toBe('Авторизация | портал');
  });
});

/**
 * The screen index.html's boot script shows before the app arrives (tools/webpack/
 * prerender-html.cjs): what was typed on it, whether "sign in" was pressed, and whether a press
 * is still under way (its down seen, not yet its click).
 */
function prerenderedScreen({
  submitted = false,
  pressed = false,
  themePicked = null as 'dark' | 'light' | null,
} = {}) {
  const screenElement = document.createElement('div');
  screenElement.id = 'lms-login-static';
  screenElement.setAttribute('data-lang', 'ru');
  screenElement.innerHTML =
    '<form><input name="login"><input name="password" type="password">' +
    '<button type="submit">Войти</button></form>';
  const input = (name: string) =>
    screenElement.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
  input('login').value = 'student';
  input('password').value = 'Student1';
  const form = screenElement.querySelector('form')!;
  if (submitted) form.setAttribute('data-submitted', '');
  if (pressed) screenElement.setAttribute('data-pressed', '');
  if (themePicked) screenElement.setAttribute('data-theme-picked', themePicked);
  document.body.append(screenElement);
  document.documentElement.setAttribute('data-prerendered', 'login');
  return { screenElement, form };
}

const sentLogins = () => api.requests.filter((config) => config.url !== '/logo.json');

describe('the app takes the prerendered login screen over', () => {
  afterEach(() => {
    lmsStore.set(themeAtom, 'light');
    document.getElementById('lms-login-static')?.remove();
    document.documentElement.removeAttribute('data-prerendered');
  });

  it('at once: what was typed moves into the form, and a held submit is sent', async () => {
    prerenderedScreen({ submitted: true });
    renderLoginRoute();
    expect(document.getElementById('lms-login-static')).toBeNull();
    expect(document.documentElement).not.toHaveAttribute('data-prerendered');
    expect(await screen.findByText('Оболочка портала')).toBeInTheDocument();
    expect(api.bodiesOf(RECOVERY)).toEqual([{ oldlog: 'student', oldpas: 'Student1' }]);
  });

  it('with the theme picked on it: the app shows and remembers it', async () => {
    lmsStore.set(themeAtom, 'light');
    prerenderedScreen({ themePicked: 'dark' });
    renderLoginRoute();
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(await screen.findByRole('switch', { name: 'Тёмная тема' })).toBeChecked();
  });

  it('after a press under way is released, so its click is not lost', async () => {
    const { screenElement, form } = prerenderedScreen({ pressed: true });
    renderLoginRoute();
    // The press's down was on the static button: the screen stays until its click has come.
    await act(() => Promise.resolve());
    expect(document.getElementById('lms-login-static')).toBe(screenElement);
    expect(sentLogins()).toEqual([]);

    // The click, then the release (the boot script's order).
    form.setAttribute('data-submitted', '');
    act(() => screenElement.removeAttribute('data-pressed'));
    await waitFor(() => expect(document.getElementById('lms-login-static')).toBeNull());
    expect(await screen.findByText('Оболочка портала')).toBeInTheDocument();
    expect(api.bodiesOf(AUTHORIZE)).toEqual([{ login: 'student', password: 'Student1' }]);
  });

  it('a press held on and on is not waited for', async () => {
    const { screenElement } = prerenderedScreen({ pressed: true });
    renderLoginRoute();
    expect(document.getElementById('lms-login-static')).toBe(screenElement);
    await waitFor(() => expect(document.getElementById('lms-login-static')).toBeNull(), {
      timeout: PRESS_WAIT_MS + 1000,
    });
    // Nothing was submitted: the typed values wait in the app's form.
    expect(screen.getByLabelText('Логин')).toHaveValue('student');
    expect(sentLogins()).toEqual([]);
  });
});
