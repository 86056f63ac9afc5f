import { REMOTE_NAMES, PORTAL_ENDPOINTS } from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError, MESSAGES, ok } from '../../lib/http.js';
import { TokenBuckets } from '../../lib/token-bucket.js';
import { sessionUser } from '../../access/index.js';
import { sessionXsrfMatches } from '../../lib/xsrf.js';
import { HEALTH_MESSAGES } from './health-messages.js';
import { endpointRoute } from '../../lib/endpoints.js';
import type { RegistryEntry } from './remote-registry.js';

/**
 * Is this a release the registry names for the remote (its live or candidate version, a folder
 * of its manifest's address, or the portal's own build)? Only such a label reaches the metrics:
 * a browser cannot grow the label set with made-up releases.
 */
export function isKnownRelease(entry: RegistryEntry | undefined, release: string): boolean {
  if (release === 'built-in') return true;
  return [entry?.live, entry?.candidate].some(
    (known) =>
      known !== null &&
      known !== undefined &&
      (known.version === release || known.manifest.split('/').includes(release)),
  );
}

export interface HealthRoutesOptions {
  /** Reports one session may send at once, and refilled per minute. */
  burst?: number;
  perMinute?: number;
  /**
   * Told of every failure (the cluster's metrics: lms_remote_load_failures_total), besides the
   * database that remote:status reads.
   */
  onFailure?: (remote: string, release: string, kind: string) => void;
}

/**
 * POST /lms/api/remotes/health.json: the shell reports each remote's load with
 * navigator.sendBeacon (loaded after so many ms, or failed and how). Signed-in users only, a
 * bounded number per user (signing in again does not refill it), for a remote the portal has; the
 * XSRF token is in the body, as a beacon sends no headers.
 */
const healthRoutes: FastifyPluginAsyncTypebox<HealthRoutesOptions> = async (app, options) => {
  const buckets = new TokenBuckets(options.burst ?? 30, options.perMinute ?? 30);
  app.addHook('onRequest', app.requireUser);

  app.route({
    ...endpointRoute(app, PORTAL_ENDPOINTS.remoteHealth),
    // A beacon cannot send the XSRF header: the handler checks the body's token instead.
    config: {
      xsrf: false,
      answers: {
        403: "The report's token is missing or not this session's.",
        429: 'Too many reports from this session.',
      },
    },
    handler: async (request, reply) => {
      const report = request.body;
      if (!sessionXsrfMatches(request.cookies, report.xsrf)) {
        throw new ApiError(403, MESSAGES.xsrf);
      }
      const registry = (await app.portalFiles.remotes.read()) ?? {};
      if (
        !(report.remote in registry) &&
        !(REMOTE_NAMES as readonly string[]).includes(report.remote)
      ) {
        throw new ApiError(400, HEALTH_MESSAGES.unknownRemote);
      }
      const key = String(sessionUser(request).uid);
      if (!buckets.take(key)) {
        reply.header('Retry-After', String(Math.max(1, Math.ceil(buckets.waitMs(key) / 1000))));
        throw new ApiError(429, HEALTH_MESSAGES.tooManyHealthReports);
      }
      await app.repos.remoteHealth.record(report);
      if (report.outcome === 'failed') {
        const release = isKnownRelease(registry[report.remote], report.release)
          ? report.release
          : 'unknown';
        options.onFailure?.(report.remote, release, report.kind ?? 'load');
      }
      return ok({ recorded: true });
    },
  });
};

export default healthRoutes;
