import { atom } from 'jotai';
import type { Workbox } from 'workbox-window';
import { lmsStore, registerPersonalStore, userAtom } from '@lms/shared';
import { remoteRegistryAtom } from '../remotes';
import type { ReleaseCheck, WorkerMessage } from '../../sw/protocol';

/** The service worker of the shell's build (shell/src/sw) and the part of the site it controls. */
export const SERVICE_WORKER_URL = '/lms/public/shell/sw.js';
export const SERVICE_WORKER_SCOPE = '/lms';

/** True once a new release of the shell or of a remote is cached and a reload would show it. */
export const updateReadyAtom = atom<boolean>(false);

let workbox: Workbox | null = null;
/** A new shell's service worker waits for the user's reload before it takes over. */
let waitingWorker = false;

/**
 * Registers the portal's service worker (production builds, where it is served with its scope
 * header). It keeps the shell and the remotes' releases for offline starts; a new build of it
 * waits, and the "new version" prompt shows.
 */
export function registerServiceWorker(): void {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  // After the page has loaded, and its code only then: the first paint never waits for it.
  const register = async () => {
    const { Workbox } = await import('workbox-window');
    const registering = new Workbox(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE });
    registering.addEventListener('waiting', () => {
      waitingWorker = true;
      lmsStore.set(updateReadyAtom, true);
    });
    workbox = registering;
    await registering.register({ immediate: true });
  };
  const start = () =>
    void register().catch((error: unknown) => {
      console.warn('The service worker could not be registered', error);
    });
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/** The remotes this page runs with, as the registry named them when it started. */
function runningRemotes(): Record<string, string> | null {
  const state = lmsStore.get(remoteRegistryAtom);
  return state.status === 'ready' ? state.registry.remotes : null;
}

const sameRemotes = (a: Record<string, string>, b: Record<string, string>) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
};

/** A check under way, and whether another was asked for meanwhile (it runs right after). */
let checking: Promise<void> | null = null;
let again = false;

async function runCheck(): Promise<void> {
  const running = runningRemotes();
  if (!workbox || !running || !navigator.serviceWorker.controller || !navigator.onLine) return;
  // Releases are looked for in a session: the registry may be the user's (a canary).
  if (!lmsStore.get(userAtom)) return;
  try {
    void workbox.update();
    const answer = (await workbox.messageSW({ type: 'check-releases' })) as
      ReleaseCheck | undefined;
    if (answer?.remotes && !sameRemotes(answer.remotes, running)) {
      lmsStore.set(updateReadyAtom, true);
    }
  } catch {
    // No answer (the worker is being replaced): the next check asks again.
  }
}

/** How long a sign-out waits for a worker's answer (an older worker does not give one). */
const FORGET_WAIT_MS = 4000;

/** Asks a service worker to drop the session's writes and delete the personal caches. */
function forgetIn(worker: ServiceWorker): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(resolve, FORGET_WAIT_MS);
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      resolve();
    };
    const message: WorkerMessage = { type: 'forget-personal' };
    worker.postMessage(message, [channel.port2]);
  });
}

// A sign-out deletes the user's registry copy and opened files after every write under way: a
// check of this page, and whatever the worker is still keeping for the page before (a check it
// began, a file being fetched).
registerPersonalStore(async () => {
  await checking;
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker
    .getRegistration(SERVICE_WORKER_SCOPE)
    .catch(() => undefined);
  const workers = new Set(
    [
      navigator.serviceWorker.controller,
      registration?.active,
      registration?.waiting,
      registration?.installing,
    ].filter((worker): worker is ServiceWorker => Boolean(worker)),
  );
  await Promise.all([...workers].map(forgetIn));
});

/**
 * Asks the service worker to fetch the registry and cache every release it names. When a
 * release differs from the one this page runs, the prompt offers a reload: the page never mixes
 * a new remote with the shell it started with, and the new files are already there (offline too).
 */
export function checkForNewRelease(): Promise<void> {
  if (checking) {
    again = true;
    return checking;
  }
  checking = runCheck().finally(() => {
    checking = null;
    if (again) {
      again = false;
      void checkForNewRelease();
    }
  });
  return checking;
}

/** Reloads into the new release: a waiting service worker takes over first. */
export function reloadIntoNewRelease(): void {
  if (workbox && waitingWorker) {
    workbox.addEventListener('controlling', () => window.location.reload());
    workbox.messageSkipWaiting();
    return;
  }
  window.location.reload();
}
