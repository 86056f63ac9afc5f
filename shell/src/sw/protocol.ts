/** What the service worker and the page share: cache names and messages. */

/** The shell, the remotes' releases, configuration and language files: nobody's in particular. */
export const APP_CACHE = 'lms-app';
/** Caches holding a user's own things start with this; sign-out deletes every one of them. */
export const PERSONAL_CACHE_PREFIX = 'lms-personal-';
/** The registry as this user gets it (a canary release may be assigned per user). */
export const REGISTRY_CACHE = `${PERSONAL_CACHE_PREFIX}registry`;
/** Files the user opened: library books, teaching materials, news attachments. */
export const FILES_CACHE = `${PERSONAL_CACHE_PREFIX}files`;
/** The key of the page every /lms/* address loads. */
export const SHELL_PAGE_KEY = '/lms/';

/**
 * The page kept under SHELL_PAGE_KEY serves every address offline: a signed-in area page's frame
 * (its heading, for that address and in the language of the moment: shell/src/features/frame)
 * is taken out of the copy, which then starts like any other page.
 */
export function withoutFrame(html: string): string {
  return html
    .replace(
      /<div id="lms-frame"[\s\S]*?(?=<script [^>]*\/boot\.[0-9a-f]{8}\.js|<div id="?root)/,
      '',
    )
    .replace(/(<html\b[^>]*?) data-prerendered="frame"/, '$1');
}

/** 'SKIP_WAITING' is what workbox-window's messageSkipWaiting() sends. */
export type WorkerMessage =
  | { type: 'SKIP_WAITING' }
  | { type: 'check-releases' }
  /** A sign-out: the worker drops the writes of the session and deletes the personal caches. */
  | { type: 'forget-personal' };

/** The answer to 'check-releases': the registry's remotes, all cached, or null offline. */
export interface ReleaseCheck {
  remotes: Record<string, string> | null;
}

type Assets = {
  js?: { sync?: unknown; async?: unknown };
  css?: { sync?: unknown; async?: unknown };
};

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/**
 * The files of a remote's release that the portal loads: its entry and every exposed module's
 * chunks, resolved against the manifest's own address (releases use `publicPath: 'auto'`).
 * Shared singletons come from the shell, so their fallback copies are left out.
 */
export function remoteAssetUrls(manifestUrl: string, manifest: unknown): string[] {
  if (typeof manifest !== 'object' || manifest === null) return [];
  const { metaData, exposes } = manifest as { metaData?: unknown; exposes?: unknown };
  const base = new URL('.', manifestUrl);
  const files = new Set<string>();
  const entry = (metaData as { remoteEntry?: { name?: unknown; path?: unknown } } | undefined)
    ?.remoteEntry;
  if (entry && typeof entry.name === 'string') {
    const folder =
      typeof entry.path === 'string' && entry.path ? `${entry.path.replace(/\/?$/, '/')}` : '';
    files.add(`${folder}${entry.name}`);
  }
  if (Array.isArray(exposes)) {
    for (const expose of exposes) {
      const assets = (expose as { assets?: Assets } | null)?.assets;
      for (const kind of [assets?.js, assets?.css]) {
        for (const file of [...strings(kind?.sync), ...strings(kind?.async)]) files.add(file);
      }
    }
  }
  return [...files].map((file) => new URL(file, base).href);
}
