import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  audiencesOf,
  manifestRequirements,
  moduleOfPath,
  sharedMismatches,
  type PortalModule,
  type RemoteRegistry,
  type RoleId,
} from '@lms/shared/contract';
import { distDir, safeRelativePath } from './static-files.js';

/**
 * What a signed-in user's page asks the browser for at once (`<link rel="preload">`): the
 * registry, the shell's signed-in layout (its build's start-files.json), and on an area's
 * address the remote's manifest, its entry and the first chunks of the module shown there (and
 * of the module's side panes, the first screen of its page on a phone).
 * Without them the shell asks for each in turn once its own code has run and the registry has
 * come (manifest → entry → chunks, each a round trip: at a phone's 150 ms about half a second
 * before the area's first screen). A hint only: the shell still loads and checks everything
 * itself, and a page the registry or the manifest does not describe gets none.
 */

/** The parts of a remote's mf-manifest.json read here. */
interface Manifest {
  metaData?: { remoteEntry?: { name?: unknown; path?: unknown } };
  exposes?: { name?: unknown; path?: unknown; assets?: { js?: { sync?: unknown } } }[];
}

/** Who the page is for: the module must be one of theirs (`audiencesOf`, as the shell shows them). */
export interface PreloadViewer {
  role: RoleId;
  registrarPerms?: boolean;
}

const ATTRIBUTE = /^[\w./:-]+$/;
/** The registry's address (the shell's REGISTRY_URL). */
const REGISTRY_PATH = '/lms/remotes.json';
/** Where the shell's build is served (its webpack publicPath). */
const SHELL_PUBLIC_PATH = '/lms/public/shell/';
const isVersions = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' &&
  value !== null &&
  Object.values(value).every((version) => typeof version === 'string');
/**
 * A script the page will run, fetched from the start but after what paints it (the frame's
 * images): scripts run after the first paint anyway (the shell's entry is deferred, its chunks
 * are added by script), and a script preloaded at the browser's default high priority is taken
 * for one that holds the paint up.
 */
const scriptLink = (url: string) =>
  `<link rel="preload" as="script" href="${url}" fetchpriority="low">`;
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/**
 * The panes a module gives the side of the shell (the chat's discipline and contact lists): on a
 * phone, that module's own page shows them as its first screen (the shell's side tab) rather
 * than the module's content, and on a desk they stand beside it.
 */
const PAGE_PANES = ['disciplines', 'contacts'] as const;

/**
 * The module the page of `path` shows and what of it is on the page: the route's exposed module
 * and the module's side panes, if it gives any. The home page (/lms) gets none: its first screen
 * is the shell's own, and the feed's files fetched beside the shell's delayed it (Lighthouse,
 * docs/performance.md).
 */
export function moduleOfPage(
  modules: readonly PortalModule[],
  path: string,
): { module: PortalModule; exposed: string[] } | undefined {
  const module = moduleOfPath(modules, path);
  if (!module) return undefined;
  const panes = PAGE_PANES.flatMap((pane) => module.panes?.[pane] ?? []);
  return { module, exposed: [module.module, ...panes] };
}

