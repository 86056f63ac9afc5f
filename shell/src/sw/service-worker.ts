/// <reference lib="webworker" />
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import {
  APP_CACHE,
  PERSONAL_CACHE_PREFIX,
  REGISTRY_CACHE,
  FILES_CACHE,
  SHELL_PAGE_KEY,
  remoteAssetUrls,
  withoutFrame,
  type ReleaseCheck,
  type WorkerMessage,
} from './protocol';
import { REGISTRY_SESSION_HEADER } from '@lms/shared';
import type { PushPayload } from '@lms/shared/contract';

declare const self: ServiceWorkerGlobalScope;
/** The shell's emitted files of this build (shell/webpack.config.js lists them). */
declare const __LMS_SHELL_ASSETS__: string[];

/**
 * The portal's service worker, scoped to /lms/. It keeps what the portal needs to start without
 * a network: the shell of this build and each remote's release named by the registry (taken on
 * the first online visit), the page every /lms/* address loads, the registry, configuration and
 * language files, and the files the user opened. The data a user has seen is kept by the kit in
 * IndexedDB (shared/src/data/offline.ts), not here: the API's answers depend on who asks.
 *
 * A new build of this file waits until the page says the user chose to reload (the "new version"
 * prompt), so a running page never gets files of another release.
 */

const SHELL_BASE = '/lms/public/shell/';
const isHashed = (path: string) => /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i.test(path);
const ENTRY_FILES = /\/(remoteEntry\.js|mf-manifest\.json)$/;

/** A registry asked in a session: the user's, kept for offline starts (see the header's note). */
const askedInSession = (response: Response) =>
  response.ok && response.headers.get(REGISTRY_SESSION_HEADER) === '1';

/**
 * A sign-out's count. A write to a personal cache begun in an earlier session is dropped, and a
 * sign-out waits for the writes under way before it deletes the caches: a registry or a file
 * asked just before the sign-out never comes back after it.
 */
let personalEpoch = 0;
const personalWrites = new Set<Promise<unknown>>();

function personalWrite(work: Promise<unknown>): Promise<unknown> {
  personalWrites.add(work);
  void work.catch(() => undefined).finally(() => personalWrites.delete(work));
  return work;
}

const deletePersonalCaches = async () => {
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) => name.startsWith(PERSONAL_CACHE_PREFIX))
      .map((name) => caches.delete(name)),
  );
};

/** How long a sign-out waits for a download under way before it deletes the caches anyway. */
const SIGN_OUT_WAIT_MS = 3000;

async function forgetPersonal(): Promise<void> {
  personalEpoch += 1;
  await Promise.race([
    Promise.allSettled([...personalWrites]),
    new Promise((resolve) => setTimeout(resolve, SIGN_OUT_WAIT_MS)),
  ]);
  await deletePersonalCaches();
}

/**
 * For a route whose cache is personal: its answer is kept only in the session it was asked in,
 * and a sign-out waits for it (a late one deletes what it wrote).
 */
type WorkboxPlugin = NonNullable<
  NonNullable<ConstructorParameters<typeof NetworkFirst>[0]>['plugins']
>[number];

const sessionBound: WorkboxPlugin = {
  handlerWillStart: async ({ state }) => {
    if (!state) return;
    state.epoch = personalEpoch;
    void personalWrite(
      new Promise<void>((resolve) => {
        state.done = resolve;
      }),
    );
  },
  cacheWillUpdate: async ({ response, state }) =>
    state?.epoch === personalEpoch ? response : null,
  cacheDidUpdate: async ({ cacheName, state }) => {
    if (state?.epoch !== personalEpoch) await caches.delete(cacheName);
  },
  handlerDidComplete: async ({ state }) => {
    (state?.done as (() => void) | undefined)?.();
  },
};

async function put(cache: Cache, url: string): Promise<void> {
  const response = await fetch(url, { credentials: 'same-origin', cache: 'no-cache' });
  if (response.ok) await cache.put(url, response);
}

