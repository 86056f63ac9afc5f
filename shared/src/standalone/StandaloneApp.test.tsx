// Typings of the DOM matchers (the jest setup file registers them at run time).
import { AUTH_API } from '../contract/endpoints/index.js';
import '@testing-library/jest-dom';
import { act, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { http } from '../http/client.js';
import { i18n } from '../i18n/i18n.js';
import { lmsStore } from '../store.js';
import { sessionStatusAtom, userAtom } from '../session/atoms.js';
import {
  envelope,
  failed,
  stubNetwork,
  type Reply,
  type StubbedNetwork,
} from '../testing/axiosAdapter.js';
import { confirm } from '../ui/confirm.js';
import { dismissNotification, notify } from '../ui/notification-store.js';
import { mountStandalone, StandaloneApp } from './StandaloneApp.js';

const student = {
  id: 12,
  uid: 40,
  role: 2,
  fullName: 'Асанова Айгерим Бакытовна',
  newsPerms: false,
};

let network: StubbedNetwork;
/** The API as this test's server: path → reply. */
let routes: Record<string, Reply>;

const called = (path: string) => network.requests.filter((config) => config.url === path);
const bodyOf = (config: InternalAxiosRequestConfig) => JSON.parse(String(config.data)) as unknown;

beforeEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute('data-theme');
  lmsStore.set(userAtom, null);
  lmsStore.set(sessionStatusAtom, 'unknown');
  // The page lives under /lms, where the API's cookies are visible (it reloads itself there).
  window.history.replaceState(null, '', '/lms');
  routes = {
    [AUTH_API.authenticate.path]: { status: 401, data: failed('Нет сессии') },
    [AUTH_API.recovery.path]: { status: 200, data: envelope({ LOG_PAS: 0 }) },
    [AUTH_API.authorize.path]: { status: 200, data: envelope({ user: student, token: true }) },
    [AUTH_API.logout.path]: { status: 200, data: envelope({ logout: true }) },
  };
  network = stubNetwork(
    http,
    (config) => routes[config.url ?? ''] ?? { status: 404, data: failed('Не найдено') },
  );
});

afterEach(async () => {
  network.restore();
  await act(() => i18n.changeLanguage('ru'));
});

function renderStandalone() {
  return render(
    <StandaloneApp
      remote="library"
      areas={[
        { path: '/lms/umk', labelKey: 'umk' },
        { path: '/lms/library', labelKey: 'library' },
      ]}
    >
      <p>содержимое модуля</p>
    </StandaloneApp>,
  );
}

async function signIn(login: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Логин'), login);
  await user.type(screen.getByLabelText('Пароль'), password);
  await user.click(screen.getByRole('button', { name: 'Войти' }));
  return user;
}

describe('StandaloneApp', () => {
  it('asks anonymous users to sign in, then shows the remote under a slim header', async () => {
    renderStandalone();
    expect(await screen.findByRole('heading', { name: 'Вход в модуль «library»' })).toBeVisible();
    expect(screen.queryByText('содержимое модуля')).not.toBeInTheDocument();

    const user = await signIn('student', 'Student1');

    expect(await screen.findByText('содержимое модуля')).toBeVisible();
    expect(screen.getByText(student.fullName)).toBeVisible();
    expect(bodyOf(called(AUTH_API.authorize.path)[0]!)).toEqual({
      login: 'student',
      password: 'Student1',
    });
    // /lms opens the first area the remote serves.
    expect(window.location.pathname).toBe('/lms/umk');
    expect(document.documentElement).toHaveAttribute('data-theme');

    await user.click(screen.getByRole('button', { name: 'Тёмная тема' }));
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
    expect(localStorage.getItem('theme')).toBe('dark');

    await user.click(screen.getByRole('button', { name: 'Eng' }));
    expect(screen.getByRole('button', { name: 'Log out' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Eng' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByLabelText('Login')).toBeVisible();
    expect(called(AUTH_API.logout.path)).toHaveLength(1);
  });

  it('skips the form when the session cookie is still valid', async () => {
    routes[AUTH_API.authenticate.path] = { status: 200, data: envelope({ user: student }) };
    window.history.replaceState(null, '', '/lms/library?x=1');
    renderStandalone();
    expect(await screen.findByText('содержимое модуля')).toBeVisible();
    expect(screen.queryByLabelText('Логин')).not.toBeInTheDocument();
    expect(window.location.pathname + window.location.search).toBe('/lms/library?x=1');
  });

  it('requires both fields', async () => {
    renderStandalone();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Войти' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Введите имя пользователя и пароль');
    expect(called(AUTH_API.recovery.path)).toHaveLength(0);
  });

  it("shows the server's message when the credentials are wrong", async () => {
    routes[AUTH_API.authorize.path] = {
      status: 401,
      data: failed('Неверное имя пользователя или пароль'),
    };
    renderStandalone();
    await signIn('student', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Неверное имя пользователя или пароль',
    );
    expect(screen.getByRole('button', { name: 'Войти' })).toBeEnabled();
  });

  it('sends accounts that must change their credentials to the portal', async () => {
    routes[AUTH_API.recovery.path] = { status: 200, data: envelope({ LOG_PAS: 1 }) };
    renderStandalone();
    await signIn('newstudent', '12345');
    expect(await screen.findByRole('alert')).toHaveTextContent('Сначала войдите через портал');
    expect(bodyOf(called(AUTH_API.recovery.path)[0]!)).toEqual({
      oldlog: 'newstudent',
      oldpas: '12345',
    });
    expect(called(AUTH_API.authorize.path)).toHaveLength(0);
  });

  it('says so when the server cannot be reached', async () => {
    routes[AUTH_API.authenticate.path] = { fail: 'network' };
    renderStandalone();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Нет сети. Проверьте подключение к интернету.',
    );
    expect(screen.getByLabelText('Логин')).toBeVisible();
  });

  it('hosts the confirm dialog and the notifications a remote uses, as the shell does', async () => {
    routes[AUTH_API.authenticate.path] = { status: 200, data: envelope({ user: student }) };
    renderStandalone();
    await screen.findByText('содержимое модуля');

    let answer: Promise<boolean> = Promise.resolve(false);
    let toast = 0;
    act(() => {
      answer = confirm('Удалить сообщение?');
      toast = notify('Сохранено', 'success');
    });
    expect(await screen.findByRole('dialog')).toHaveTextContent('Удалить сообщение?');
    expect(screen.getByText('Сохранено')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Да' }));
    await expect(answer).resolves.toBe(true);
    act(() => dismissNotification(toast));
  });

  it('mounts a remote page into #root', async () => {
    routes[AUTH_API.authenticate.path] = { status: 200, data: envelope({ user: student }) };
    document.body.innerHTML = '<div id="root"></div>';
    act(() => mountStandalone({ remote: 'news', children: <p>страница новостей</p> }));
    expect(await screen.findByText('страница новостей')).toBeInTheDocument();
  });
});
