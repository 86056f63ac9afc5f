import { Envelope, PasswdResetBody, PasswdResetResponse } from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError, MESSAGES, ok } from '../../lib/http.js';
import { hashPassword, verifyPassword } from './password.js';
import { sessionUser } from '../../plugins/app/session.js';
import { assertSelf } from '../../access/index.js';

/** Spec §5: the password-change form asks for at least 4 characters. */
const MIN_NEW_PASSWORD = 4;

export const PASSWD_MESSAGES = {
  oldRequired: 'Введите старый пароль',
  wrongOld: 'Неверный старый пароль',
  throttled: (retryAfterMs: number) =>
    `Слишком много попыток. Повторите через ${Math.max(1, Math.ceil(retryAfterMs / 60000))} мин.`,
  tooShort: `Новый пароль должен содержать не менее ${MIN_NEW_PASSWORD} символов`,
  changed: 'Password changed successfully',
} as const;

const passwdRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.requireUser);
  const { throttle } = app.repos;

  app.post(
    '/reset.json',
    { schema: { body: PasswdResetBody, response: { 200: Envelope(PasswdResetResponse) } } },
    async (request) => {
      const user = sessionUser(request);
      const { password, newPassword } = request.body;
      assertSelf(user, request.body);
      if (!password) throw new ApiError(400, PASSWD_MESSAGES.oldRequired);
      // Guessing the old password is throttled like signing in: per account and per address.
      const throttleKey = `passwd:${user.uid}`;
      const wait = await throttle.attempt(throttleKey, request.ip);
      if (wait > 0) throw new ApiError(429, PASSWD_MESSAGES.throttled(wait));
      const account = await app.repos.users.findByUid(user.uid);
      if (!account) throw new ApiError(401, MESSAGES.notAuthenticated);
      if (!(await verifyPassword(password, account.passwordHash))) {
        throw new ApiError(400, PASSWD_MESSAGES.wrongOld);
      }
      await throttle.forgive(throttleKey, request.ip);
      if (newPassword.length < MIN_NEW_PASSWORD) throw new ApiError(400, PASSWD_MESSAGES.tooShort);
      await app.repos.users.updatePassword(user.uid, await hashPassword(newPassword));
      // Sessions opened elsewhere with the old password end; this one stays signed in.
      await app.repos.sessions.deleteForUser(user.uid, request.auth?.sessionId);
      return ok({ message: PASSWD_MESSAGES.changed });
    },
  );
};

export default passwdRoutes;
