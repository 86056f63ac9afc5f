import { init, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { RemoteRegistry } from '@lms/shared';

let started = false;
const entries = new Map<string, string>();
// Remotes whose code ran at least once: force-registering them again would tear down shared
// modules they still use, so a retry only re-registers remotes that never loaded.
const loaded = new Set<string>();

/** Absolute manifest URL: the runtime resolves relative entries itself, but only in some paths. */
function absolute(entry: string): string {
  return new URL(entry, window.location.origin).href;
}

/**
 * Starts the federation runtime of the shell and registers the remotes of the registry. Called
 * again with a newer registry, it adds remotes that were not known before.
 */
export function registerRegistry(registry: RemoteRegistry): void {
  if (!started) {
    // The shell's own build already created the instance named 'shell'; init joins it, so the
    // remotes share the shell's react, @lms/shared, ... (without init: RUNTIME-009).
    init({ name: 'shell', remotes: [] });
    started = true;
  }
  const fresh = Object.entries(registry)
    .filter(([name]) => !entries.has(name))
    .map(([name, entry]) => ({ name, entry: absolute(entry) }));
  for (const { name, entry } of fresh) entries.set(name, entry);
  if (fresh.length > 0) registerRemotes(fresh);
}

/** Forgets a failed remote's cached manifest and entry, so the next load fetches them again. */
export function resetRemote(name: string): void {
  const entry = entries.get(name);
  if (!entry || loaded.has(name)) return;
  registerRemotes([{ name, entry }], { force: true });
}

export class RemoteModuleError extends Error {
  constructor(id: string, reason: string) {
    super(`Remote module ${id}: ${reason}`);
    this.name = 'RemoteModuleError';
  }
}

/** `news` + `./App` → the module's default export (a React component). Rejects on any failure. */
export async function loadRemoteComponent<P extends object>(
  remote: string,
  module: string,
): Promise<{ default: ComponentType<P> }> {
  if (!entries.has(remote)) throw new RemoteModuleError(remote, 'not in the registry');
  const id = `${remote}/${module.replace(/^\.\//, '')}`;
  const exports = await loadRemote<{ default?: ComponentType<P> }>(id);
  if (!exports?.default) {
    throw new RemoteModuleError(id, 'no default export');
  }
  loaded.add(remote);
  return { default: exports.default };
}
