import { lmsStore } from '@lms/shared';
import {
  loadRemoteComponent,
  moduleWithPane,
  remoteRegistryAtom,
  type RegistryState,
} from '../features/remotes';

/** The authenticated shell's chunk (AppRoutes loads it lazily; this fetches it ahead). */
export const loadShellLayout = () => import('./ShellLayout');

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
 * While the visitor types on the login page: the shell's chunk and the home page's remote module
 * (its remote entry and code), so signing in only waits for the server. A failure here is
 * silent: the pages load them again and show their own fallbacks.
 */
export function prefetchHome(): void {
  loadShellLayout().catch(() => undefined);
  void registryLoaded().then((state) => {
    if (state.status !== 'ready') return;
    const home = moduleWithPane(state.registry.modules, 'home');
    if (home) loadRemoteComponent(home.module.remote, home.exposed).catch(() => undefined);
  });
}
