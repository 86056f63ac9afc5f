import { useEffect, type ComponentType } from 'react';
import { lmsStore } from '@lms/shared';
import { whenIdle } from '../lib/whenIdle';
import { isAreaPath, isSignedInPath } from './areaPath';
import { hasNoSession } from './useSessionOnLoad';
import {
  loadRemoteComponent,
  moduleOfPath,
  moduleWithPane,
  remoteRegistryAtom,
  usePortalModules,
  type RegistryState,
} from '../features/remotes';

/**
 * The authenticated shell's chunk (AppRoutes loads it lazily; this fetches it ahead). Named: a
 * signed-in user's page names its files in its head (the build's start-files.json, read by the
 * API's route-preload.ts).
 */
export const loadShellLayout = () =>
  import(/* webpackChunkName: "signed-in" */ './ShellLayout').then((module) => {
    shellLayout = { default: module.ShellLayout };
    return shellLayout;
  });

let shellLayout: { default: ComponentType<object> } | undefined;

/** The authenticated shell's layout if its chunk has loaded (a prefetch loads it early). */
export const loadedShellLayout = () => shellLayout;

function registryLoaded(): Promise<RegistryState> {
  return new Promise((resolve) => {
    const settled = () => lmsStore.get(remoteRegistryAtom).status !== 'loading';
    if (settled()) {
      resolve(lmsStore.get(remoteRegistryAtom));
      return;
    }
    const unsubscribe = lmsStore.sub(remoteRegistryAtom, () => {
      if (!settled()) return;
      unsubscribe();
      resolve(lmsStore.get(remoteRegistryAtom));
    });
  });
}

/**
 * What shows somebody is at the page: a key, a press, a touch or a mouse wheel. Not a focus or a
 * scroll: the page sets those itself too (a `scroll` event does not tell who scrolled).
 */
const VISITOR_ACTS = ['keydown', 'pointerdown', 'touchstart', 'wheel'] as const;

/**
 * Calls `then` at the visitor's first key, press, touch or wheel on the page. Returns what cancels
 * it. A page's own start (the login screen, the app taking it over, the home page's feed) has the
 * phone's processor to itself: the next pages' code runs only once somebody is there to use them.
 */
export function whenVisitorActs(then: () => void): () => void {
  const act = () => {
    cancel();
    then();
  };
  const cancel = () => {
    for (const type of VISITOR_ACTS) document.removeEventListener(type, act, true);
  };
  for (const type of VISITOR_ACTS) {
    document.addEventListener(type, act, { capture: true, passive: true });
  }
  return cancel;
}

/**
 * While the visitor types on the login page (from their first key, press or tap): the shell's
 * chunk and the home page's remote module (its remote entry and code), so signing in only waits
 * for the server. A failure here is silent: the pages load them again and show their own
 * fallbacks.
 */
export function prefetchHome(): void {
  loadShellLayout().catch(() => undefined);
  void registryLoaded().then((state) => {
    if (state.status !== 'ready') return;
    const home = moduleWithPane(state.registry.modules, 'home');
    if (home) loadRemoteComponent(home.module.remote, home.exposed).catch(() => undefined);
  });
}

/**
 * A deep link (or a reload) of an area: its remote module (manifest, entry, first chunks) and
 * the shell's layout (on every signed-in page) load beside the session check, not one after the
 * other once the page has rendered down to the area's pane. The area's own first data request then starts as soon as
 * its code runs. Silent on failure, as `prefetchHome`.
 */
export function prefetchRoute(pathname: string): void {
  // Any signed-in page: the layout's chunk (the page's head asks for its file) is evaluated as
  // it comes, so the page is drawn at once when the session is known.
  if (isSignedInPath(pathname) && !hasNoSession()) loadShellLayout().catch(() => undefined);
  if (!isAreaPath(pathname)) return;
  void registryLoaded().then((state) => {
    if (state.status !== 'ready') return;
    const module = moduleOfPath(state.registry.modules, pathname);
    if (!module) return;
    // The module's page and the side lists it gives (a phone's first screen of its page).
    const panes = [module.panes?.disciplines, module.panes?.contacts];
    for (const exposed of [module.module, ...panes]) {
      if (exposed) loadRemoteComponent(module.remote, exposed).catch(() => undefined);
    }
  });
}