/** Fetches the registry (as this browser's user gets it) and caches every release it names. */
async function precacheReleases(): Promise<Record<string, string> | null> {
  const epoch = personalEpoch;
  const response = await fetch('/lms/remotes.json', {
    credentials: 'same-origin',
    cache: 'no-store',
  });
  if (!response.ok) return null;
  const registry = (await response.clone().json()) as { remotes?: Record<string, string> };
  const remotes = registry.remotes ?? {};
  const cache = await caches.open(APP_CACHE);
  await Promise.allSettled(
    Object.values(remotes).map(async (manifestUrl) => {
      const manifestResponse = await fetch(manifestUrl, { cache: 'no-cache' });
      if (!manifestResponse.ok) return;
      const manifest: unknown = await manifestResponse.clone().json();
      await cache.put(manifestUrl, manifestResponse);
      const urls = remoteAssetUrls(new URL(manifestUrl, self.location.origin).href, manifest);
      await Promise.allSettled(
        urls.map(async (url) => {
          if (!(await cache.match(url))) await put(cache, url);
        }),
      );
    }),
  );
  if (askedInSession(response) && epoch === personalEpoch) {
    await personalWrite(
      caches.open(REGISTRY_CACHE).then((cache) => cache.put('/lms/remotes.json', response)),
    );
  }
  return remotes;
}

/**
 * Every /lms/* page is the shell's page: the network's when there is one, else the kept copy.
 * The login page is left out of the copy (the server writes the sign-in form into it), and so is
 * a redirected answer (the browser refuses one for another navigation).
 */
const keepsPage = (url: URL, response: Response) =>
  response.ok && !response.redirected && !/^\/lms\/login\/?$/.test(url.pathname);

/** The copy of a page kept for every address (SHELL_PAGE_KEY): without an area page's frame. */
async function keptPage(response: Response): Promise<Response> {
  const headers = new Headers(response.headers);
  // The body is the decoded text now.
  headers.delete('Content-Encoding');
  headers.delete('Content-Length');
  return new Response(withoutFrame(await response.text()), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(APP_CACHE);
      await Promise.allSettled([
        ...__LMS_SHELL_ASSETS__.map((file) => put(cache, `${SHELL_BASE}${file}`)),
        put(cache, '/lms/logo.json'),
        put(cache, '/lms/manifest.webmanifest'),
        (async () => {
          const url = new URL('/lms/', self.location.origin);
          const page = await fetch(url, { credentials: 'same-origin', cache: 'no-cache' });
          if (!keepsPage(url, page)) return;
          // The page's own scripts (written into it after the build) come along.
          const html = await page.clone().text();
          const own = html.match(/\/lms\/public\/shell\/[\w.-]+\.(?:js|css)/g) ?? [];
          await Promise.allSettled([...new Set(own)].map((asset) => put(cache, asset)));
          await cache.put(SHELL_PAGE_KEY, page);
        })(),
        precacheReleases(),
      ]);
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const message = event.data as WorkerMessage | undefined;
  if (message?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (message?.type === 'check-releases') {
    const port = event.ports[0];
    event.waitUntil(
      precacheReleases()
        .then((remotes) => port?.postMessage({ remotes } satisfies ReleaseCheck))
        .catch(() => port?.postMessage({ remotes: null } satisfies ReleaseCheck)),
    );
  }
  if (message?.type === 'forget-personal') {
    const port = event.ports[0];
    event.waitUntil(
      forgetPersonal()
        .catch(() => undefined)
        .then(() => port?.postMessage({ forgotten: true })),
    );
  }
});

registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' &&
    (url.pathname === '/lms' || url.pathname.startsWith('/lms/')) &&
    !/^\/lms\/(api|public|deploy|preview|healthz|readyz)(\/|$)/.test(url.pathname),
  async ({ request, url }) => {
    try {
      const response = await fetch(request);
      if (keepsPage(url, response)) {
        const copy = response.clone();
        void keptPage(copy)
          .then(async (kept) => (await caches.open(APP_CACHE)).put(SHELL_PAGE_KEY, kept))
          .catch(() => undefined);
      }
      return response;
    } catch (error) {
      const kept = await caches.match(SHELL_PAGE_KEY, { cacheName: APP_CACHE });
      if (kept) return kept;
      throw error;
    }
  },
);

