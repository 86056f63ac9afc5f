import { readdir, stat } from 'node:fs/promises';
import { isAbsolute, join, normalize, sep } from 'node:path';

const SAFE_APP = /^[a-z][a-z0-9-]{0,39}$/;
/** `main.3f2a1b9c.js`, `123.abcdef12.js`: content-addressed, never changes under that name. */
const HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;
/** Entry points that must be revalidated so a deploy (or rollback) is seen at once. */
const ENTRY_FILES = new Set(['remoteEntry.js', 'mf-manifest.json', 'index.html']);

export function cacheControlFor(fileName: string): string {
  if (!ENTRY_FILES.has(fileName) && HASHED.test(fileName)) {
    return 'public, max-age=31536000, immutable';
  }
  return 'no-cache';
}

/** The dist folder of an app name: 'shell' → shell/dist, 'news' → mfe-news/dist. */
export function distDir(staticRoot: string, app: string): string | undefined {
  if (!SAFE_APP.test(app)) return undefined;
  return join(staticRoot, app === 'shell' ? 'shell' : `mfe-${app}`, 'dist');
}

/**
 * A client-supplied relative path, accepted only when it stays inside the folder: no `..` or
 * dot segments, no backslashes, NUL or absolute paths. Returns the normalized relative path.
 */
export function safeRelativePath(path: string): string | undefined {
  if (!path || path.includes('\0') || path.includes('\\') || isAbsolute(path)) return undefined;
  const segments = path.split('/');
  if (segments.some((segment) => segment === '' || segment.startsWith('.'))) return undefined;
  const normalized = normalize(path);
  return normalized.startsWith('..') || normalized.split(sep).includes('..')
    ? undefined
    : normalized;
}

export async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** Folders holding built language files: the shell's first, then each remote's. */
export async function localeRoots(staticRoot: string): Promise<string[]> {
  let remotes: string[] = [];
  try {
    remotes = (await readdir(staticRoot, { withFileTypes: true }))
      .filter((entry) => entry.isDirectory() && /^mfe-[a-z0-9-]+$/.test(entry.name))
      .map((entry) => entry.name)
      .sort();
  } catch {
    // A missing static root simply has no language files.
  }
  return [
    join(staticRoot, 'shell', 'dist', 'locales'),
    join(staticRoot, 'shared', 'dist', 'locales'),
    ...remotes.map((name) => join(staticRoot, name, 'dist', 'locales')),
  ];
}
