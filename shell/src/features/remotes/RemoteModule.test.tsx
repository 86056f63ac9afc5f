import { act, render, screen, within } from '@testing-library/react';
import { settled } from '@lms/shared/testing';
import { userEvent } from '@testing-library/user-event';
import {
  init,
  loadRemote,
  preloadRemote,
  registerRemotes,
} from '@module-federation/enhanced/runtime';
import { setUpI18n } from '../../test/environment';
import { loadRemoteRegistry } from './registry';
import { loadRemoteComponent, manifestOnce } from './federation';
import { RemoteModule } from './RemoteModule';
import { pageReloader } from './stale-chunk';

jest.mock('@module-federation/enhanced/runtime', () => ({
  init: jest.fn(),
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
  preloadRemote: jest.fn(() => Promise.resolve()),
}));

const mockedLoadRemote = jest.mocked(loadRemote);
const mockedPreloadRemote = jest.mocked(preloadRemote);
const fetchMock = jest.fn<Promise<Response>, [RequestInfo | URL, RequestInit?]>();

const REGISTRY = {
  remotes: {
    news: '/lms/public/news/mf-manifest.json',
    chat: '/lms/public/chat/mf-manifest.json',
    journal: '/lms/public/journal/mf-manifest.json',
    finance: 'https://finance.example.edu/mf-manifest.json',
    rooms: '/lms/deploy/rooms/2.0.0/mf-manifest.json',
    library: '/lms/public/library/mf-manifest.json',
  },
  modules: [],
};

const reply = (body: unknown, status = 200) =>
  ({ ok: status === 200, status, json: async () => body }) as Response;

/** Answers of /lms/remotes.json, in order; manifests are answered by URL. */
let registryAnswers: Response[] = [];
const manifests: Record<string, unknown> = {
  'http://localhost/lms/deploy/rooms/2.0.0/mf-manifest.json': {
    shared: [
      { name: 'react', requiredVersion: '19.3.1' },
      { name: '@lms/shared', requiredVersion: '^2.0.0' },
    ],
  },
};

function answerRegistry(body: unknown, status = 200) {
  registryAnswers.push(reply(body, status));
}

const component = (text: string) => ({ default: () => <p>{text}</p> });

/** jsdom has no Response; all the runtime reads of one here is its body as JSON. */
class JsonResponse {
  constructor(private readonly body: string) {}
  json(): Promise<unknown> {
    return Promise.resolve(JSON.parse(this.body));
  }
}

beforeAll(async () => {
  (globalThis as { Response?: unknown }).Response ??= JsonResponse;
  await setUpI18n();
});
beforeEach(async () => {
  sessionStorage.clear();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  mockedLoadRemote.mockReset();
  registryAnswers = [];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) => {
    if (url === '/lms/remotes.json') return registryAnswers.shift() ?? reply({}, 503);
    const manifest = manifests[String(url)];
    return manifest ? reply(manifest) : reply({ shared: [] });
  });
  window.fetch = fetchMock as unknown as typeof fetch;
  answerRegistry(REGISTRY);
  await loadRemoteRegistry();
});
afterEach(() => jest.restoreAllMocks());

describe('remote registry', () => {
  it('reads /lms/remotes.json without the cache and registers absolute manifest URLs', () => {
    expect(fetchMock).toHaveBeenCalledWith('/lms/remotes.json', {
      cache: 'no-store',
      headers: { Accept: 'application/json' },
    });
    expect(init).toHaveBeenCalledWith({ name: 'shell', remotes: [], plugins: [manifestOnce] });
    expect(registerRemotes).toHaveBeenCalledWith([
      { name: 'news', entry: 'http://localhost/lms/public/news/mf-manifest.json' },
      { name: 'chat', entry: 'http://localhost/lms/public/chat/mf-manifest.json' },
      { name: 'journal', entry: 'http://localhost/lms/public/journal/mf-manifest.json' },
      { name: 'finance', entry: 'https://finance.example.edu/mf-manifest.json' },
      { name: 'rooms', entry: 'http://localhost/lms/deploy/rooms/2.0.0/mf-manifest.json' },
      { name: 'library', entry: 'http://localhost/lms/public/library/mf-manifest.json' },
    ]);
  });
});

