import { PASSWD_ENDPOINTS } from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError, MESSAGES, ok } from '../../lib/http.js';
import { fill } from '../../lib/messages.js';
import { PASSWD_MESSAGES, THROTTLED } from './messages.js';
import { hashPassword, verifyPassword } from './password.js';
import { minutesToWait, newPasswordRefusal } from './rules.js';
import { assertSelf, sessionUser } from '../../access/index.js';
import { endpointRoute } from '../../lib/endpoints.js';

/** The answer of a successful change (the contract's value; the form shows its own text). */
export const PASSWORD_CHANGED = 'Password changed successfully';

const passwdRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.requireUser);
  const { throttle } = app.repos;

  app.route({
    ...endpointRoute(app, PASSWD_ENDPOINTS.reset),
    config: { answers: { 429: 'Too many attempts: wait before trying again.' } },
    handler: async (request) => {
      const user = sessionUser(request);
      const { password, newPassword } = request.body;
      assertSelf(user, request.body);
      if (!password) throw new ApiError(400, PASSWD_MESSAGES.oldRequired);
      // Guessing the old password is throttled like signing in: per account and per address.
      const throttleKey = `passwd:${user.uid}`;
      const wait = await throttle.attempt(throttleKey, request.ip);
      if (wait > 0)
        throw new ApiError(429, fill(THROTTLED.passwd, { minutes: minutesToWait(wait) }));
      const account = await app.repos.users.findByUid(user.uid);
      if (!account) throw new ApiError(401, MESSAGES.notAuthenticated);
      if (!(await verifyPassword(password, account.passwordHash))) {
        throw new ApiError(400, PASSWD_MESSAGES.wrongOld);
      }
      await throttle.forgive(throttleKey, request.ip);
      const refusal = newPasswordRefusal(password, newPassword);
      if (refusal) throw new ApiError(400, PASSWD_MESSAGES[refusal]);
      await app.repos.users.updatePassword(user.uid, await hashPassword(newPassword));
      // Sessions opened elsewhere with the old password end; this one stays signed in.
      await app.repos.sessions.deleteForUser(user.uid, request.auth?.sessionId);
      return ok({ message: PASSWORD_CHANGED } as const);
    },
  });
};

export default passwdRoutes;
