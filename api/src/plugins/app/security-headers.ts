import type { AppOptions } from '../../options.js';
import { appPlugin } from '../../lib/plugin.js';
import { isApiRequest } from './errors.js';

/**
 * Baseline browser protections on every response. Styles need 'unsafe-inline' because the apps'
 * CSS modules are injected as <style> elements (style-loader); remotes hosted on another origin
 * (absolute URLs in remotes.json) are allowed to load their code and data.
 */
export default appPlugin(
  'security-headers',
  async (app, options: Pick<AppOptions, 'secureCookies'>) => {
    app.addHook('onSend', async (request, reply, payload) => {
      // API answers are personal and live: never stored by the browser or a proxy.
      if (isApiRequest(request)) reply.header('Cache-Control', 'no-store');
      const remotes = app.portalFiles.remoteOrigins().join(' ');
      const extra = remotes ? ` ${remotes}` : '';
      // Served over HTTPS (LMS_SECURE_COOKIES=1): browsers keep to HTTPS for a year.
      if (options.secureCookies) {
        reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
      }
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Referrer-Policy', 'same-origin');
      reply.header('X-Frame-Options', 'DENY');
      // The camera (QR check-in) and the location (checking the student is in the room) for the
      // portal's own pages only; nothing else a page could ask for.
      reply.header(
        'Permissions-Policy',
        'camera=(self), geolocation=(self), microphone=(), payment=(), usb=(), interest-cohort=()',
      );
      reply.header('Cross-Origin-Opener-Policy', 'same-origin');
      reply.header(
        'Content-Security-Policy',
        [
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
      );
      return payload;
    });
  },
);
