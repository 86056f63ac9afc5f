import type { ProfileData } from '@lms/shared/contract';
import { PROFILE_ENDPOINTS } from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError, MESSAGES, ok } from '../../lib/http.js';
import type { CommonSettings } from '../../lib/settings.js';
import { assertSelf, sessionUser } from '../../access/index.js';
import { toProfile } from './wire.js';
import { endpointRoute } from '../../lib/endpoints.js';

/** Profiles remembered at most; past this the oldest are forgotten. */
const MAX_REMEMBERED = 10_000;

const profileRoutes: FastifyPluginAsyncTypebox<Pick<CommonSettings, 'sessionCacheMs'>> = async (
  app,
  options,
) => {
  app.addHook('onRequest', app.requireUser);
  const { people } = app.repos;
  /**
   * The API never changes a profile (it comes from the university's records), so a process may
   * reuse one it read for as long as it reuses the session (sessionCacheMs).
   */
  const remembered = new Map<string, { readAt: number; profile: ProfileData }>();

  app.route({
    ...endpointRoute(app, PROFILE_ENDPOINTS.data),
    handler: async (request) => {
      const user = sessionUser(request);
      assertSelf(user, request.body);
      const now = Date.now();
      // Profiles hold catalogue names in the request's language.
      const key = `${user.uid}|${request.lang}`;
      const known = remembered.get(key);
      if (known && now - known.readAt < options.sessionCacheMs) return ok(known.profile);
      const row = await people.profile(request.lang, user);
      if (!row) throw new ApiError(404, MESSAGES.notFound);
      const profile = toProfile(user, row);
      if (options.sessionCacheMs > 0) {
        remembered.delete(key);
        if (remembered.size >= MAX_REMEMBERED) {
          remembered.delete(remembered.keys().next().value ?? '');
        }
        remembered.set(key, { readAt: now, profile });
      }
      return ok(profile);
    },
  });
};

export default profileRoutes;
