import { atom } from 'jotai';
import { lmsStore, type RemoteRegistry } from '@lms/shared';
import { registerRegistry } from './federation';

export type RegistryState =
  { status: 'loading' } | { status: 'ready'; remotes: RemoteRegistry } | { status: 'failed' };

/** The remote registry of /lms/remotes.json; a remote pane waits for it, nothing else does. */
export const remoteRegistryAtom = atom<RegistryState>({ status: 'loading' });

export const REGISTRY_URL = '/lms/remotes.json';

function isRegistry(value: unknown): value is RemoteRegistry {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((entry) => typeof entry === 'string' && entry !== '')
  );
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
    const body: unknown = await response.json();
    if (!isRegistry(body)) throw new Error(`${REGISTRY_URL}: not a name → manifest URL map`);
    registerRegistry(body);
    state = { status: 'ready', remotes: body };
  } catch (error) {
    console.error('The remote registry could not be loaded', error);
    state = { status: 'failed' };
  }
  lmsStore.set(remoteRegistryAtom, state);
  return state;
}
