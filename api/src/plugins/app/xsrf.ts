import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { failure, MESSAGES } from '../../lib/http.js';
import { boundedMemo } from '../../lib/memo.js';
import { appPlugin } from '../../lib/plugin.js';
import type { AppOptions } from '../../options.js';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false: a route called by another server, not a browser (a payment provider's signed
     * notification). It carries no cookie; the route must verify its own signature.
     */
    xsrf?: false;
  }
}

/** The session cookie's name (plugins/app/session.ts); read here to bind the token to it. */
const SESSION_COOKIE = 'lms_session';

/**
 * The XSRF token of a signed-in browser: derived from its session token, which is HttpOnly, so
 * a token planted in the cookie by someone else (a sibling subdomain) never matches, and a new
 * session (sign-in) brings a new token.
 */
export const xsrfTokenFor = boundedMemo(
  (sessionToken) => createHash('sha256').update(`xsrf:${sessionToken}`).digest('base64url'),
  10_000,
);

/** Before sign-in (and after sign-out) the token is random: plain double submit. */
export function randomXsrfToken(): string {
  return randomBytes(24).toString('base64url');
}

export function setXsrfCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(XSRF_COOKIE, token, {
    path: '/lms',
    sameSite: 'lax',
    httpOnly: false,
    secure,
  });
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Whether a token carried in a request's body (a beacon cannot set headers) is the XSRF token of
 * its signed-in session, as the header would have to be.
 */
export function sessionXsrfMatches(
  cookies: Record<string, string | undefined>,
  token: string,
): boolean {
  const session = cookies[SESSION_COOKIE];
  const cookie = cookies[XSRF_COOKIE];
  if (!session || !cookie) return false;
  const expected = xsrfTokenFor(session);
  return sameToken(cookie, expected) && sameToken(expected, token);
}

/**
 * XSRF protection: a readable cookie is handed out on any response when the browser has none (or,
 * signed in, not the one of its session), and every state-changing API call must echo it in
 * X-XSRF-TOKEN. A page on another origin can make the browser send the cookie but cannot read it
 * to set the header; with a session the token must be the session's own (`xsrfTokenFor`).
 */
export default appPlugin('xsrf', async (app, options: Pick<AppOptions, 'secureCookies'>) => {
  app.addHook('onRequest', (request, reply, done) => {
    const cookie = request.cookies[XSRF_COOKIE];
    const session = request.cookies[SESSION_COOKIE];
    const expected = session ? xsrfTokenFor(session) : cookie;
    // The cookie lives under /lms: a request outside it (the browser's /favicon.ico) carries
    // none and must not hand out one, or it would replace the session's token.
    const underPortal = request.url === '/lms' || request.url.startsWith('/lms/');
    if (underPortal && (!cookie || (expected !== undefined && cookie !== expected))) {
      setXsrfCookie(reply, expected ?? randomXsrfToken(), options.secureCookies);
    }
    // Every state-changing request is checked, whatever its path looks like: a percent-encoded
    // or otherwise disguised path can never reach a route without the token.
    if (!UNSAFE_METHODS.has(request.method)) return done();
    // Decided on the route the router matched, so no disguised path reaches another route.
    if (request.routeOptions.config?.xsrf === false) return done();
    const header = request.headers[XSRF_HEADER];
    if (
      !cookie ||
      !expected ||
      typeof header !== 'string' ||
      !sameToken(cookie, expected) ||
      !sameToken(expected, header)
    ) {
      reply.code(403).send(failure(MESSAGES.xsrf[request.lang]));
      return;
    }
    done();
  });
});
