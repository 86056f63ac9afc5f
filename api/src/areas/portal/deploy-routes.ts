import { join } from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { canaryUserOf } from './canary.js';
import { getsCandidate, RELEASE_LABEL, REMOTE_NAME, verifyPreview } from './remote-registry.js';
import type { CommonSettings } from '../../lib/settings.js';
import { languageOf } from '../../lib/language.js';
import { PREVIEW_COOKIE } from './files.js';
import { PORTAL_MESSAGES } from './messages.js';
import { isFile, safeRelativePath } from './static-files.js';

/** Entry points of a release: revalidated, so a deploy or rollback is seen on the next load. */
const ENTRY_FILES = new Set(['remoteEntry.js', 'mf-manifest.json', 'index.html']);

/**
 * Remote releases deployed by scripts/remote-release.mjs:
 * GET /lms/deploy/<remote>/<version>/<file> from <dataDir>/deploy/<remote>/<version>/.
 * A release folder never changes once written, so everything but the entry points is cached
 * for a year. A candidate release is served only to a browser whose signed preview cookie names
 * it or whose user its canary rollout includes, and never to shared caches.
 *
 * GET /lms/preview?token=<token> opts this browser in to the candidate a signed preview link names
 * (a cookie scoped to /lms until the link expires); GET /lms/preview/off opts it out.
 */
const deployRoutes: FastifyPluginAsync<Pick<CommonSettings, 'dataDir' | 'secureCookies'>> = async (
  app,
  options,
) => {
  const canary = {
    sessionUserOf: (request: FastifyRequest) => app.sessionUserOf(request),
    canary: app.repos.canary,
  };
  const cookieOptions = {
    path: '/lms',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: options.secureCookies,
  };

  /** 'candidate' when the version is the remote's candidate (and not also live), else 'live'. */
  async function stageOf(remote: string, version: string): Promise<'live' | 'candidate'> {
    const entry = (await app.portalFiles.remotes.read())?.[remote];
    if (!entry?.candidate || entry.candidate.version !== version) return 'live';
    return entry.live?.version === version ? 'live' : 'candidate';
  }

  /** Whether this browser gets the candidate: its preview link, or a canary that includes its user. */
  const optedIn = async (request: FastifyRequest, remote: string, version: string) => {
    const registry = (await app.portalFiles.remotes.read()) ?? {};
    const entry = registry[remote];
    if (!entry || entry.candidate?.version !== version) return false;
    const grant = app.portalFiles.previewGrant(request.cookies);
    return getsCandidate(entry, remote, grant, await canaryUserOf(canary, request, registry));
  };

  app.get<{ Params: { remote: string; version: string; '*': string } }>(
    '/lms/deploy/:remote/:version/*',
    async (request, reply) => {
      const { remote, version } = request.params;
      const relative = safeRelativePath(request.params['*']);
      if (
        !REMOTE_NAME.test(remote) ||
        !RELEASE_LABEL.test(version) ||
        version.endsWith('.partial') ||
        !relative
      )
        return reply.callNotFound();
      const candidate = (await stageOf(remote, version)) === 'candidate';
      if (candidate && !(await optedIn(request, remote, version))) return reply.callNotFound();
      const root = join(options.dataDir, 'deploy', remote, version);
      if (!(await isFile(join(root, relative)))) return reply.callNotFound();
      const name = relative.split('/').pop() ?? relative;
      reply.header(
        'Cache-Control',
        candidate
          ? 'private, no-cache'
          : ENTRY_FILES.has(name)
            ? 'no-cache'
            : 'public, max-age=31536000, immutable',
      );
      return reply.sendFile(relative, root, { cacheControl: false });
    },
  );

  const leavePreview = (reply: FastifyReply) => {
    reply.clearCookie(PREVIEW_COOKIE, cookieOptions);
    return reply.header('Cache-Control', 'no-store').redirect('/lms', 302);
  };

  app.get('/lms/preview/off', async (_request, reply) => leavePreview(reply));

  app.get<{ Querystring: { token?: unknown } }>('/lms/preview', async (request, reply) => {
    const { previewSecret, remotes } = app.portalFiles;
    const token = typeof request.query.token === 'string' ? request.query.token : '';
    const grant = verifyPreview(previewSecret, token);
    const entry = grant ? (await remotes.read())?.[grant.remote] : undefined;
    if (!grant || entry?.candidate?.version !== grant.version) {
      request.log.info('A preview link that is invalid, expired or no longer a candidate');
      return reply
        .code(404)
        .header('Cache-Control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send(PORTAL_MESSAGES.previewInvalid[languageOf(request)]);
    }
    reply.setCookie(PREVIEW_COOKIE, token, {
      ...cookieOptions,
      maxAge: Math.max(1, Math.floor((grant.expires - Date.now()) / 1000)),
    });
    return reply.header('Cache-Control', 'no-store').redirect('/lms', 302);
  });
};

export default deployRoutes;
