import { failure, MESSAGES } from '../../lib/http.js';
import { appPlugin } from '../../lib/plugin.js';
import {
  randomXsrfToken,
  sameToken,
  SESSION_COOKIE,
  setXsrfCookie,
  XSRF_COOKIE,
  XSRF_HEADER,
  xsrfTokenFor,
} from '../../lib/xsrf.js';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * XSRF protection: a readable cookie is handed out on any response when the browser has none (or,
 * signed in, not the one of its session), and every state-changing API call must echo it in
 * X-XSRF-TOKEN. A page on another origin can make the browser send the cookie but cannot read it
 * to set the header; with a session the token must be the session's own (`xsrfTokenFor`).
 */
export default appPlugin('xsrf', async (app, options: { secureCookies: boolean }) => {
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