// Content-addressed files of the shell and the remotes never change under their name.
registerRoute(
  ({ url }) =>
    /^\/lms\/(public|deploy)\//.test(url.pathname) &&
    isHashed(url.pathname) &&
    !ENTRY_FILES.test(url.pathname),
  new CacheFirst({
    cacheName: APP_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: 600, purgeOnQuotaError: true })],
  }),
);

// Entry points, the logo and language files: fresh when online, the kept copy offline.
// (Not /lms/config.json: it is how the page probes whether the server answers.)
registerRoute(
  ({ url }) =>
    /^\/lms\/(public|deploy)\//.test(url.pathname) ||
    url.pathname === '/lms/logo.json' ||
    url.pathname === '/lms/manifest.webmanifest' ||
    url.pathname.startsWith('/lms/locales/'),
  new NetworkFirst({ cacheName: APP_CACHE, networkTimeoutSeconds: 8 }),
);

// The registry is the user's (a canary release may be assigned per user): cleared at sign-out,
// and one asked without a session (the login page's after a sign-out) is never kept.
registerRoute(
  ({ url }) => url.pathname === '/lms/remotes.json',
  new NetworkFirst({
    cacheName: REGISTRY_CACHE,
    networkTimeoutSeconds: 8,
    plugins: [
      sessionBound,
      { cacheWillUpdate: async ({ response }) => (askedInSession(response) ? response : null) },
    ],
  }),
);

// Files the user opened (library, teaching materials, news attachments): cleared at sign-out.
registerRoute(
  ({ url, request }) =>
    url.pathname.startsWith('/lms/api/') &&
    url.pathname.endsWith('.file') &&
    !request.headers.has('range'),
  new NetworkFirst({
    cacheName: FILES_CACHE,
    plugins: [sessionBound, new ExpirationPlugin({ maxEntries: 60, purgeOnQuotaError: true })],
  }),
);

setCatchHandler(async () => Response.error());

/**
 * Notifications with the page closed: the server's push message (encrypted for this browser,
 * already decrypted here) says what to show and which portal route to open. A payload that is
 * not one of the portal's still shows something: a push that shows nothing makes the browser
 * show its own notice.
 */
self.addEventListener('push', (event: PushEvent) => {
  let payload: Partial<PushPayload> = {};
  try {
    payload = (event.data?.json() ?? {}) as Partial<PushPayload>;
  } catch {
    payload = {};
  }
  const url =
    typeof payload.url === 'string' && payload.url.startsWith('/lms') ? payload.url : '/lms/';
  event.waitUntil(
    self.registration.showNotification(payload.title ?? self.location.host, {
      body: payload.body ?? '',
      tag: payload.tag,
      icon: `${SHELL_BASE}icons/icon-192.png`,
      data: { url },
    }),
  );
});

/** A tap opens the notification's route: in a portal tab already open, else in a new one. */
self.addEventListener('notificationclick', (event: NotificationEvent) => {
  event.notification.close();
  const { url } = (event.notification.data ?? {}) as { url?: string };
  const target = new URL(url ?? '/lms/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).pathname.startsWith('/lms'));
      // navigate() works only on a page this worker controls; another one gets a new window.
      const moved = open ? await open.navigate(target).catch(() => null) : null;
      if (moved) await moved.focus();
      else await self.clients.openWindow(target);
    })(),
  );
});
