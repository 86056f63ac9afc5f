import { ROLE, type RoleId, type SessionUser } from '@lms/shared/contract';
import type {
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction as Done,
  onRequestHookHandler,
} from 'fastify';
import { ApiError, MESSAGES } from '../../lib/http.js';
import type { AuthContext } from '../../access/index.js';
import { appPlugin } from '../../lib/plugin.js';
import type { AccountRecord } from './users-repository.js';
import { sessionUserOf } from './wire.js';
import { isApiRequest } from '../../lib/api-path.js';
import { markGuard } from '../../lib/route-guards.js';
import { randomXsrfToken, SESSION_COOKIE, setXsrfCookie, xsrfTokenFor } from '../../lib/xsrf.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest guard: 401 without a valid session. */
    requireUser: onRequestHookHandler;
    /** onRequest guard: 403 unless the session user has this role. */
    requireRole(role: RoleId): onRequestHookHandler;
    startSession(reply: FastifyReply, uid: number): Promise<void>;
    endSession(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /**
     * The signed-in user of any request under /lms (the portal's files too, which the session
     * hook leaves alone): the registry and a canary's files depend on who asks.
     */
    sessionUserOf(request: FastifyRequest): Promise<SessionUser | null>;
  }
}

/** How sessions live (README "Server settings"). */
export interface SessionOptions {
  /** Adds `Secure` to cookies (set behind HTTPS). */
  secureCookies: boolean;
  sessionTtlMs: number;
  /** A session without requests for this long ends (LMS_SESSION_IDLE_MINUTES). */
  sessionIdleMs: number;
  /** How long an API process may reuse a session (and its account) it read (LMS_SESSION_CACHE_MS). */
  sessionCacheMs: number;
}

/** Sessions: an opaque random token in an HttpOnly cookie, stored hashed with an expiry. */
export default appPlugin('session', async (app, options: SessionOptions) => {
  app.decorateRequest('auth', null);
  // Taken once: the hook below runs on every request.
  const { sessions } = app.repos;
  sessions.rememberFor(options.sessionCacheMs);

  const signIn = (
    request: FastifyRequest,
    session: { sessionId: number; account: AccountRecord } | undefined,
  ) => {
    if (session && !session.account.mustChange) {
      request.auth = { user: sessionUserOf(session.account), sessionId: session.sessionId };
    }
  };
  app.addHook('onRequest', (request, _reply, done) => {
    if (!isApiRequest(request)) return done();
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return done();
    // A session this process read lately is taken without a promise (most calls).
    const known = sessions.recall(token, options.sessionIdleMs);
    if (known !== undefined) {
      signIn(request, known);
      return done();
    }
    sessions.resolve(token, options.sessionIdleMs).then((session) => {
      signIn(request, session);
      done();
    }, done);
  });

  app.decorate('sessionUserOf', async (request: FastifyRequest) => {
    if (request.auth) return request.auth.user;
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return null;
    const session =
      sessions.recall(token, options.sessionIdleMs) ??
      (await sessions.resolve(token, options.sessionIdleMs));
    signIn(request, session);
    return request.auth ? (request.auth as AuthContext).user : null;
  });

  // Plain callbacks, not async functions: they run on every guarded call.
  app.decorate(
    'requireUser',
    markGuard((request: FastifyRequest, _reply: FastifyReply, done: Done) => {
      done(request.auth ? undefined : new ApiError(401, MESSAGES.notAuthenticated));
    }, 'signedIn'),
  );

  app.decorate('requireRole', (role: RoleId) =>
    markGuard(
      (request: FastifyRequest, _reply: FastifyReply, done: Done) => {
        if (!request.auth) return done(new ApiError(401, MESSAGES.notAuthenticated));
        if (request.auth.user.role !== role) {
          const message = role === ROLE.teacher ? MESSAGES.teachersOnly : MESSAGES.studentsOnly;
          return done(new ApiError(403, message));
        }
        done();
      },
      role === ROLE.teacher ? 'teacher' : 'student',
    ),
  );

  const cookieOptions = {
    path: '/lms',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: options.secureCookies,
  };

  app.decorate('startSession', async (reply: FastifyReply, uid: number) => {
    const token = await sessions.create(uid, options.sessionTtlMs);
    reply.setCookie(SESSION_COOKIE, token, {
      ...cookieOptions,
      maxAge: Math.max(1, Math.ceil(options.sessionTtlMs / 1000)),
    });
    // A new session, a new XSRF token (bound to it).
    setXsrfCookie(reply, xsrfTokenFor(token), options.secureCookies);
    // Sign-ins are rare enough to carry the cleanup of expired sessions.
    await sessions.deleteExpired(options.sessionIdleMs);
  });

  app.decorate('endSession', async (request: FastifyRequest, reply: FastifyReply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await sessions.delete(token);
    reply.clearCookie(SESSION_COOKIE, cookieOptions);
    setXsrfCookie(reply, randomXsrfToken(), options.secureCookies);
  });
});
