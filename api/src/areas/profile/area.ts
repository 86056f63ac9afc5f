import type { FastifyPluginAsync } from 'fastify';
import type { CommonSettings } from '../../lib/settings.js';
import miscRoutes from './misc-routes.js';
import profileRoutes from './routes.js';

/** The spec's URL prefixes of the area (spec §7). */
export const PREFIXES = { profile: '/lms/api/profile', misc: '/lms/api/misc' } as const;

/** The person's card, and the `misc` lookups (photo, position, settings, years, links). */
const profileArea: FastifyPluginAsync<Pick<CommonSettings, 'sessionCacheMs'>> = async (
  app,
  options,
) => {
  await app.register(profileRoutes, {
    prefix: PREFIXES.profile,
    sessionCacheMs: options.sessionCacheMs,
  });
  await app.register(miscRoutes, { prefix: PREFIXES.misc });
};

export default profileArea;
