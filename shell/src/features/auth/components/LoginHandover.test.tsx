import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { lmsStore, PortalProviders, themeAtom } from '@lms/shared';
import { setUpI18n, signOut, student } from '../../../test/environment';
import { ok, stubApi, type StubbedApi } from '../../../test/network';
import { PRESS_WAIT_MS } from '../prerendered';
import { LoginPage } from './LoginPage';

const RECOVERY = '/api/auth/recovery.json';
const AUTHORIZE = '/api/auth/orize.json';

let api: StubbedApi;

beforeAll(setUpI18n);

beforeEach(() => {
  localStorage.clear();
  signOut('anonymous');
  api = stubApi({
    '/logo.json': { status: 200, data: { logo: '', width: 40, name: 'Университет', fontsize: 18 } },
    [RECOVERY]: ok({ LOG_PAS: 0 }),
    [AUTHORIZE]: ok({ user: student, token: true }),
  });
});

afterEach(() => {
  api.restore();
  lmsStore.set(themeAtom, 'light');
  document.getElementById('lms-login-static')?.remove();
  document.documentElement.removeAttribute('data-prerendered');
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

function renderLogin() {
  render(
    <PortalProviders>
      <MemoryRouter initialEntries={['/lms/login']}>
        <Routes>
          <Route path="/lms/login" element={<LoginPage />} />
          <Route path="/lms" element={<p>Оболочка портала</p>} />
        </Routes>
      </MemoryRouter>
    </PortalProviders>,
  );
}

const sentLogins = () => api.requests.filter((config) => config.url !== '/logo.json');

describe('the app takes the prerendered login screen over', () => {
  it('at once: what was typed moves into the form, and a held submit is sent', async () => {
    prerenderedScreen({ submitted: true });
    renderLogin();
    expect(document.getElementById('lms-login-static')).toBeNull();
    expect(document.documentElement).not.toHaveAttribute('data-prerendered');
    expect(await screen.findByText('Оболочка портала')).toBeInTheDocument();
    expect(api.bodiesOf(RECOVERY)).toEqual([{ oldlog: 'student', oldpas: 'Student1' }]);
  });

  it('with the theme picked on it: the app shows and remembers it', async () => {
    lmsStore.set(themeAtom, 'light');
    prerenderedScreen({ themePicked: 'dark' });
    renderLogin();
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(await screen.findByRole('switch', { name: 'Тёмная тема' })).toBeChecked();
  });

  it('after a press under way is released, so its click is not lost', async () => {
    const { screenElement, form } = prerenderedScreen({ pressed: true });
    renderLogin();
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
    renderLogin();
    expect(document.getElementById('lms-login-static')).toBe(screenElement);
    await waitFor(() => expect(document.getElementById('lms-login-static')).toBeNull(), {
      timeout: PRESS_WAIT_MS + 1000,
    });
    // Nothing was submitted: the typed values wait in the app's form.
    expect(screen.getByLabelText('Логин')).toHaveValue('student');
    expect(sentLogins()).toEqual([]);
  });
});
