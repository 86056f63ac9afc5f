import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { MemoryRouter } from 'react-router-dom';
import {
  AUTH_API,
  DISCIPLINE_API,
  lmsStore,
  MISC_API,
  PortalProviders,
  PROFILE_API,
  queryClient,
} from '@lms/shared';
import { forgetFrame } from '../features/frame';
import { activeTabAtom, DEFAULT_TAB } from '../features/layout';
import { serverUnreachableAtom } from '../features/offline';
import { loadRemoteRegistry } from '../features/remotes';
import { mockViewport, setUpI18n, signOut, student, teacher } from '../test/environment';
import {
  deferred,
  ok,
  refused,
  settled,
  stubApi,
  type Reply,
  type StubbedApi,
} from '../test/network';
import { REGISTRY } from '../test/registry';
import { AppFrame } from './App';
import { loadShellLayout } from './prefetchHome';
import { isAreaPath, isSignedInPath } from './areaPath';

jest.mock('@module-federation/enhanced/runtime', () => ({
  init: jest.fn(),
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
  preloadRemote: jest.fn(() => Promise.resolve()),
}));

const AUTHENTICATE = AUTH_API.authenticate.path;
let api: StubbedApi;
let online = true;

beforeAll(async () => {
  await setUpI18n();
  // The login page and the shell are chunks of their own (React.lazy): compiled here once, so
  // a test's wait is for the page's own work, never for the first compile of a module graph.
  await Promise.all([import('../features/auth'), loadShellLayout()]);
});

/** The registry the page loads (/lms/remotes.json), as the shell's registry loader reads it. */
async function serveRegistry(registry: typeof REGISTRY): Promise<void> {
  window.fetch = jest.fn(async () => ({
    ok: true,
    status: 200,
    json: async () => registry,
  })) as unknown as typeof fetch;
  await loadRemoteRegistry();
}

beforeEach(async () => {
  localStorage.clear();
  localStorage.setItem('lang', 'ru');
  // A browser that has signed in before: the page asks the server for its session.
  localStorage.setItem('token', 'abc');
  signOut('unknown');
  lmsStore.set(serverUnreachableAtom, false);
  lmsStore.set(activeTabAtom, DEFAULT_TAB);
  online = true;
  jest.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => online);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  mockViewport(1280);

  // Only the news remote is deployed: every other remote must fail in its own pane.
  jest.mocked(loadRemote).mockImplementation(async (id) => {
    if (id === 'news/Feed') return { default: () => <p>Лента новостей</p> };
    throw new Error('[ Federation Runtime ]: RUNTIME-003 Failed to get manifest.');
  });
  await serveRegistry(REGISTRY);

  api = stubApi({
    [AUTHENTICATE]: refused(401, 'Нет активной сессии'),
    '/logo.json': { status: 200, data: { logo: '', width: 30, name: 'Университет', fontsize: 16 } },
    '/config.json': {
      status: 200,
      data: {
        name: { kg: 'Окуу порталы', ru: 'Учебный портал', en: 'Learning portal' },
        version: '0.1.0',
        uploadLimitBytes: 10485760,
        api: { base: '/lms/api', version: 1 },
      },
    },
    [MISC_API.settings.path]: ok({
      role: 2,
      areas: ['news', 'chat', 'umk', 'library', 'journal', 'registration', 'transcript'],
      defaults: { id_a_year: 24, yearName: '2024-25', ws: 1, tab: 3, language: 'ru' },
    }),
    [MISC_API.photo.path]: ok({ photo: 'iVBORw0KGgo=', mime: 'image/png' }),
    [MISC_API.defaultYear.path]: ok({ id_a_year: 24, name: '2024-25' }),
    [MISC_API.position.path]: ok({ position: 'Доцент', department: 'Кафедра информатики' }),
    [PROFILE_API.data.path]: ok({
      uid: student.uid,
      id: student.id,
      role: 2,
      fullName: student.fullName,
      gender: 'female',
      birthDate: '2004-05-17',
      nationality: 'кыргыз',
      citizenship: 'Кыргызская Республика',
      inn: '20517200450012',
      phone: '+996 555 123 456',
      education: 'Среднее общее',
      group: 'ПИ-1-22',
      speciality: 'Прикладная информатика',
      faculty: 'Факультет информационных технологий',
      position: null,
      department: null,
    }),
    [AUTH_API.logout.path]: ok({ logout: true }),
  });
});

