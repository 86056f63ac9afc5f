import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  REGISTRY_SESSION_HEADER,
  type LogoConfig,
  type PortalConfig,
  type RemoteRegistry,
} from '@lms/shared/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { canaryUserOf } from './canary.js';
import { hasCanary, serveRegistry, type Registry } from './remote-registry.js';
import type { CommonSettings } from '../../lib/settings.js';
import { INSTITUTION } from '../../lib/messages.js';
import { isApiPath } from '../../lib/api-path.js';
import { languageOf, linkLanguage } from '../../lib/language.js';
import { PORTAL_MESSAGES, PORTAL_NAME } from './messages.js';
import { loginPageCache, type PageVariant } from './login-page.js';
import { createPageHeadings } from './page-frame.js';
import { createRoutePreload } from './route-preload.js';
import { webAppManifest } from './web-app-manifest.js';
import { cacheControlFor, distDir, isFile, localeRoots, safeRelativePath } from './static-files.js';

const LANGUAGE = /^[a-z]{2}$/;
const NAMESPACE_FILE = /^([a-z][a-z0-9-]{0,39})\.json$/;
const THEMES = new Set(['light', 'dark']);

/** Served by their own routes; a miss there is a 404, never the SPA page. */
const RESERVED = ['/lms/public/', '/lms/locales/', '/lms/deploy/', '/lms/preview/'];

/** The shell's service worker (shell/src/sw) and the part of the site it controls. */
const SERVICE_WORKER = 'sw.js';
export const SERVICE_WORKER_SCOPE = '/lms';

const VERSION: string = (
  JSON.parse(
    readFileSync(
      join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'package.json'),
      'utf8',
    ),
  ) as { version: string }
).version;

export const DEFAULT_LOGO: LogoConfig = {
  // Empty: the login page shows its bundled university image until an operator sets one.
  logo: '',
  width: 30,
  name: INSTITUTION.name.ru,
  names: { ...INSTITUTION.name },
  fontsize: 16,
};

/**
 * What the browser loads besides the API: portal configuration, the remote registry, language
 * files, the built shell and remotes, and the SPA page for every other /lms path.
 */
const portalRoutes: FastifyPluginAsync<
  Pick<CommonSettings, 'dataDir' | 'staticRoot' | 'uploadLimitBytes' | 'timeZone'>
