import {
  audiencesOf,
  moduleOfPath,
  type Language,
  type PortalModule,
  type RemoteRegistry,
} from '@lms/shared/contract';
import {
  HOME_HEADINGS,
  MODULE_HEADINGS,
  type HeadingKeys,
  type ModuleHeading,
} from './page-headings.js';
import { servedJsonFiles, type PreloadViewer } from './route-preload.js';

/**
 * The heading a signed-in user's page is written with (login-page.ts puts it into the shell's
 * prerendered frame), in the user's language: on a module's first screen, `/lms/<first route>`,
 * from the keys page-headings.ts names for it; on the home page, `/lms`, the title of its home
 * pane (HOME_HEADINGS), without a description; each from the remote's own language file. A
 * phone then shows the top bar and what the page is with the document, long before the shell
 * and the remote have come over a slow line; the shell keeps the same heading until the remote's
 * replaces it. No heading (the page stays as it was) for any other address, a module without
 * one, a key the file lacks or a text with parameters.
 */
export interface PageHeading {
  title: string;
  /** '' for a page whose heading has none (the home page). */
  description: string;
}

/** The keys of the heading the viewer's page shows: their audience's, else the module's. */
export function headingKeys(heading: ModuleHeading, viewer: PreloadViewer): HeadingKeys {
  for (const audience of audiencesOf(viewer)) {
    const own = heading.audiences?.[audience];
    if (own) return own;
  }
  return { title: heading.title, description: heading.description };
}

/** The text of a nested key ('teacher.description'), if it is plain text. */
export function textOf(texts: unknown, key: string): string | undefined {
  let value: unknown = texts;
  for (const part of key.split('.')) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  // Parameters and nested keys are the remote's to fill in: such a text is not written here.
  if (typeof value !== 'string' || value.trim() === '' || /\{\{|\$t\(/.test(value)) {
    return undefined;
  }
  return value;
}

/** The module whose first screen `path` is (`/lms/<first route>`, a trailing slash allowed). */
export function moduleOfFirstScreen(
  modules: readonly PortalModule[],
  path: string,
): PortalModule | undefined {
  const module = moduleOfPath(modules, path);
  return module && path.replace(/\/+$/, '') === `/lms/${module.routes[0]}` ? module : undefined;
}

/**
 * The headings of signed-in users' pages. The texts are the language file the remote's release
 * carries beside its manifest (`locales/<lng>/<remote>.json`: the release the viewer is served,
 * a candidate or a canary included), read as the preload hints read the manifest.
 */
export function createPageHeadings(where: { staticRoot: string; dataDir: string }) {
  const { jsonOf } = servedJsonFiles(where);

  /** The heading of the viewer's page at `path` in `language`, or undefined. */
  return async (
    path: string,
    served: RemoteRegistry,
    viewer: PreloadViewer,
    language: Language,
  ): Promise<PageHeading | undefined> => {
    const audiences = audiencesOf(viewer);
    const theirs = (module: PortalModule) =>
      audiences.some((audience) => module.roles.includes(audience));
    /** The remote's own texts in the language (its namespace is its name: each remote's i18n.ts). */
    const textsOf = async (module: PortalModule) => {
      const manifestUrl = served.remotes[module.remote];
      if (!manifestUrl) return undefined;
      const base = manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1);
      return jsonOf(`${base}locales/${language}/${module.remote}.json`);
    };
    if (/^\/lms\/?$/.test(path)) {
      // The home page: the first module of theirs with a home pane fills it (the shell's
      // HomeContent), under that pane's title.
      const home = served.modules.find((module) => module.panes?.home && theirs(module));
      const key = home && HOME_HEADINGS[`${home.remote}/${home.key}`];
      if (!home || !key) return undefined;
      const title = textOf(await textsOf(home), key);
      return title ? { title, description: '' } : undefined;
    }
    const module = moduleOfFirstScreen(served.modules, path);
    const heading = module && MODULE_HEADINGS[`${module.remote}/${module.key}`];
    if (!module || !heading || !theirs(module)) return undefined;
    const texts = await textsOf(module);
    const keys = headingKeys(heading, viewer);
    const title = textOf(texts, keys.title);
    const description = textOf(texts, keys.description);
    return title && description ? { title, description } : undefined;
  };
}
