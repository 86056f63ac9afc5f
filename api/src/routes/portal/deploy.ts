import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { REMOTE_NAMES, type AppOptions } from '../../options.js';
import { isFile, safeRelativePath } from './static-files.js';

/** Labels scripts/remote-release.mjs accepts; '<label>.partial' is a copy still in progress. */
const VERSION = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
/** Entry points of a release: revalidated, so a deploy or rollback is seen on the next load. */
const ENTRY_FILES = new Set(['remoteEntry.js', 'mf-manifest.json', 'index.html']);

/**
 * Remote releases deployed by scripts/remote-release.mjs:
 * GET /lms/deploy/<remote>/<version>/<file> from <dataDir>/deploy/<remote>/<version>/.
 * A release folder never changes once written, so everything but the entry points is cached
 * for a year.
 */
const deployRoutes: FastifyPluginAsync<Pick<AppOptions, 'dataDir'>> = async (app, options) => {
  const remotes = new Set<string>(REMOTE_NAMES);
  app.get<{ Params: { remote: string; version: string; '*': string } }>(
    '/lms/deploy/:remote/:version/*',
    async (request, reply) => {
      const { remote, version } = request.params;
      const relative = safeRelativePath(request.params['*']);
      if (
        !remotes.has(remote) ||
        !VERSION.test(version) ||
        version.endsWith('.partial') ||
        !relative
      )
        return reply.callNotFound();
      const root = join(options.dataDir, 'deploy', remote, version);
      if (!(await isFile(join(root, relative)))) return reply.callNotFound();
      const name = relative.split('/').pop() ?? relative;
      reply.header(
        'Cache-Control',
        ENTRY_FILES.has(name) ? 'no-cache' : 'public, max-age=31536000, immutable',
      );
      return reply.sendFile(relative, root, { cacheControl: false });
    },
  );
};

export default deployRoutes;
