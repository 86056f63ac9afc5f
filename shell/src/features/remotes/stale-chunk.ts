import { checkConnectivity } from '../offline';

/**
 * A deploy replaces hashed chunk files; a page loaded before it asks for files that are gone.
 * Reloading fetches the new manifest and entry; the sessionStorage guard stops a loop when the
 * files are really missing (then the pane shows its fallback instead). The guard is a time
 * window rather than a flag cleared on success: a remote's entry can load fine and one of its
 * chunks fail right after, which would otherwise reload forever.
 *
 * A chunk that failed because there is no network looks the same. Reloading then would swap the
 * portal for the browser's own offline page, so the reload waits for proof that the server
 * answers (`reloadIfStale`).
 */
const GUARD_PREFIX = 'lms-stale-chunk-reload:';

const STALE_PATTERNS = [
  /loading chunk .+ failed/i,
  /loading css chunk .+ failed/i,
  /failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /importing a module script failed/i,
  // Module Federation: "Failed to load script resources" of a remote's entry or chunk.
  /RUNTIME-008/,
];

function messageOf(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error instanceof Error) return error.message;
  return '';
}

function nameOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'name' in error
    ? String((error as { name: unknown }).name)
    : undefined;
}

export function isStaleChunkError(error: unknown): boolean {
  if (!error) return false;
  if (nameOf(error) === 'ChunkLoadError') return true;
  if (error instanceof Error && nameOf(error.cause) === 'ChunkLoadError') return true;
  const message = messageOf(error);
  return STALE_PATTERNS.some((pattern) => pattern.test(message));
}

/** Indirection so tests can observe a reload (jsdom cannot navigate). */
export const pageReloader = {
  reload: (): void => window.location.reload(),
};

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** A second stale chunk within this window means the files are really gone: no reload. */
export const RELOAD_GUARD_MS = 5 * 60 * 1000;

/**
 * Reloads the page for a stale chunk of `scope`, unless this tab already did so for it within
 * the guard window. Returns true when a reload was started.
 */
export function reloadOnceForStaleChunk(scope: string, now = Date.now()): boolean {
  const storage = session();
  // Without storage there is no loop guard, so no automatic reload either.
  if (!storage) return false;
  const last = Number(storage.getItem(GUARD_PREFIX + scope));
  if (Number.isFinite(last) && last > 0 && now - last < RELOAD_GUARD_MS) return false;
  storage.setItem(GUARD_PREFIX + scope, String(now));
  pageReloader.reload();
  return true;
}

/**
 * Reloads for a chunk of `scope` that failed to load, if it is stale: the browser is online and
 * the portal's server answers, so the file itself is gone. Without a network (a phone losing
 * signal while a section loads) it does nothing: the pane keeps its fallback and tries again
 * once the network is back. Resolves to true when a reload was started.
 */
export async function reloadIfStale(scope: string): Promise<boolean> {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return false;
  if (!(await checkConnectivity())) return false;
  return reloadOnceForStaleChunk(scope);
}
