import {
  init,
  loadRemote,
  preloadRemote,
  registerRemotes,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import {
  manifestRequirements,
  sharedMismatches,
  type RemoteFailureKind,
  type SharedMismatch,
} from '@lms/shared';
import { reportRemoteFailed, reportRemoteLoaded } from './health';

let started = false;
const entries = new Map<string, string>();
// Remotes whose code ran at least once: force-registering them again would tear down shared
// modules they still use, so a retry only re-registers remotes that never loaded.
const loaded = new Set<string>();
// The components loaded, by `remote/module`: one shown again, or loaded by a prefetch, renders at
// once (lazyLoaded).
const components = new Map<string, { default: ComponentType<never> }>();
// The compatibility check of each manifest URL, made once.
const checks = new Map<string, Promise<SharedMismatch[]>>();
// The manifests the check read, by URL: the runtime takes these instead of asking again (a
// manifest is served `no-cache`, so asking again costs a round trip before the remote's entry).
const manifests = new Map<string, unknown>();

/** Hands the federation runtime the manifest the shell has read already. */
export const manifestOnce: ModuleFederationRuntimePlugin = {
  name: 'lms-manifest-once',
  fetch(url) {
    const manifest = manifests.get(url);
    if (manifest === undefined) return undefined;
    return Promise.resolve(
      new Response(JSON.stringify(manifest), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
  },
};

/** Absolute manifest URL: the runtime resolves relative entries itself, but only in some paths. */
function absolute(entry: string): string {
  return new URL(entry, window.location.origin).href;
}

/**
 * Starts the federation runtime of the shell and registers the remotes of the registry. Called
 * again with a newer registry, it adds remotes that were not known before.
 */
export function registerRegistry(registry: Readonly<Record<string, string>>): void {
  if (!started) {
    // The shell's own build already created the instance named 'shell'; init joins it, so the
    // remotes share the shell's react, @lms/shared, ... (without init: RUNTIME-009).
    init({ name: 'shell', remotes: [], plugins: [manifestOnce] });
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
  checks.delete(entry);
  manifests.delete(entry);
  registerRemotes([{ name, entry }], { force: true });
}

/** What the shell shares with every remote (tools/webpack: the versions it was built with). */
export const SHELL_SHARED: Readonly<Record<string, string>> =
  typeof __LMS_SHARED_VERSIONS__ === 'undefined' ? {} : __LMS_SHARED_VERSIONS__;

/** A remote built for shared packages the shell cannot give it: it is never run. */
export class IncompatibleRemoteError extends Error {
  constructor(
    readonly remote: string,
    readonly mismatches: SharedMismatch[],
  ) {
    super(
      `Remote ${remote} needs ${mismatches
        .map(
          ({ name, required, provided }) =>
            `${name} ${required} (the shell has ${provided ?? 'none'})`,
        )
        .join(', ')}`,
    );
    this.name = 'IncompatibleRemoteError';
  }
}

/**
 * Reads the remote's manifest and compares its shared requirements with the shell's. A manifest
 * that cannot be read is left to the federation runtime, which reports it on its own.
 */
function mismatchesOf(remote: string): Promise<SharedMismatch[]> {
  const entry = entries.get(remote);
  if (!entry || !/\.json(\?|$)/.test(entry)) return Promise.resolve([]);
  let check = checks.get(entry);
  if (!check) {
    check = (async () => {
      try {
        const response = await fetch(entry, {
          credentials: 'same-origin',
          headers: { Accept: 'application/json' },
        });
        const manifest: unknown = response.ok ? await response.json() : null;
        if (manifest !== null) manifests.set(entry, manifest);
        return sharedMismatches(SHELL_SHARED, manifestRequirements(manifest));
      } catch {
        checks.delete(entry);
        return [];
      }
    })();
    checks.set(entry, check);
  }
  return check;
}

/** Whether the page's head preloads files of the remote whose manifest is at this URL. */
function pageHints(manifest: string | undefined): boolean {
  if (!manifest) return false;
  const base = new URL('.', manifest).href;
  return Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')).some(
    (link) => link.href.startsWith(base) && link.href !== manifest,
  );
}

export class RemoteModuleError extends Error {
  constructor(id: string, reason: string) {
    super(`Remote module ${id}: ${reason}`);
    this.name = 'RemoteModuleError';
  }
}

/** The manifest URL a remote was registered with (its release), if it is registered. */
export function remoteManifest(remote: string): string | undefined {
  return entries.get(remote);
}

/** The module's component if it has loaded already (`news` + `./App`), else undefined. */
export function loadedComponent<P extends object>(
  remote: string,
  module: string,
): { default: ComponentType<P> } | undefined {
  return components.get(`${remote}/${module.replace(/^\.\//, '')}`) as
    { default: ComponentType<P> } | undefined;
}

/**
 * `news` + `./App` → the module's default export (a React component). Rejects on any failure.
 * Each load is reported to the portal's remote health (its time, or how it failed).
 */
export async function loadRemoteComponent<P extends object>(
  remote: string,
  module: string,
): Promise<{ default: ComponentType<P> }> {
  if (!entries.has(remote)) throw new RemoteModuleError(remote, 'not in the registry');
  const id = `${remote}/${module.replace(/^\.\//, '')}`;
  const manifest = entries.get(remote);
  const started = performance.now();
  let kind: RemoteFailureKind = 'load';
  try {
    // Checked before any of the remote's code runs: an incompatible build shows the fallback.
    const mismatches = await mismatchesOf(remote);
    if (mismatches.length > 0) {
      kind = 'incompatible';
      throw new IncompatibleRemoteError(remote, mismatches);
    }
    // The entry and the module's first chunks are asked for at once (the manifest names them),
    // not each after the one before; the load below takes them. Not when the page asked for them
    // already (a deep link's head names its area's files by path, which the runtime does not
    // recognise as the same files, so it would ask a second time) or the remote has run before.
    if (!loaded.has(remote) && !pageHints(manifest))
      preloadRemote([{ nameOrAlias: remote, exposes: [module], resourceCategory: 'sync' }]).catch(
        () => undefined,
      );
    const exports = await loadRemote<{ default?: ComponentType<P> }>(id);
    if (!exports?.default) {
      kind = 'export';
      throw new RemoteModuleError(id, 'no default export');
    }
    loaded.add(remote);
    reportRemoteLoaded(remote, manifest, performance.now() - started);
    const component = { default: exports.default };
    components.set(id, component as { default: ComponentType<never> });
    return component;
  } catch (error) {
    reportRemoteFailed(remote, manifest, kind, error);
    throw error;
  }
}
