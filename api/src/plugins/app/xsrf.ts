import { randomBytes, timingSafeEqual } from 'node:crypto';
import { failure, MESSAGES } from '../../lib/http.js';
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

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Double-submit XSRF protection: a readable cookie is handed out on any response when the
 * browser has none, and every state-changing API call must echo it in X-XSRF-TOKEN. A page on
 * another origin can make the browser send the cookie but cannot read it to set the header.
 */
export default appPlugin('xsrf', async (app, options: Pick<AppOptions, 'secureCookies'>) => {
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[XSRF_COOKIE];
    if (!cookie) {
      reply.setCookie(XSRF_COOKIE, randomBytes(24).toString('base64url'), {
        path: '/lms',
        sameSite: 'lax',
        httpOnly: false,
        secure: options.secureCookies,
      });
    }
    // Every state-changing request is checked, whatever its path looks like: a percent-encoded
    // or otherwise disguised path can never reach a route without the token.
    if (!UNSAFE_METHODS.has(request.method)) return;
    // Decided on the route the router matched, so no disguised path reaches another route.
    if (request.routeOptions.config?.xsrf === false) return;
    const header = request.headers[XSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !sameToken(cookie, header)) {
      return reply.code(403).send(failure(MESSAGES.xsrf));
    }
  });
});