afterEach(() => {
  api.restore();
  jest.restoreAllMocks();
});

function renderAt(path: string) {
  return render(
    <PortalProviders>
      <MemoryRouter initialEntries={[path]}>
        <AppFrame />
      </MemoryRouter>
    </PortalProviders>,
  );
}

describe('routes and session', () => {
  it('sends / to the login page when online and nobody is signed in', async () => {
    renderAt('/');
    await settled();
    expect(screen.getByRole('heading', { name: 'Вход в портал' })).toBeInTheDocument();
    expect(api.bodiesOf(AUTHENTICATE)).toHaveLength(1);
  });

  it('asks nothing of the server in a browser that never signed in (no token flag)', async () => {
    localStorage.removeItem('token');
    renderAt('/lms');
    await settled();
    expect(screen.getByRole('heading', { name: 'Вход в портал' })).toBeInTheDocument();
    expect(api.bodiesOf(AUTHENTICATE)).toHaveLength(0);
  });

  it('sends / to the offline screen when the browser is offline', async () => {
    online = false;
    renderAt('/');
    await settled();
    expect(screen.getByRole('heading', { name: 'Нет связи с сервером' })).toBeVisible();
    expect(screen.getByText('Вы не в сети. Подключитесь к интернету.')).toBeVisible();
    expect(screen.getByText('Нет сети !!!')).toBeVisible();
  });

  it('shows the loading text while the session is unknown, then the login page', async () => {
    renderAt('/lms/news');
    expect(screen.getByRole('status')).toHaveTextContent('Загрузка...');
    await settled();
    expect(screen.getByRole('heading', { name: 'Вход в портал' })).toBeInTheDocument();
  });

  it('goes to the offline screen when the server cannot be reached', async () => {
    api.routes[AUTHENTICATE] = { fail: 'network' };
    renderAt('/lms');
    await settled();
    expect(screen.getByRole('heading', { name: 'Нет связи с сервером' })).toBeVisible();
  });

  it("opens the student's shell: grid, profile menu and remotes, one missing remote contained", async () => {
    api.routes[AUTHENTICATE] = ok({ user: student });
    renderAt('/lms');

    await settled();
    expect(screen.getByText('Лента новостей')).toBeInTheDocument();
    expect(document.title).toBe('Главная страница | портал');
    const profile = screen.getByRole('region', { name: 'Профиль' });
    expect(within(profile).getByText('Асанова А. Б.')).toBeInTheDocument();
    expect(within(profile).getByText('ПИ-1-22')).toBeInTheDocument();
    expect(within(profile).getByText('Учебный год: 2024-25')).toBeInTheDocument();
    expect(within(profile).getByText('Версия test')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Учебный портал/ })).toHaveAttribute('href', '/lms');

    // The chat remote is not deployed: both of its panes say so, the rest works.
    const disciplines = screen.getByRole('region', { name: 'Дисциплины' });
    expect(within(disciplines).getByText('Раздел временно недоступен')).toBeVisible();
    const contacts = screen.getByRole('region', { name: 'Контакты' });
    expect(within(contacts).getByText('Раздел временно недоступен')).toBeVisible();

    expect(api.bodiesOf(MISC_API.photo)).toEqual([{ uid: student.uid, role: 2 }]);
    expect(api.bodiesOf(MISC_API.settings)).toEqual([{ role: 2 }]);
    expect(api.bodiesOf(MISC_API.position)).toEqual([]);
    // The home page starts from no semester: it is not asked for.
    expect(api.bodiesOf(DISCIPLINE_API.currentWs)).toEqual([]);
    expect(api.bodiesOf(DISCIPLINE_API.currentYear)).toEqual([]);
  });

  it("takes an area's page for one, not the home page, the applications, the login or the offline screen", () => {
    expect(
      ['/lms/chat', '/lms/journal/', '/lms/umk/12', '/lms/appsettings'].map(isAreaPath),
    ).toEqual([true, true, true, true]);
    expect(['/lms', '/lms/', '/lms/apps', '/lms/login', '/lms/offline/'].map(isAreaPath)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('takes the home page, the applications and an area for the signed-in portal, not the login or the offline screen', () => {
    expect(['/lms', '/lms/', '/lms/apps', '/lms/chat', '/lms/profile'].map(isSignedInPath)).toEqual(
      [true, true, true, true, true],
    );
    expect(['/lms/login', '/lms/offline/', '/lmsx', '/'].map(isSignedInPath)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it("asks for the current semester with the session's answer on an area's page opened by its address", async () => {
    const session = deferred();
    api.routes[AUTHENTICATE] = session.reply;
    api.routes[DISCIPLINE_API.currentWs.path] = ok({ ws: 1, name: 'Осенний' });
    api.routes[DISCIPLINE_API.currentYear.path] = ok({ id_a_year: 24, name: '2024-25' });
    // The chat's code never comes (its remote is not deployed): only the shell can ask.
    renderAt('/lms/chat');
    await settled();
    expect(api.bodiesOf(DISCIPLINE_API.currentWs)).toHaveLength(0);
    session.release(ok({ user: student }));
    await settled();
    expect(api.bodiesOf(DISCIPLINE_API.currentWs)).toHaveLength(1);
    expect(api.bodiesOf(DISCIPLINE_API.currentYear)).toHaveLength(1);
    expect(queryClient.getQueryData(['portal', 'current', 'year'])).toEqual({
      id_a_year: 24,
      name: '2024-25',
    });
  });

  it("shows a teacher's position, loaded for teachers only", async () => {
    api.routes[AUTHENTICATE] = ok({ user: teacher });
    renderAt('/lms');
    await settled();
    const profile = screen.getByRole('region', { name: 'Профиль' });
    expect(within(profile).getByText('Доцент')).toBeInTheDocument();
    expect(within(profile).getByText('Преподаватель')).toBeInTheDocument();
    expect(api.bodiesOf(MISC_API.position)).toEqual([{ id: teacher.id }]);
    expect(api.bodiesOf(PROFILE_API.data)).toEqual([]);
  });

  it('logs out on the server, clears local storage and goes to the login page', async () => {
    api.routes[AUTHENTICATE] = ok({ user: student });
    localStorage.setItem('token', 'abc');
    localStorage.setItem('schedule', '[]');
    renderAt('/lms');
    const user = userEvent.setup();
    await settled();
    await user.click(screen.getByRole('button', { name: 'Выйти' }));

    await settled();
    expect(screen.getByRole('heading', { name: 'Вход в портал' })).toBeInTheDocument();
    expect(api.bodiesOf(AUTH_API.logout)).toHaveLength(1);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('schedule')).toBeNull();
  });

  it('shows the personal data and the password form on /lms/profile', async () => {
    api.routes[AUTHENTICATE] = ok({ user: student });
    renderAt('/lms/profile');
    await settled();
    const main = screen.getByRole('main');
    expect(within(main).getByText('Прикладная информатика')).toBeInTheDocument();
    expect(within(main).getByText('17.05.2004')).toBeInTheDocument();
    expect(within(main).getByText('Женский')).toBeInTheDocument();
    expect(within(main).getByText('20517200450012')).toBeInTheDocument();
    expect(within(main).getByRole('heading', { name: 'Смена пароля' })).toBeInTheDocument();
    expect(document.title).toBe('Профиль | портал');
  });

  it('holds the personal data rows in place while they load, so the forms below do not move', async () => {
    api.routes[AUTHENTICATE] = ok({ user: student });
    // Not the data an earlier test of this file left in the portal's query cache.
    queryClient.clear();
    const data = api.routes[PROFILE_API.data.path] as Reply;
    const held = deferred();
    api.routes[PROFILE_API.data.path] = held.reply;
    renderAt('/lms/profile');
    await settled();
    const main = screen.getByRole('main');
    const rows = () => main.querySelectorAll('dl > div');
    // The student's eleven rows, the first saying it is loading, the values not there yet.
    expect(rows()).toHaveLength(11);
    expect(within(main).getByRole('status')).toHaveTextContent('Загрузка...');
    expect(within(main).getByText('Специальность')).toBeInTheDocument();
    expect(within(main).queryByText('Прикладная информатика')).not.toBeInTheDocument();
    expect(within(main).getByRole('heading', { name: 'Смена пароля' })).toBeInTheDocument();

    held.release(data);
    await settled();
    expect(rows()).toHaveLength(11);
    expect(within(main).getByText('Прикладная информатика')).toBeInTheDocument();
    expect(within(main).queryByRole('status')).not.toBeInTheDocument();
  });

  it('switches the language from the profile menu', async () => {
    api.routes[AUTHENTICATE] = ok({ user: student });
    renderAt('/lms');
    const user = userEvent.setup();
    await settled();
    await user.click(screen.getByRole('button', { name: 'Кыр' }));
    await settled();
    expect(screen.getByRole('button', { name: 'Чыгуу' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Кыр' })).toHaveAttribute('aria-pressed', 'true');
    expect(document.title).toBe('Башкы бет | портал');
    expect(localStorage.getItem('lang')).toBe('kg');
    await user.click(screen.getByRole('button', { name: 'Рус' }));
  });
});

describe('a page the server wrote with its frame (top bar and heading)', () => {
  /** The frame as the server writes it before the app's root (api/src/areas/portal/page-frame.ts). */
  function writeFrame(
    path: string,
    heading = '<h1>Учебно-методические материалы</h1><p>Материалы дисциплин по семестрам.</p>',
  ) {
    document.documentElement.setAttribute('data-prerendered', 'frame');
    const frame = document.createElement('div');
    frame.id = 'lms-frame';
    frame.setAttribute('aria-hidden', 'true');
    frame.setAttribute('data-path', path);
    frame.setAttribute('data-lang', 'ru');
    frame.innerHTML =
      '<header><span data-frame-name="">Портал университета</span></header>' +
      `<main>${heading}</main>`;
    document.body.prepend(frame);
    return frame;
  }

  let area: { release: () => void };
  beforeEach(() => {
    forgetFrame();
    queryClient.clear();
    // The materials' remote comes when the test lets it.
    let release = () => undefined as void;
    const arrived = new Promise<void>((resolve) => {
      release = resolve;
    });
    area = { release };
    jest.mocked(loadRemote).mockImplementation(async (id) => {
      // (Each a test's own: a remote module once loaded stays loaded.)
      if (id === 'library/App' || id === 'finance/App') {
        await arrived;
        return { default: () => <h1>Материалы: страница ремоута</h1> };
      }
      if (id === 'news/HomeFeed') {
        await arrived;
        return { default: () => <h1>Лента: страница ремоута</h1> };
      }
      throw new Error('[ Federation Runtime ]: RUNTIME-003 Failed to get manifest.');
    });
  });
  afterEach(() => {
    document.getElementById('lms-frame')?.remove();
    document.documentElement.removeAttribute('data-prerendered');
  });

  it('keeps the frame while the session is checked, then the shell shows the same heading until the area has come', async () => {
    api.routes[AUTHENTICATE] = ok({ user: student });
    const config = api.routes['/config.json'] as Reply;
    const heldConfig = deferred();
    api.routes['/config.json'] = heldConfig.reply;
    const held = deferred();
    api.routes[AUTHENTICATE] = held.reply;
    const frame = writeFrame('/lms/umk');
    renderAt('/lms/umk');
    await settled();
    // The session is not known yet: the frame stays, the app's root behind it.
    expect(frame).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('data-prerendered', 'frame');

    held.release(ok({ user: student }));
    await settled();
    // The shell's page in its place: the same heading over "loading" in the content pane, and
    // the portal's name the frame showed until the configuration comes.
    expect(frame).not.toBeInTheDocument();
    expect(document.documentElement).not.toHaveAttribute('data-prerendered');
    const main = screen.getByRole('main');
    expect(
      within(main).getByRole('heading', { level: 1, name: 'Учебно-методические материалы' }),
    ).toBeVisible();
    expect(within(main).getByText('Материалы дисциплин по семестрам.')).toBeVisible();
    expect(within(main).getByRole('status')).toHaveTextContent('Загрузка...');
    expect(screen.getByRole('link', { name: /Портал университета/ })).toBeInTheDocument();

    heldConfig.release(config);
    area.release();
    await settled();
    expect(
      within(main).getByRole('heading', { name: 'Материалы: страница ремоута' }),
    ).toBeVisible();
    expect(within(main).queryByText('Учебно-методические материалы')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Учебный портал/ })).toBeInTheDocument();
  });

  it('drops the frame for the login page when the session has ended', async () => {
    const frame = writeFrame('/lms/umk');
    renderAt('/lms/umk');
    await settled();
    expect(frame).not.toBeInTheDocument();
    expect(document.documentElement).not.toHaveAttribute('data-prerendered');
    expect(screen.getByRole('heading', { name: 'Вход в портал' })).toBeVisible();
  });

  it('drops the frame for the offline screen when the server cannot be reached', async () => {
    api.routes[AUTHENTICATE] = { fail: 'network' };
    const frame = writeFrame('/lms/umk');
    renderAt('/lms/umk');
    await settled();
    expect(frame).not.toBeInTheDocument();
    expect(document.documentElement).not.toHaveAttribute('data-prerendered');
    expect(screen.getByRole('heading', { name: 'Нет связи с сервером' })).toBeVisible();
  });

  it("keeps the home page's heading, which has no description, until the feed has come", async () => {
    api.routes[AUTHENTICATE] = ok({ user: student });
    // A home pane not loaded before in this file (a remote module once loaded stays loaded).
    await serveRegistry({
      ...REGISTRY,
      modules: REGISTRY.modules.map((module) =>
        module.key === 'news' ? { ...module, panes: { home: './HomeFeed' } } : module,
      ),
    });
    const frame = writeFrame('/lms', '<h1>Лента новостей</h1>');
    renderAt('/lms');
    await settled();
    expect(frame).not.toBeInTheDocument();
    const main = screen.getByRole('main');
    const heading = within(main).getByRole('heading', { level: 1, name: 'Лента новостей' });
    expect(heading).toBeVisible();
    // No description line under it, as the feed has none.
    expect(heading.closest('header')?.querySelector('p')).toBeNull();
    expect(within(main).getByRole('status')).toHaveTextContent('Загрузка...');

    area.release();
    await settled();
    expect(within(main).getByRole('heading', { name: 'Лента: страница ремоута' })).toBeVisible();
    expect(within(main).queryByText('Лента новостей')).not.toBeInTheDocument();
  });

  it("shows the plain loading text on a page other than the frame's", async () => {
    api.routes[AUTHENTICATE] = ok({ user: student });
    writeFrame('/lms/umk');
    renderAt('/lms/singlewindow');
    await settled();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('status')).toHaveTextContent('Загрузка...');
    expect(within(main).queryByRole('heading')).not.toBeInTheDocument();
    area.release();
    await settled();
    expect(
      within(main).getByRole('heading', { name: 'Материалы: страница ремоута' }),
    ).toBeVisible();
  });
});
