import { atom } from 'jotai';
import { lmsStore, type PortalModule, type RemoteRegistry } from '@lms/shared';
import { registerRegistry } from './federation';

export type RegistryState =
  { status: 'loading' } | { status: 'ready'; registry: RemoteRegistry } | { status: 'failed' };

/**
 * The registry of /lms/remotes.json: the remotes and the modules they add to the portal (routes,
 * tiles, menu entries, side panes). The panes, routes and tiles that come from it wait for it;
 * login and the shell's own screens do not.
 */
export const remoteRegistryAtom = atom<RegistryState>({ status: 'loading' });

export const REGISTRY_URL = '/lms/remotes.json';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isUrlMap = (value: unknown): value is Record<string, string> =>
  isObject(value) &&
  Object.values(value).every((entry) => typeof entry === 'string' && entry !== '');

/** The server validates each module; the shell only makes sure of the shape it reads. */
function isModule(value: unknown): value is PortalModule {
  if (!isObject(value)) return false;
  const { key, remote, module, routes, labels, roles } = value;
  return (
    typeof key === 'string' &&
    typeof remote === 'string' &&
    typeof module === 'string' &&
    Array.isArray(routes) &&
    routes.every((route) => typeof route === 'string') &&
    isObject(labels) &&
    Array.isArray(roles)
  );
}

/** The served registry; a plain name → manifest map (an older server) has no modules. */
function parse(body: unknown): RemoteRegistry | null {
  if (isObject(body) && isUrlMap(body.remotes) && Array.isArray(body.modules)) {
    const preview = Array.isArray(body.preview)
      ? body.preview.filter((name): name is string => typeof name === 'string')
      : [];
    return {
      remotes: body.remotes,
      modules: body.modules.filter(isModule),
      ...(preview.length > 0 ? { preview } : {}),
    };
  }
  return isUrlMap(body) ? { remotes: body, modules: [] } : null;
}

/**
 * Reads the registry (never from a cache: a deploy or rollback of a remote is a registry change)
 * and registers its remotes. Never rejects: a missing registry only makes the remote panes show
 * their fallback, while login and the grid keep working.
 */
export async function loadRemoteRegistry(): Promise<RegistryState> {
  let state: RegistryState;
  try {
    const response = await fetch(REGISTRY_URL, {
      cache: 'no-store',
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`${REGISTRY_URL}: HTTP ${response.status}`);
    const registry = parse(await response.json());
    if (!registry) throw new Error(`${REGISTRY_URL}: not a registry of remotes and modules`);
    registerRegistry(registry.remotes);
    state = { status: 'ready', registry };
  } catch (error) {
    console.error('The remote registry could not be loaded', error);
    state = { status: 'failed' };
  }
  lmsStore.set(remoteRegistryAtom, state);
  return state;
}
