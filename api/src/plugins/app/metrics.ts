import { BlockList, isIP } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  httpDuration,
  httpRequests,
  metricsRegistry,
  payments,
  registrations,
  signInRefusals,
} from '../../lib/metrics.js';
import { appPlugin } from '../../lib/plugin.js';

/** Requests that matched no route share one label, so scanners cannot grow the series. */
const UNMATCHED = 'unmatched';

/** What a sign-in's refusal means, by its status (areas/auth/routes.ts). */
const SIGN_IN_REFUSALS: Record<number, string> = {
  400: 'invalid',
  401: 'wrong_credentials',
  403: 'must_change',
  429: 'throttled',
};

/**
 * Routes whose success is a business event of their own (a registration, a payment step), by
 * their patterns in the areas (registration, payments); test/metrics.test.ts and the cluster
 * test check that they are counted.
 */
const EVENTS = new Map<string, () => void>([
  ['POST /lms/api/regfordisciplines/saveregistration.json', () => registrations.inc()],
  ['POST /lms/api/regfordisciplines/bytype/actionegistration.json', () => registrations.inc()],
  ['POST /lms/api/misc/paymentcode.json', () => payments.inc({ step: 'code_issued' })],
  ['POST /lms/api/misc/paybycard.json', () => payments.inc({ step: 'card_started' })],
  ['POST /lms/api/payments/notify.json', () => payments.inc({ step: 'notified' })],
]);
/** The sign-in (areas/auth/routes.ts). */
const SIGN_IN = 'POST /lms/api/auth/orize.json';

/**
 * The addresses allowed to read /lms/metrics (LMS_METRICS_ALLOW: addresses and CIDR ranges,
 * comma-separated; loopback only by default). Behind a proxy the client's address is the one
 * the proxy forwarded (LMS_TRUST_PROXY), so the proxy's own loopback address does not open it.
 */
export function metricsAllowList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', bits] = entry.trim().split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (isIP(address) === 0) throw new Error(`LMS_METRICS_ALLOW: ${entry} is not an address`);
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return list;
}

function allowed(list: BlockList, ip: string): boolean {
  // An IPv4 client on a dual-stack socket arrives as ::ffff:a.b.c.d.
  const plain = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  const type = isIP(plain) === 6 ? 'ipv6' : 'ipv4';
  return isIP(plain) !== 0 && list.check(plain, type);
}

function record(request: FastifyRequest, reply: FastifyReply): void {
  const route = request.routeOptions.url ?? UNMATCHED;
  const status = reply.statusCode;
  const labels = { method: request.method, route, status };
  httpRequests.inc(labels);
  httpDuration.observe(labels, reply.elapsedTime / 1000);
  const key = `${request.method} ${route}`;
  if (key === SIGN_IN) {
    const reason = SIGN_IN_REFUSALS[status];
    if (reason) signInRefusals.inc({ reason });
  } else if (status < 300) {
    EVENTS.get(key)?.();
  }
}

/**
 * Prometheus metrics (lib/metrics.ts): every answer is counted by its route pattern and status,
 * and GET /lms/metrics serves the process's registry to the allowed addresses (403 to others).
 */
export default appPlugin('metrics', async (app, options: { metricsAllow: string[] }) => {
  const allowList = metricsAllowList(options.metricsAllow);
  app.addHook('onResponse', async (request, reply) => {
    record(request, reply);
  });

  app.get('/lms/metrics', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (!allowed(allowList, request.ip)) {
      return reply.code(403).type('text/plain; charset=utf-8').send('Forbidden');
    }
    const text = await metricsRegistry.metrics();
    return reply.type(metricsRegistry.contentType).send(text);
  });
});