> = async (app, options) => {
  const { staticRoot } = options;
  const notFound = (reply: FastifyReply) => reply.callNotFound();
  const canary = {
    sessionUserOf: (request: FastifyRequest) => app.sessionUserOf(request),
    canary: app.repos.canary,
  };

  app.get('/', async (_request, reply) => reply.redirect('/lms', 302));

  app.get('/lms/config.json', async (_request, reply) => {
    const config: PortalConfig = {
      name: { ...PORTAL_NAME },
      version: VERSION,
      uploadLimitBytes: options.uploadLimitBytes,
      timeZone: options.timeZone,
      api: { base: '/lms/api', version: 1 },
    };
    return reply.header('Cache-Control', 'no-cache').send(config);
  });

  /**
   * The defaults with `<data>/logo.json` over them. A file that names the university only in
   * `name` means that name in every language, not the defaults' own names.
   */
  const currentLogo = async (): Promise<LogoConfig> => {
    const override = (await app.portalFiles.logo.read()) ?? {};
    const names = override.names ?? (override.name ? {} : DEFAULT_LOGO.names);
    return { ...DEFAULT_LOGO, ...override, names };
  };

  app.get('/lms/logo.json', async (_request, reply) => {
    return reply.header('Cache-Control', 'no-cache').send(await currentLogo());
  });

  app.get('/lms/manifest.webmanifest', async (request, reply) => {
    return reply
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Cookie, Accept-Language')
      .type('application/manifest+json; charset=utf-8')
      .send(JSON.stringify(webAppManifest(languageOf(request))));
  });

  /** The registry as this browser gets it: its preview grant, its user's canary release. */
  const servedTo = async (request: FastifyRequest, registry: Registry): Promise<RemoteRegistry> =>
    serveRegistry(
      registry,
      app.portalFiles.previewGrant(request.cookies),
      undefined,
      await canaryUserOf(canary, request, registry),
    );

  app.get('/lms/remotes.json', async (request, reply) => {
    const registry = await app.portalFiles.remotes.read();
    if (!registry) return notFound(reply);
    const served = await servedTo(request, registry);
    // A browser opted in to a candidate, or any user while a canary runs (each user gets their
    // own release), gets an answer of its own: never from a shared cache.
    const personal = served.preview !== undefined || hasCanary(registry);
    if (await app.sessionUserOf(request)) reply.header(REGISTRY_SESSION_HEADER, '1');
    return reply
      .header('Cache-Control', personal ? 'private, no-cache' : 'no-cache')
      .header('Vary', 'Cookie')
      .send(served);
  });

  app.get<{ Params: { lng: string; file: string } }>(
    '/lms/locales/:lng/:file',
    async (request, reply) => {
      const { lng, file } = request.params;
      if (!LANGUAGE.test(lng) || !NAMESPACE_FILE.test(file)) return notFound(reply);
      for (const root of await localeRoots(staticRoot)) {
        if (await isFile(join(root, lng, file))) {
          reply.header('Cache-Control', 'no-cache');
          return reply.sendFile(join(lng, file), root, { cacheControl: false });
        }
      }
      return notFound(reply);
    },
  );

  app.get<{ Params: { app: string; '*': string } }>(
    '/lms/public/:app/*',
    async (request, reply) => {
      const root = distDir(staticRoot, request.params.app);
      const relative = safeRelativePath(request.params['*']);
      if (!root || !relative || !(await isFile(join(root, relative)))) return notFound(reply);
      reply.header('Cache-Control', cacheControlFor(relative.split('/').pop() ?? relative));
      // The shell's service worker controls the whole portal, not only /lms/public/shell/.
      if (request.params.app === 'shell' && relative === SERVICE_WORKER) {
        reply.header('Service-Worker-Allowed', SERVICE_WORKER_SCOPE);
      }
      return reply.sendFile(relative, root, { cacheControl: false });
    },
  );

  const shellPage = loginPageCache(join(staticRoot, 'shell', 'dist', 'index.html'));
  // Made before the first visitor, who would otherwise wait for its brotli (about 50 ms): the
  // login page in the default language and the page of every other address; the other
  // variants (language, theme) when first asked for.
  app.addHook('onReady', async () => {
    const logo = await currentLogo();
    for (const login of ['ru', null] as const) {
      await shellPage(logo, { login, theme: null }).catch((error: unknown) =>
        app.log.warn({ err: error }, 'the shell page could not be prepared'),
      );
    }
  });
  const preloads = createRoutePreload({ staticRoot, dataDir: options.dataDir });
  const headings = createPageHeadings({ staticRoot, dataDir: options.dataDir });
  /**
   * A signed-in user's page: the registry and its area's files hinted (route-preload.ts), and
   * the area's frame (page-frame.ts) in their language.
   */
  const signedInPage = async (
    request: FastifyRequest,
    path: string,
    registry: Registry | undefined,
  ): Promise<Pick<PageVariant, 'preload' | 'frame'>> => {
    const user = await app.sessionUserOf(request);
    if (!user || !registry) return { preload: '' };
    const served = await servedTo(request, registry);
    const language = linkLanguage(request);
    const heading = await headings(path, served, user, language);
    return {
      preload: await preloads(path, served, user),
      frame: heading && { ...heading, language, path, name: PORTAL_NAME[language] },
    };
  };
  const spa = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? request.url;
    if (isApiPath(path) || RESERVED.some((prefix) => path.startsWith(prefix)))
      return notFound(reply);
    const login = /^\/lms\/login\/?$/.test(path);
    // Read once: the page's hints come from it, and the document's CSP lists remote origins.
    const registry = await app.portalFiles.remotes.read();
    const variant: PageVariant = {
      login: login ? linkLanguage(request) : null,
      theme: THEMES.has(request.cookies.theme ?? '') ? (request.cookies.theme as 'light') : null,
      ...(login ? { preload: '' } : await signedInPage(request, path, registry)),
    };
    const page = await shellPage(await currentLogo(), variant);
    if (!page) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send(PORTAL_MESSAGES.notBuilt[languageOf(request)]);
    }
    reply
      .header('Cache-Control', 'no-cache')
      // The login screen and a page's frame are in the visitor's language; every page in their
      // theme.
      .header(
        'Vary',
        login || variant.frame
          ? 'Accept-Encoding, Accept-Language, Cookie'
          : 'Accept-Encoding, Cookie',
      )
      .header('ETag', page.etag)
      .type('text/html; charset=utf-8');
    if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
    const accepted = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepted)) return reply.header('Content-Encoding', 'br').send(page.br);
    if (/\bgzip\b/.test(accepted)) return reply.header('Content-Encoding', 'gzip').send(page.gzip);
    return reply.send(page.raw);
  };
  app.get('/lms', spa);
  app.get('/lms/*', spa);
};

export default portalRoutes;
