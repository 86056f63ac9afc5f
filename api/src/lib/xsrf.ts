import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { boundedMemo } from './memo.js';

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

/** The session cookie's name: the XSRF token of a signed-in browser is bound to it. */
export const SESSION_COOKIE = 'lms_session';

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

export function sameToken(a: string, b: string): boolean {
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
