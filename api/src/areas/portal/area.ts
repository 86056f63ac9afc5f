import type { FastifyPluginAsync } from 'fastify';
import type { CommonSettings } from '../../lib/settings.js';
import type { MissingKeyLimits } from './missing-key-limits.js';
import { recordRemoteLoadFailure } from '../../lib/metrics.js';
import deployRoutes from './deploy-routes.js';
import healthRoutes from './health-routes.js';
import localesRoutes from './locales-routes.js';
import portalRoutes from './routes.js';

/**
 * The paths the area serves. Its routes name them in full (they are not under one prefix):
 * the portal's pages and files under /lms, remote releases under /lms/deploy and /lms/preview,
 * the language files and their missing keys under /lms/locales, the browsers' reports of remote
 * loads under /lms/api/remotes.
 */
export const PREFIXES = {
  portal: '/lms',
  deploy: '/lms/deploy',
  preview: '/lms/preview',
  locales: '/lms/locales',
  health: '/lms/api/remotes',
} as const;

type PortalAreaOptions = Pick<
  CommonSettings,
  'dataDir' | 'secureCookies' | 'staticRoot' | 'uploadLimitBytes' | 'timeZone'
> & { missingKeys: MissingKeyLimits };

/** The shell's pages and files, the remotes' registry and deploys, the locales. */
const portalArea: FastifyPluginAsync<PortalAreaOptions> = async (app, options) => {
  await app.register(deployRoutes, {
    dataDir: options.dataDir,
    secureCookies: options.secureCookies,
  });
  await app.register(localesRoutes, { limits: options.missingKeys });
  await app.register(healthRoutes, {
    prefix: PREFIXES.health,
    // Failures are counted for /lms/metrics too (per remote, release and kind).
    onFailure: recordRemoteLoadFailure,
  });
  await app.register(portalRoutes, {
    dataDir: options.dataDir,
    staticRoot: options.staticRoot,
    uploadLimitBytes: options.uploadLimitBytes,
    timeZone: options.timeZone,
  });
};

export default portalArea;