/**
 * A tap (or click) on a link to an area starts loading that area's module (its manifest, entry
 * and first chunks, as `prefetchRoute`) in the tap's own task. The route's render, which asks for
 * it otherwise, comes a few hundred milliseconds later on a phone: the shell first renders down to
 * the area's pane. Not a link opened elsewhere (a new tab or window, a download) or to this page.
 */
export function useAreaOnTap(): void {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
        return;
      }
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return;
      if (link.target && link.target !== '_self') return;
      const url = new URL(link.href);
      if (url.origin !== window.location.origin || url.pathname === window.location.pathname) {
        return;
      }
      prefetchRoute(url.pathname);
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, []);
}

/** The first prefetch waits this long after the shell is shown: the page's own loads go first. */
export const AREA_PREFETCH_DELAY_MS = 1500;
/** …and for the network to have been quiet this long (no request of the page ending). */
export const QUIET_NETWORK_MS = 500;

/**
 * Calls `then` once `delay` has passed and no request of the page has ended for
 * QUIET_NETWORK_MS (the home page's code and data are in). Returns what cancels it.
 */
function afterPageLoads(delay: number, then: () => void): () => void {
  let timer = window.setTimeout(ready, delay);
  let waited = false;
  function ready() {
    waited = true;
    timer = window.setTimeout(go, QUIET_NETWORK_MS);
  }
  function go() {
    observer?.disconnect();
    then();
  }
  const observer =
    typeof PerformanceObserver === 'function'
      ? new PerformanceObserver(() => {
          if (!waited) return;
          window.clearTimeout(timer);
          timer = window.setTimeout(go, QUIET_NETWORK_MS);
        })
      : undefined;
  try {
    observer?.observe({ type: 'resource' });
  } catch {
    // No resource timing: the delay alone.
  }
  return () => {
    observer?.disconnect();
    window.clearTimeout(timer);
  };
}

/** A browser that asks to save data (a phone on a metered plan) gets nothing ahead of time. */
function savesData(): boolean {
  return (navigator as { connection?: { saveData?: boolean } }).connection?.saveData === true;
}

/** Remote modules fetched ahead once in this page (a failure is left to the area's own load). */
const prefetched = new Set<string>();

/**
 * After sign-in the user reads the home page for a while: that idle time fetches the code of
 * every area with a tile their role opens (its manifest, remote entry and first chunks, run
 * as the area's pane would), one area per idle moment, so a tap on a tile waits only for the
 * area's data. Nothing starts before the shell has been on screen for a moment and the page's
 * own requests have ended and the user has done something on it (a touch, a wheel, a key), and
 * nothing when the browser asks to save data.
 */
export function usePrefetchAreas(): void {
  const { modules, status } = usePortalModules();
  // The remote modules behind the tiles, as one value (a render makes a new list of modules).
  const wanted = [
    ...new Set(
      modules.filter((module) => module.tile).map((module) => `${module.remote} ${module.module}`),
    ),
  ].join('\n');
  useEffect(() => {
    if (status !== 'ready' || !wanted || savesData()) return undefined;
    const queue = wanted.split('\n').filter((id) => !prefetched.has(id));
    let cancel = () => {};
    let stopped = false;
    const next = (): void => {
      const id = queue.shift();
      if (stopped || !id) return;
      cancel = whenIdle(() => {
        if (prefetched.has(id)) return next();
        prefetched.add(id);
        const [remote = '', module = ''] = id.split(' ');
        loadRemoteComponent(remote, module)
          .catch(() => undefined)
          .finally(next);
      }, 5000);
    };
    let cancelWait = () => {};
    const cancelAct = whenVisitorActs(() => {
      cancelWait = afterPageLoads(AREA_PREFETCH_DELAY_MS, next);
    });
    return () => {
      stopped = true;
      cancelAct();
      cancelWait();
      cancel();
    };
  }, [wanted, status]);
}
