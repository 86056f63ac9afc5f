// A small load benchmark (not a test): starts the API on a random port with a temporary
// database and measures requests/second and latency of two typical signed-in calls.
// Usage: npm run bench -w api   (BENCH_SECONDS, BENCH_CONCURRENCY to tune; DATABASE_URL to
// benchmark PostgreSQL instead of SQLite: that database gets the demo seed if it is empty).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app.js';
import { benchChat } from './chat.js';
import { benchJournal } from './journal.js';
import { benchLibrary } from './library.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);

interface Session {
  cookie: string;
  xsrf: string;
  uid: number;
  role: number;
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

async function signIn(base: string, login: string, password: string): Promise<Session> {
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
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  const body = (await response.json()) as { data: { user: { uid: number; role: number } } };
  const session = cookiesOf(response).get('lms_session') ?? '';
  return {
    cookie: `XSRF-TOKEN=${xsrf}; lms_session=${session}`,
    xsrf,
    uid: body.data.user.uid,
    role: body.data.user.role,
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function measure(name: string, call: () => Promise<Response>) {
  const latencies: number[] = [];
  let failures = 0;
  const deadline = performance.now() + SECONDS * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const started = performance.now();
      const response = await call();
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      if (!response.ok) failures++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    endpoint: name,
    requests: latencies.length,
    failures,
    'req/s': Math.round(latencies.length / elapsed),
    'p50 ms': Number(percentile(latencies, 50).toFixed(2)),
    'p95 ms': Number(percentile(latencies, 95).toFixed(2)),
    'p99 ms': Number(percentile(latencies, 99).toFixed(2)),
  };
}

// The journal's grid is measured on the university-scale seed (~30,000 students).
process.env.LMS_SEED_SCALE ??= 'university';
// The library's search is measured over 100,000 books.
process.env.LMS_SEED_LIBRARY_BOOKS ??= '100000';
const dataDir = await mkdtemp(join(tmpdir(), 'lms-bench-'));
const app = await buildApp({ dataDir, databaseUrl: process.env.DATABASE_URL, logger: false });
try {
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const teacher = await signIn(address, 'teacher', 'Teacher1');
  const post = (path: string, body: unknown) => () =>
    fetch(`${address}/lms/api/${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: teacher.cookie,
        'x-xsrf-token': teacher.xsrf,
      },
      body: JSON.stringify(body),
    });

  console.log(
    `API benchmark: ${app.db.dialect}, ${CONCURRENCY} concurrent clients, ${SECONDS} s per endpoint`,
  );
  // Warm-up, so JIT and connection set-up do not count.
  await measure('warm-up', post('auth/enticate.json', {})).catch(() => undefined);
  const rows = [
    await measure('auth/enticate.json', post('auth/enticate.json', {})),
    await measure(
      'profile/data.json',
      post('profile/data.json', { uid: teacher.uid, role: teacher.role }),
    ),
  ];
  console.table(rows);
  const student = await signIn(address, 'student', 'Student1');
  await benchChat(address, { teacher, student }, measure);
  await benchJournal(app, address, teacher, measure);
  await benchLibrary(app, address, student, measure);
} finally {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
}
