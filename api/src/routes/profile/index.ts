import { Envelope, ProfileData, ProfileDataBody } from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError, MESSAGES, ok } from '../../lib/http.js';
import { assertSelf, sessionUser } from '../../plugins/app/session.js';

const profileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.requireUser);

  app.post(
    '/data.json',
    { schema: { body: ProfileDataBody, response: { 200: Envelope(ProfileData) } } },
    async (request) => {
      const user = sessionUser(request);
      assertSelf(user, request.body);
      const profile = await app.repos.people.profile(user);
      if (!profile) throw new ApiError(404, MESSAGES.notFound);
      return ok(profile);
    },
  );
};

export default profileRoutes;