/** The files of a manifest, as URLs next to it: its entry and the exposed module's first chunks. */
export function manifestFiles(manifestUrl: string, manifest: Manifest, exposed: string): string[] {
  const base = manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1);
  const entry = manifest.metaData?.remoteEntry;
  const files: string[] = [];
  if (typeof entry?.name === 'string') {
    files.push(`${typeof entry.path === 'string' ? entry.path : ''}${entry.name}`);
  }
  const name = exposed.replace(/^\.\//, '');
  const expose = manifest.exposes?.find(
    (candidate) => candidate.name === name || candidate.path === exposed,
  );
  files.push(...strings(expose?.assets?.js?.sync));
  return files
    .map((file) => file.replace(/^\.?\//, ''))
    .filter((file) => safeRelativePath(file) !== undefined)
    .map((file) => `${base}${file}`);
}

/**
 * The files of the portal's builds (`/lms/public/<app>/…`) and deployed releases
 * (`/lms/deploy/<remote>/<version>/…`) by their address, read as JSON and kept until the file
 * changes; an address served from elsewhere has no file here.
 */
export function servedJsonFiles({ staticRoot, dataDir }: { staticRoot: string; dataDir: string }) {
  const files = new Map<string, { key: string; json: unknown }>();

  function fileOf(url: string): string | undefined {
    const built = /^\/lms\/public\/([a-z][a-z0-9-]{0,39})\/(.+)$/.exec(url);
    if (built) {
      const root = distDir(staticRoot, built[1]!);
      const relative = safeRelativePath(built[2]!);
      return root && relative ? join(root, relative) : undefined;
    }
    const deployed =
      /^\/lms\/deploy\/([a-z][a-z0-9-]{0,39})\/([A-Za-z0-9][\w.-]{0,63})\/(.+)$/.exec(url);
    if (deployed) {
      const relative = safeRelativePath(deployed[3]!);
      return relative && !deployed[2]!.endsWith('.partial')
        ? join(dataDir, 'deploy', deployed[1]!, deployed[2]!, relative)
        : undefined;
    }
    return undefined;
  }

  /** A JSON file as last read, read again when it changes; null when missing or broken. */
  async function jsonAt(file: string): Promise<unknown> {
    let key: string;
    try {
      const info = await stat(file);
      key = `${info.mtimeMs}:${info.size}`;
    } catch {
      return null;
    }
    const known = files.get(file);
    if (known?.key === key) return known.json;
    let json: unknown = null;
    try {
      json = JSON.parse(await readFile(file, 'utf8'));
    } catch {
      json = null;
    }
    files.set(file, { key, json });
    return json;
  }

  /** The JSON file at a served address, or null. */
  const jsonOf = async (url: string): Promise<unknown> => {
    const file = fileOf(url);
    return file ? jsonAt(file) : null;
  };
  return { jsonAt, jsonOf };
}

/**
 * The preload links of a page, from the registry its viewer gets. Manifests are read from the
 * builds and the deployed releases (servedJsonFiles); a remote served from elsewhere gets no hint.
 */
export function createRoutePreload({
  staticRoot,
  dataDir,
}: {
  staticRoot: string;
  dataDir: string;
}) {
  const { jsonAt, jsonOf } = servedJsonFiles({ staticRoot, dataDir });
  /** The shared packages the built shell gives its remotes (its build writes them). */
  const shellShared = join(staticRoot, 'shell', 'dist', 'shared-versions.json');
  /** The shell's scripts at start and for a signed-in user (tools/webpack/start-preload-plugin). */
  const shellStartFiles = join(staticRoot, 'shell', 'dist', 'start-files.json');

  /**
   * The signed-in layout's scripts: the shell asks for them once it has started and knows the
   * session, a round trip after its start scripts (which the page itself names).
   */
  async function signedInLinks(): Promise<string[]> {
    const files = await jsonAt(shellStartFiles);
    const signedIn =
      typeof files === 'object' && files !== null
        ? strings((files as { signedIn?: unknown }).signedIn)
        : [];
    return signedIn
      .filter((file) => safeRelativePath(file) === file)
      .map((file) => `${SHELL_PUBLIC_PATH}${file}`)
      .filter((url) => ATTRIBUTE.test(url))
      .map(scriptLink);
  }

  async function manifestAt(url: string): Promise<Manifest | null> {
    const json = await jsonOf(url);
    return typeof json === 'object' && json !== null ? (json as Manifest) : null;
  }

  /** The area's manifest, entry and first chunks (none when the page has no module to hint). */
  async function moduleLinks(path: string, served: RemoteRegistry, viewer: PreloadViewer) {
    const audiences = audiencesOf(viewer);
    const shown = moduleOfPage(served.modules, path);
    if (!shown || !audiences.some((audience) => shown.module.roles.includes(audience))) return [];
    const manifestUrl = served.remotes[shown.module.remote];
    if (!manifestUrl || !ATTRIBUTE.test(manifestUrl)) return [];
    const manifest = await manifestAt(manifestUrl);
    if (!manifest) return [];
    const links = [`<link rel="preload" as="fetch" crossorigin="anonymous" href="${manifestUrl}">`];
    // A build the shell refuses to run (it needs shared packages the shell cannot give) is never
    // fetched: the shell checks the manifest and shows its fallback instead.
    const provided = await jsonAt(shellShared);
    if (
      !isVersions(provided) ||
      sharedMismatches(provided, manifestRequirements(manifest)).length > 0
    ) {
      return links;
    }
    // The entry once, then each exposed module's first chunks, a chunk they share once.
    const files = shown.exposed.flatMap((exposed) => manifestFiles(manifestUrl, manifest, exposed));
    const scripts = [...new Set(files)].filter((url) => ATTRIBUTE.test(url));
    return [...links, ...scripts.map(scriptLink)];
  }

  /**
   * The `<link>` tags for a signed-in user's page of `path`: the registry, which the shell reads
   * first thing on every page (its `fetch` takes the preloaded answer, fetched with the page),
   * the signed-in layout's scripts and the area's files.
   */
  return async (path: string, served: RemoteRegistry, viewer: PreloadViewer): Promise<string> =>
    [
      `<link rel="preload" as="fetch" crossorigin="anonymous" href="${REGISTRY_PATH}">`,
      ...(await signedInLinks()),
      ...(await moduleLinks(path, served, viewer)),
    ].join('');
}
