import { useAtomValue } from 'jotai';
import {
  Suspense,
  useEffect,
  useState,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { Loading, lmsStore } from '@lms/shared';
import {
  IncompatibleRemoteError,
  loadedComponent,
  loadRemoteComponent,
  resetRemote,
} from './federation';
import { loadRemoteRegistry, remoteRegistryAtom } from './registry';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { RemoteUnavailable } from './RemoteUnavailable';
import { lazyLoaded } from '../../lib/lazyLoaded';
import { whenIdle } from '../../lib/whenIdle';

type RemoteComponent = LazyExoticComponent<ComponentType<object>>;

// One lazy component per remote module, so re-renders never restart a load; a retry replaces it.
// A module loaded already (the deep link's prefetch, another pane) renders without suspending.
const lazyModules = new Map<string, RemoteComponent>();

function lazyModule(remote: string, module: string): RemoteComponent {
  const id = `${remote}/${module}`;
  let component = lazyModules.get(id);
  if (!component) {
    component = lazyLoaded(
      () => loadedComponent<object>(remote, module),
      () => loadRemoteComponent<object>(remote, module),
    );
    lazyModules.set(id, component);
  }
  return component;
}

let firstLoad: Promise<void> | undefined;
let firstLoadOver = false;

/**
 * Resolves once the page's first load is over (its files, then a moment the browser has to
 * spare, at most 2 s after): a decoration's remote then does not compete with the page's own
 * files and start-up work on a phone's slow line and processor. Later pages do not wait.
 */
function afterFirstLoad(): Promise<void> {
  firstLoad ??= new Promise<void>((done) => {
    const resolve = () => {
      firstLoadOver = true;
      done();
    };
    const idle = () => void whenIdle(resolve, 2000);
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });
  return firstLoad;
}

/** Whether a quiet module may load now (false until the page's first load is over). */
function useQuietTurn(quiet: boolean): boolean {
  const [turn, setTurn] = useState(() => !quiet || firstLoadOver);
  useEffect(() => {
    if (turn) return undefined;
    let live = true;
    void afterFirstLoad().then(() => {
      if (live) setTurn(true);
    });
    return () => {
      live = false;
    };
  }, [turn]);
  return turn;
}

/** Tries again when the browser is back online: a section that failed without a network. */
function RetryWhenOnline({ onRetry }: { onRetry: () => void }) {
  useEffect(() => {
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [onRetry]);
  return null;
}

interface Props {
  /** Remote name as in /lms/remotes.json, e.g. 'news'. */
  remote: string;
  /** Exposed module, e.g. './App'. */
  module: string;
  /**
   * A small decoration (e.g. an unread badge): shows nothing while loading or when the remote is
   * unavailable, instead of the loading text and the retry box; on the first page, its remote
   * loads after the page's own.
   */
  quiet?: boolean;
  /** Shown instead of "loading" while the module loads (the page's heading: features/frame). */
  placeholder?: ReactNode;
}

/**
 * A remote's exposed component, loaded on first render, inside its own Suspense ('Загрузка...')
 * and error boundary: a remote that is missing, down or throwing shows a fallback with a retry
 * in its pane, and nothing else on the page is affected. A pane that failed while the network
 * was gone tries again by itself once it is back.
 */
export function RemoteModule({ remote, module, quiet = false, placeholder }: Props) {
  const registry = useAtomValue(remoteRegistryAtom, { store: lmsStore });
  const [attempt, setAttempt] = useState(0);
  const turn = useQuietTurn(quiet);

  if (!turn) return null;
  const loading = quiet ? null : (placeholder ?? <Loading />);
  if (registry.status === 'loading') return loading;

  if (registry.status === 'failed' || !(remote in registry.registry.remotes)) {
    const reloadRegistry = () => {
      // Every pane asks when the network is back; the first one loads it for all.
      if (lmsStore.get(remoteRegistryAtom).status === 'loading') return;
      lmsStore.set(remoteRegistryAtom, { status: 'loading' });
      void loadRemoteRegistry();
    };
    return (
      <>
        {registry.status === 'failed' && <RetryWhenOnline onRetry={reloadRegistry} />}
        {!quiet && <RemoteUnavailable onRetry={reloadRegistry} />}
      </>
    );
  }

  const retry = () => {
    lazyModules.delete(`${remote}/${module}`);
    resetRemote(remote);
    setAttempt((n) => n + 1);
  };

  const Component = lazyModule(remote, module);
  return (
    <RemoteErrorBoundary
      key={`${remote}/${module}:${attempt}`}
      scope={remote}
      fallback={(error) => {
        const incompatible = error instanceof IncompatibleRemoteError;
        return (
          <>
            {!incompatible && <RetryWhenOnline onRetry={retry} />}
            {!quiet && <RemoteUnavailable onRetry={retry} incompatible={incompatible} />}
          </>
        );
      }}
    >
      <Suspense fallback={loading}>
        <Component />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
