import { AUTH_ENDPOINTS } from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEVICE_COOKIE, DEVICE_TTL_MS, deviceOf, issueDeviceCookie } from './device-cookie.js';
import { ApiError, MESSAGES, ok } from '../../lib/http.js';
import { fill } from '../../lib/messages.js';
import { AUTH_MESSAGES, THROTTLED } from './messages.js';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './password.js';
import { hasCredentials, minutesToWait, newCredentialsRefusal, normalizeLogin } from './rules.js';
import type { AccountRecord } from './users-repository.js';
import { sessionUserOf } from './wire.js';
import { endpointRoute } from '../../lib/endpoints.js';

type AuthOptions = {
  /** HMAC secret of known-device cookies (device-cookie.ts). */
  deviceSecret: string;
  secureCookies: boolean;
};

const authRoutes: FastifyPluginAsyncTypebox<AuthOptions> = async (app, options) => {
  const { users, throttle } = app.repos;

  /** The device's nonce when the request carries a valid device cookie for this login. */
  const knownDevice = (request: FastifyRequest, login: string): string | null =>
    deviceOf(options.deviceSecret, request.cookies[DEVICE_COOKIE], normalizeLogin(login));

  /**
   * Counts the attempt before any password is checked; 429 while the login, the address or the
   * pair must wait, or, from a known device, the device (throttle-repository.ts). Answers
   * the known device, which the outcome is then given back to.
   */
  const guardThrottle = async (request: FastifyRequest, login: string) => {
    const device = knownDevice(request, login);
    const wait = await throttle.attempt(login, request.ip, Date.now(), device);
    if (wait > 0) throw new ApiError(429, fill(THROTTLED.signIn, { minutes: minutesToWait(wait) }));
    return device;
  };

  /** A signed-in browser becomes a known device of the login (a new nonce each time). */
  const rememberDevice = (reply: FastifyReply, login: string) => {
    reply.setCookie(DEVICE_COOKIE, issueDeviceCookie(options.deviceSecret, normalizeLogin(login)), {
      path: '/lms/api/auth',
      httpOnly: true,
      sameSite: 'strict',
      secure: options.secureCookies,
      maxAge: Math.floor(DEVICE_TTL_MS / 1000),
    });
  };

  /** The account when login and password match (the attempt is already counted). */
  const checkCredentials = async (
    request: FastifyRequest,
    login: string,
    password: string,
  ): Promise<AccountRecord | undefined> => {
    const account = await users.findByLogin(login);
    const matches = account
      ? await verifyPassword(password, account.passwordHash)
      : await verifyAgainstDummy(password);
    return matches ? account : undefined;
  };

  app.route({
    ...endpointRoute(app, AUTH_ENDPOINTS.authenticate),
    config: { answers: { 401: 'Not signed in.' } },
    handler: async (request) => {
      if (!request.auth) throw new ApiError(401, MESSAGES.notAuthenticated);
      return ok({ user: request.auth.user });
    },
  });

  app.route({
    ...endpointRoute(app, AUTH_ENDPOINTS.authorize),
    config: {
      answers: {
        401: 'The login or the password is wrong.',
        429: 'Too many attempts: wait before trying again.',
      },
    },
    handler: async (request, reply) => {
      const { login, password } = request.body;
      if (!hasCredentials(login, password)) throw new ApiError(400, MESSAGES.credentialsRequired);
      const device = await guardThrottle(request, login);
      const account = await checkCredentials(request, login, password);
      if (!account) throw new ApiError(401, MESSAGES.wrongCredentials);
      await throttle.forgive(login, request.ip, device);
      if (account.mustChange) throw new ApiError(403, MESSAGES.mustChangeCredentials);
      if (needsRehash(account.passwordHash)) {
        await users.updatePassword(account.uid, await hashPassword(password));
      }
      await app.startSession(reply, account.uid);
      rememberDevice(reply, login);
      return ok({ user: sessionUserOf(account), token: true as const });
    },
  });

  app.route({
    ...endpointRoute(app, AUTH_ENDPOINTS.recovery),
    config: { answers: { 429: 'Too many attempts: wait before trying again.' } },
    handler: async (request) => {
      const { oldlog, oldpas } = request.body;
      if (!hasCredentials(oldlog, oldpas)) return ok({ LOG_PAS: 0 as const });
      const device = await guardThrottle(request, oldlog);
      const account = await users.findByLogin(oldlog);
      if (!account?.mustChange) {
        // Nothing to reveal about other accounts: same answer and the same time spent. No
        // password was checked, so the attempt is given back: every sign-in on the login page
        // asks this first, and a campus behind one address would otherwise use its address up.
        await verifyAgainstDummy(oldpas);
        await throttle.release(oldlog, request.ip, device);
        return ok({ LOG_PAS: 0 as const });
      }
      if (!(await checkCredentials(request, oldlog, oldpas))) return ok({ LOG_PAS: 0 as const });
      await throttle.forgive(oldlog, request.ip, device);
      return ok({ LOG_PAS: 1 as const });
    },
  });

  app.route({
    ...endpointRoute(app, AUTH_ENDPOINTS.updateLogin),
    config: { answers: { 429: 'Too many attempts: wait before trying again.' } },
    handler: async (request) => {
      const { oldlog, oldpas, newlog, newpas } = request.body;
      if (!hasCredentials(oldlog, oldpas)) throw new ApiError(400, MESSAGES.credentialsRequired);
      const device = await guardThrottle(request, oldlog);
      const account = await checkCredentials(request, oldlog, oldpas);
      if (!account) throw new ApiError(400, AUTH_MESSAGES.wrongOldCredentials);
      await throttle.forgive(oldlog, request.ip, device);
      const refusal = newCredentialsRefusal(oldpas, newlog, newpas);
      if (refusal) throw new ApiError(400, AUTH_MESSAGES[refusal]);
      const login = normalizeLogin(newlog);
      if (await users.loginTakenByOther(login, account.uid)) {
        throw new ApiError(400, AUTH_MESSAGES.loginTaken);
      }
      try {
        await users.updateCredentials(account.uid, login, await hashPassword(newpas));
      } catch (error) {
        // Another request took the login between the check and the write (unique index).
        if (await users.loginTakenByOther(login, account.uid)) {
          throw new ApiError(400, AUTH_MESSAGES.loginTaken);
        }
        throw error;
      }
      // Whoever held the old credentials loses access with them.
      await app.repos.sessions.deleteForUser(account.uid);
      return ok([{ sms: AUTH_MESSAGES.updated[request.lang], updated: true as const }]);
    },
  });

  app.route({
    ...endpointRoute(app, AUTH_ENDPOINTS.logout),
    handler: async (request, reply) => {
      await app.endSession(request, reply);
      return ok({ logout: true as const });
    },
  });
};

export default authRoutes;
