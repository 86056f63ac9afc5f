import { REMOTE_NAMES } from '@lms/shared/contract';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's metrics (GET /lms/metrics, Prometheus text format; README "Running a cluster").
 * One registry per process: every app built in it (tests build several) counts into the same
 * series, as a scrape of the process would see them. Names start with `lms_`; Node's own
 * (memory, event-loop lag, handles) with `lms_process_`/`lms_nodejs_`.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: 'lms_' });

/** Seconds: from 5 ms to 10 s, where a portal's calls and their outliers fall. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequests = new Counter({
  name: 'lms_http_requests_total',
  help: 'Requests answered, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [metricsRegistry],
});

export const httpDuration = new Histogram({
  name: 'lms_http_request_duration_seconds',
  help: 'Time to answer a request, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: REQUEST_BUCKETS,
  registers: [metricsRegistry],
});

export const queryDuration = new Histogram({
  name: 'lms_db_query_duration_seconds',
  help: 'Time of one database statement through the query builder',
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5],
  registers: [metricsRegistry],
});

export const queryErrors = new Counter({
  name: 'lms_db_query_errors_total',
  help: 'Database statements that failed',
  registers: [metricsRegistry],
});

export const openStreams = new Gauge({
  name: 'lms_event_streams_open',
  help: 'Server-sent event streams (chat, orders, lessons) open in this process',
  registers: [metricsRegistry],
});

export const eventBusDelay = new Histogram({
  name: 'lms_event_bus_delay_seconds',
  help: 'From publishing a live event to this process receiving it, by channel',
  labelNames: ['channel'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
  registers: [metricsRegistry],
});

export const signInRefusals = new Counter({
  name: 'lms_sign_in_refusals_total',
  help: 'Sign-ins refused, by reason (wrong_credentials, throttled, must_change, invalid)',
  labelNames: ['reason'] as const,
  registers: [metricsRegistry],
});

export const registrations = new Counter({
  name: 'lms_registrations_total',
  help: 'Registrations saved (rate per minute: rate(lms_registrations_total[1m]) * 60)',
  registers: [metricsRegistry],
});

export const payments = new Counter({
  name: 'lms_payments_total',
  help: 'Payment steps: code_issued, card_started, notified (the provider confirmed or declined)',
  labelNames: ['step'] as const,
  registers: [metricsRegistry],
});

export const remoteLoadFailures = new Counter({
  name: 'lms_remote_load_failures_total',
  help: 'Remotes that browsers reported failing to load, by remote, release and kind',
  labelNames: ['remote', 'release', 'kind'] as const,
  registers: [metricsRegistry],
});

interface PoolLike {
  /** Set once the pool has been shut down (the app closed). */
  ended?: boolean;
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

const pools = new Set<PoolLike>();

/** The PostgreSQL pools of this process: connections in use, idle, and callers waiting. */
new Gauge({
  name: 'lms_db_pool_connections',
  help: 'PostgreSQL pool connections by state (in_use, idle, waiting callers)',
  labelNames: ['state'] as const,
  registers: [metricsRegistry],
  collect() {
    let total = 0;
    let idle = 0;
    let waiting = 0;
    for (const pool of pools) {
      if (pool.ended) {
        pools.delete(pool);
        continue;
      }
      total += pool.totalCount;
      idle += pool.idleCount;
      waiting += pool.waitingCount;
    }
    this.set({ state: 'in_use' }, total - idle);
    this.set({ state: 'idle' }, idle);
    this.set({ state: 'waiting' }, waiting);
  },
});

/** Counts a PostgreSQL pool in lms_db_pool_connections until it ends. */
export function watchPool(pool: PoolLike): void {
  pools.add(pool);
}

/** Kysely's log hook: the time of every statement, and the failed ones. */
export function logQuery(event: { level: 'query' | 'error'; queryDurationMillis: number }): void {
  queryDuration.observe(event.queryDurationMillis / 1000);
  if (event.level === 'error') queryErrors.inc();
}

/** A label value from a browser: printable, short, never a new series per request. */
function labelOf(value: string, max: number): string {
  const cleaned = value.replace(/[^\w.:@+-]/g, '').slice(0, max);
  return cleaned || 'unknown';
}

const KNOWN_REMOTES = new Set<string>(REMOTE_NAMES);

/**
 * Counts a remote that a browser failed to load (`lms_remote_load_failures_total`). For the
 * endpoint that receives the browsers' reports: `remote` is one of the portal's remotes (any other
 * name counts as `other`), `release` the version the browser tried (e.g. `1.4.2`), `kind` what
 * failed (e.g. `manifest`, `script`, `timeout`, `render`). Values are cut to safe label text
 * (letters, digits, `.:@+-_`, at most 40 characters for the release and 32 for the kind), so
 * a browser cannot grow the series without bound beyond remotes × releases × kinds.
 */
export function recordRemoteLoadFailure(remote: string, release: string, kind: string): void {
  remoteLoadFailures.inc({
    remote: KNOWN_REMOTES.has(remote) ? remote : 'other',
    release: labelOf(release, 40),
    kind: labelOf(kind, 32),
  });
}