describe('remote module', () => {
  it('renders the exposed component of a registered remote', async () => {
    mockedLoadRemote.mockResolvedValueOnce(component('Лента новостей'));
    render(<RemoteModule remote="news" module="./Feed" />);
    expect(screen.getByRole('status')).toHaveTextContent('Загрузка...');
    await settled();
    expect(screen.getByText('Лента новостей')).toBeInTheDocument();
    expect(mockedLoadRemote).toHaveBeenCalledWith('news/Feed');
  });

  it('renders a module loaded before (a prefetch, another page) at once, with no loading text between', async () => {
    mockedLoadRemote.mockResolvedValueOnce(component('Последние новости'));
    await loadRemoteComponent('news', './Headlines');
    render(<RemoteModule remote="news" module="./Headlines" />);
    // Drawn in the same render: no fallback shown, so nothing for React to hold the page back for.
    expect(screen.getByText('Последние новости')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(mockedLoadRemote).toHaveBeenCalledTimes(1);
  });

  it('asks for the entry and first chunks at once, and hands the runtime the manifest it read', async () => {
    mockedLoadRemote.mockResolvedValueOnce(component('Последние объявления'));
    render(<RemoteModule remote="finance" module="./Digest" />);
    await settled();
    expect(screen.getByText('Последние объявления')).toBeInTheDocument();
    expect(mockedLoadRemote).toHaveBeenCalledWith('finance/Digest');
    expect(mockedPreloadRemote).toHaveBeenLastCalledWith([
      { nameOrAlias: 'finance', exposes: ['./Digest'], resourceCategory: 'sync' },
    ]);
    expect(mockedPreloadRemote.mock.invocationCallOrder.at(-1)).toBeLessThan(
      mockedLoadRemote.mock.invocationCallOrder.at(-1)!,
    );
    // The runtime's own request for the manifest is answered with the one the shell read for
    // its check: no second round trip; a manifest the shell has not read is the runtime's to get.
    const manifest = 'https://finance.example.edu/mf-manifest.json';
    expect(fetchMock.mock.calls.filter(([url]) => url === manifest)).toHaveLength(1);
    const answer = await manifestOnce.fetch?.(manifest, {});
    expect(await (answer as Response).json()).toEqual({ shared: [] });
    expect(
      await manifestOnce.fetch?.('http://localhost/lms/public/nothing/mf-manifest.json', {}),
    ).toBeUndefined();
  });

  it('leaves a remote whose files the page preloads to those preloads', async () => {
    // A deep link's head names its area's files by path (api/src/areas/portal/route-preload.ts).
    const hint = document.createElement('link');
    hint.rel = 'preload';
    hint.as = 'script';
    hint.href = '/lms/public/library/remoteEntry.js';
    document.head.append(hint);
    mockedPreloadRemote.mockClear();
    mockedLoadRemote.mockResolvedValueOnce(component('Электронная библиотека'));
    render(<RemoteModule remote="library" module="./Library" />);
    await settled();
    expect(screen.getByText('Электронная библиотека')).toBeInTheDocument();
    expect(mockedLoadRemote).toHaveBeenCalledWith('library/Library');
    expect(mockedPreloadRemote).not.toHaveBeenCalled();
    hint.remove();
  });

  it('loads a quiet decoration only after the page has loaded and had a moment to spare', async () => {
    jest.useFakeTimers();
    try {
      mockedLoadRemote.mockResolvedValue(component('7 unread'));
      render(<RemoteModule remote="chat" module="./UnreadBadge" quiet />);
      await act(async () => undefined);
      expect(mockedLoadRemote).not.toHaveBeenCalled();
      await act(async () => {
        await jest.advanceTimersByTimeAsync(250);
      });
      expect(mockedLoadRemote).toHaveBeenCalledWith('chat/UnreadBadge');
      expect(screen.getByText('7 unread')).toBeInTheDocument();
      // The page's next decorations do not wait again: no time passes before they load.
      render(<RemoteModule remote="news" module="./Badge" quiet />);
      for (let turn = 0; turn < 5; turn += 1) await act(async () => undefined);
      expect(mockedLoadRemote).toHaveBeenCalledTimes(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows a fallback for a failing remote, keeps the others, and retries on demand', async () => {
    mockedLoadRemote.mockImplementation(async (id) => {
      if (id === 'chat/ContactList') return component('Контакты');
      throw new Error('[ Federation Runtime ]: RUNTIME-003 Failed to get manifest.');
    });
    render(
      <>
        <RemoteModule remote="journal" module="./App" />
        <RemoteModule remote="chat" module="./ContactList" />
      </>,
    );

    await settled();
    expect(screen.getByRole('alert')).toHaveTextContent('Раздел временно недоступен');
    expect(screen.getByText('Контакты')).toBeInTheDocument();

    mockedLoadRemote.mockResolvedValueOnce(component('Журнал посещений'));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Повторить' }));

    await settled();
    expect(screen.getByText('Журнал посещений')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // The failed remote is registered again, so its manifest is fetched afresh.
    expect(registerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'journal', entry: 'http://localhost/lms/public/journal/mf-manifest.json' }],
      { force: true },
    );
  });

  it('never runs a remote built for shared packages the shell does not have', async () => {
    mockedLoadRemote.mockResolvedValue(component('Аудитории'));
    render(
      <>
        <RemoteModule remote="rooms" module="./App" />
        <RemoteModule remote="news" module="./App" />
      </>,
    );
    await settled();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Эта версия раздела несовместима с текущей версией портала');
    expect(within(alert).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('Аудитории')).toBeInTheDocument();
    // The other remote renders; the incompatible one's code is never loaded.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(mockedLoadRemote).toHaveBeenCalledTimes(1);
    expect(mockedLoadRemote).toHaveBeenCalledWith('news/App');
  });

  it('shows the fallback for a remote missing from the registry without loading it', async () => {
    render(<RemoteModule remote="registration" module="./App" />);
    await settled();
    expect(screen.getByRole('alert')).toHaveTextContent('Раздел временно недоступен');
    expect(mockedLoadRemote).not.toHaveBeenCalled();
  });

  it('shows the fallback when the registry cannot be read, and reads it again on retry', async () => {
    answerRegistry({}, 503);
    await act(() => loadRemoteRegistry());
    render(<RemoteModule remote="finance" module="./App" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Раздел временно недоступен');

    answerRegistry(REGISTRY);
    mockedLoadRemote.mockResolvedValueOnce(component('Транскрипт'));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Повторить' }));
    await settled();
    expect(screen.getByText('Транскрипт')).toBeInTheDocument();
  });

  it('reloads the page once for a stale chunk, then shows the fallback', async () => {
    const reload = jest.spyOn(pageReloader, 'reload').mockImplementation(() => undefined);
    const stale = Object.assign(new Error('Loading chunk 377 failed.'), { name: 'ChunkLoadError' });
    mockedLoadRemote.mockRejectedValue(stale);

    const first = render(<RemoteModule remote="finance" module="./Transcript" />);
    await settled();
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await settled();
    expect(reload).toHaveBeenCalledTimes(1);
    first.unmount();

    // The "reloaded" page meets the same missing chunk: no second reload, the fallback stays.
    render(<RemoteModule remote="finance" module="./Transcript" />);
    await settled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Повторить' }));
    await settled();
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a chunk lost with the network keeps the portal, shows the fallback and loads once back online', async () => {
    const onLine = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const reload = jest.spyOn(pageReloader, 'reload').mockImplementation(() => undefined);
    const lost = Object.assign(new Error('Loading chunk 377 failed.'), { name: 'ChunkLoadError' });
    mockedLoadRemote.mockRejectedValueOnce(lost);

    render(<RemoteModule remote="finance" module="./Payment" />);
    await settled();
    expect(screen.getByRole('alert')).toBeInTheDocument();

    onLine.mockReturnValue(true);
    mockedLoadRemote.mockResolvedValueOnce(component('Оплата'));
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await settled();
    expect(screen.getByText('Оплата')).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });
});
