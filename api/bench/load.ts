// One benchmark row: autocannon (in this process) against a server in another process.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

export interface Session {
  cookie: string;
  xsrf: string;
  uid: number;
  role: number;
}

export interface Target {
  name: string;
  /** The full URL path, e.g. /lms/api/auth/enticate.json. */
  path: string;
  method?: 'GET' | 'POST';
  session?: Session;
  /** A JSON body, the same for every request… */
  body?: unknown;
  /** …or a new one per request (e.g. a cell write that walks the students). */
  nextBody?: () => unknown;
  connections?: number;
  /** The server's process: its CPU time per request is reported too (Linux). */
  pid?: number;
}

export interface Row {
  endpoint: string;
  conns: number;
  'req/s': number;
  'p50 ms': number;
  'p97.5 ms': number;
  'p99 ms': number;
  'non-2xx': number;
  'vs bare': string;
  /** Bytes per answer (headers and body), in KB. */
  'KB/resp'?: number;
  /** The bare route's req/s the ratio was taken against (measured just before the row). */
  'bare req/s'?: number;
  /** A hot row: the ratio of each round, its target and whether the median round meets it. */
  rounds?: string;
  target?: string;
  met?: 'yes' | 'NO';
  /**
   * The server's CPU time (user + system) per answered request: unlike req/s, it does not
   * depend on what else the machine is running.
   */
  'cpu µs/req'?: number;
}

/** A process's CPU time so far in µs (Linux /proc), or undefined elsewhere. */
function cpuMicros(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name (which may hold spaces) in parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1e6) / 100;
  } catch {
    return undefined;
  }
}

function headersOf(target: Target): Record<string, string> {
  const headers: Record<string, string> = {};
  if (target.method !== 'GET') headers['content-type'] = 'application/json';
  if (target.session) {
    headers.cookie = target.session.cookie;
    headers['x-xsrf-token'] = target.session.xsrf;
  }
  return headers;
}

/** Runs one target for SECONDS; `bare` is the baseline's req/s at the same connections. */
export async function load(base: string, target: Target, bare?: number): Promise<Row> {
  const method = target.method ?? 'POST';
  const body = method === 'GET' || target.nextBody ? undefined : JSON.stringify(target.body ?? {});
  const cpuBefore = cpuMicros(target.pid);
  const result = await autocannon({
    url: `${base}${target.path}`,
    method,
    headers: headersOf(target),
    body,
    connections: target.connections ?? CONNECTIONS,
    duration: SECONDS,
    requests: target.nextBody
      ? [
          {
            setupRequest: (request) => ({
              ...request,
              body: JSON.stringify(target.nextBody?.()),
            }),
          },
        ]
      : undefined,
  });
  const rps = Math.round(result.requests.average);
  const cpuAfter = cpuMicros(target.pid);
  const cpu =
    cpuBefore !== undefined && cpuAfter !== undefined && result.requests.total > 0
      ? Math.round((cpuAfter - cpuBefore) / result.requests.total)
      : undefined;
  return {
    endpoint: target.name,
    conns: target.connections ?? CONNECTIONS,
    'req/s': rps,
    'p50 ms': result.latency.p50,
    'p97.5 ms': result.latency.p97_5,
    'p99 ms': result.latency.p99,
    'non-2xx': result.non2xx + result.errors + result.timeouts,
    'vs bare': bare ? `${(rps / bare).toFixed(2)}×` : '',
    // The answer's size (headers and body): a big one costs its writes to the socket.
    'KB/resp':
      result.requests.total > 0
        ? Math.round((result.throughput.total / result.requests.total / 1024) * 10) / 10
        : 0,
    ...(cpu === undefined ? {} : { 'cpu µs/req': cpu }),
  };
}

function cookiesOf(response: Response): Map<string, string> {
  const jar = new Map<string, string>();
  for (const line of response.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const index = pair.indexOf('=');
    jar.set(pair.slice(0, index), pair.slice(index + 1));
  }
  return jar;
}

export async function signIn(base: string, login: string, password: string): Promise<Session> {
  const page = await fetch(`${base}/lms/config.json`);
  const xsrf = cookiesOf(page).get('XSRF-TOKEN') ?? '';
  const response = await fetch(`${base}/lms/api/auth/orize.json`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `XSRF-TOKEN=${xsrf}`,
      'x-xsrf-token': xsrf,
    },
    body: JSON.stringify({ login, password }),
  });
  if (!response.ok) throw new Error(`sign-in of ${login} failed: ${response.status}`);
  const body = (await response.json()) as { data: { user: { uid: number; role: number } } };
  const jar = cookiesOf(response);
  const session = jar.get('lms_session') ?? '';
  // Sign-in renews the XSRF token (it is bound to the session).
  const sessionXsrf = jar.get('XSRF-TOKEN') ?? xsrf;
  return {
    cookie: `XSRF-TOKEN=${sessionXsrf}; lms_session=${session}`,
    xsrf: sessionXsrf,
    uid: body.data.user.uid,
    role: body.data.user.role,
  };
}

/** A signed-in JSON call outside the measurement (setting a benchmark up). */
export async function call<T>(base: string, session: Session, path: string, body?: unknown) {
  const response = await fetch(`${base}/lms/api/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      cookie: session.cookie,
      'x-xsrf-token': session.xsrf,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return ((await response.json()) as { data: T }).data;
}

/**
 * The hot rows of the table (`npm run bench` and bench/profile-one.ts): what every page
 * asks. The header's unread badge counts over the current year and half-year, no discipline.
 */
export async function hotTargets(
  base: string,
  { teacher, student }: { teacher: Session; student: Session },
): Promise<Array<Target & { key: 'enticate' | 'profile' | 'news' | 'count' }>> {
  const person = (await call<{ user: { id: number } }>(base, teacher, 'auth/enticate.json', {}))
    .user.id;
  const year = (await call<{ id_a_year: number }>(base, teacher, 'discipline/current/year.json'))
    .id_a_year;
  const ws = (await call<{ ws: number }>(base, teacher, 'discipline/current/ws.json')).ws;
  return [
    {
      key: 'enticate',
      name: 'auth/enticate',
      path: '/lms/api/auth/enticate.json',
      session: teacher,
    },
    {
      key: 'profile',
      name: 'profile/data',
      path: '/lms/api/profile/data.json',
      session: teacher,
      body: { uid: teacher.uid, role: teacher.role },
    },
    {
      key: 'news',
      name: 'news/data page 1 (student)',
      path: '/lms/api/news/data.json',
      session: student,
      body: { page: 1 },
    },
    {
      key: 'count',
      name: 'chat/count (teacher)',
      path: '/lms/api/chat/count.json',
      session: teacher,
      body: { year, ws, id_from: person, id_from_type: teacher.role },
    },
  ];
}
