import { useLocation } from 'react-router-dom';
import { Loading } from '@lms/shared';
import { moduleOfPath, moduleWithPane, RemoteModule, usePortalModules } from '../features/remotes';
import { useFramePlaceholder } from '../features/frame';
import { NotFound } from './NotFound';

/**
 * Every /lms/<segment> the shell does not serve itself: the registry's module routed there
 * (`/lms/<route>/*`), for the roles it names. The registry is waited for, so a deep link to a
 * module works on a fresh page load; a path no module serves is "not found".
 */
export function ModuleRoute() {
  const { pathname } = useLocation();
  const { status, modules } = usePortalModules();
  // The heading the server wrote the page with stays until the area's own is drawn.
  const placeholder = useFramePlaceholder();
  if (status === 'loading') return placeholder ?? <Loading />;
  const module = moduleOfPath(modules, pathname);
  if (!module) return <NotFound />;
  // A key per module: moving between modules must not carry one module's error state.
  return (
    <RemoteModule
      key={module.key}
      remote={module.remote}
      module={module.module}
      placeholder={placeholder}
    />
  );
}

/**
 * The home page's content: the module that provides it (the news feed), under the heading the
 * server wrote the page with until the feed's own is drawn.
 */
export function HomeContent() {
  const { status, modules } = usePortalModules();
  const placeholder = useFramePlaceholder();
  if (status === 'loading') return placeholder ?? <Loading />;
  const home = moduleWithPane(modules, 'home');
  if (!home) return null;
  return (
    <RemoteModule remote={home.module.remote} module={home.exposed} placeholder={placeholder} />
  );
}
