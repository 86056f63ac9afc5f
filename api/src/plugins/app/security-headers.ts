import type { OutgoingHttpHeaders } from 'node:http';
import { appPlugin } from '../../lib/plugin.js';
import { isApiRequest } from '../../lib/api-path.js';

/** The portal's pages and files: what a page may load, and the browser features it may use. */
function pageHeaders(remoteOrigins: string[]): OutgoingHttpHeaders {
  const extra = remoteOrigins.length > 0 ? ` ${remoteOrigins.join(' ')}` : '';
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
    'x-frame-options': 'DENY',
    // The camera (QR check-in) and the location (checking the student is in the room) for the
    // portal's own pages only; nothing else a page could ask for.
    'permissions-policy':
      'camera=(self), geolocation=(self), microphone=(), payment=(), usb=(), interest-cohort=()',
    'cross-origin-opener-policy': 'same-origin',
    'content-security-policy': [
      `default-src 'self'${extra}`,
      `script-src 'self'${extra}`,
      `style-src 'self' 'unsafe-inline'${extra}`,
      `img-src 'self' data:${extra}`,
      `font-src 'self' data:${extra}`,
      `connect-src 'self'${extra}`,
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; '),
  };
}

/**
 * A JSON answer of the API is data, never a document: opened directly it may load and run
 * nothing, and no page may frame it. It is personal and live, so never stored by the browser or
 * a proxy. (Short, too: these go out on every call.)
 */
const API_JSON_HEADERS: OutgoingHttpHeaders = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
};

const HSTS = 'max-age=31536000; includeSubDomains';

function isJson(type: unknown): boolean {
  return typeof type === 'string' && type.startsWith('application/json');
}

/**
 * Baseline browser protections on every response. Styles need 'unsafe-inline' because the apps'
 * CSS modules are injected as <style> elements (style-loader); remotes hosted on another origin
 * (absolute URLs in remotes.json) are allowed to load their code and data. The headers are
 * worked out once per registry version, not per response.
 */
export default appPlugin('security-headers', async (app, options: { secureCookies: boolean }) => {
  let page: { origins: string[]; headers: OutgoingHttpHeaders } | undefined;
  const pageHeadersNow = () => {
    const origins = app.portalFiles.remoteOrigins();
    if (page?.origins !== origins) page = { origins, headers: pageHeaders(origins) };
    return page.headers;
  };
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!isApiRequest(request)) {
      reply.headers(pageHeadersNow());
    } else if (isJson(reply.getHeader('content-type'))) {
      reply.headers(API_JSON_HEADERS);
    } else {
      // A file the API sends (a download, a PDF, a picture) gets the pages' protections.
      reply.headers(pageHeadersNow());
      reply.header('cache-control', 'no-store');
    }
    // Served over HTTPS (LMS_SECURE_COOKIES=1): browsers keep to HTTPS for a year.
    if (options.secureCookies) reply.header('strict-transport-security', HSTS);
    done(null, payload);
  });
});
