// The API benchmark (not a test). The production server (dist/server.js) and a bare Fastify
// route run in their own processes; the load generator (autocannon) runs in this one. Each row
// is compared with the bare route at the same number of connections, measured in the same run.
//
// Usage: npm run bench   (BENCH_SECONDS, BENCH_ROUNDS, BENCH_CONNECTIONS, BENCH_JOURNAL_CONNECTIONS to tune;
// BENCH_ONLY=api runs the API rows only, on a small library; DATABASE_URL=postgres://…
// benchmarks PostgreSQL: give it an empty database so it gets the university-scale seed).
// Results are printed and written to api/bench/results/.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchChat } from './chat.js';
import { benchJournal } from './journal.js';
import { CONNECTIONS, SECONDS, hotTargets, load, signIn, type Row } from './load.js';
import { startBaseline, startPortal } from './servers.js';
import { benchLibrary } from './library.js';
import { benchRooms } from './rooms.js';
import { benchSchedule, SCHEDULE_CLOCK_START } from './schedule.js';
import { bareAnswerMs, benchWaitlist, type WaitlistRow } from './waitlist.js';
import { benchPhone, type PhoneRow } from './phone.js';
import { benchAreas } from './areas.js';

const RESULTS = join(dirname(fileURLToPath(import.meta.url)), 'results');
/** Rounds of each hot row, each against the bare route measured just before it (BENCH_ROUNDS). */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
/** The hot rows' targets: throughput against the bare route, and a tail latency for the feed. */
const HOT_TARGETS: Record<
  'enticate' | 'profile' | 'news' | 'count',
  { ratio: number; p99?: number }
> = {
  enticate: { ratio: 0.5 },
  profile: { ratio: 0.5 },
  news: { ratio: 0.5, p99: 20 },
  count: { ratio: 0.5 },
};
/** BENCH_ONLY=api: only the hot API rows (the library, journal, chat and schedule rows skipped). */
const apiOnly = process.env.BENCH_ONLY === 'api';

const baseline = await startBaseline();
const portal = await startPortal({
  LMS_SEED_SCALE: 'university',
  LMS_SEED_LIBRARY_BOOKS: process.env.LMS_SEED_LIBRARY_BOOKS ?? (apiOnly ? '1000' : '100000'),
  // QR check-ins are accepted only during a lesson: the schedule's clock starts inside one.
  LMS_SCHEDULE_CLOCK_START: SCHEDULE_CLOCK_START,
});
const dialect = process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite';
const tables: Record<string, Array<Row | Record<string, number> | PhoneRow | WaitlistRow>> = {};
try {
  const bareAt = new Map<number, number>();
  const bare = async (connections: number) => {
    let rps = bareAt.get(connections);
    if (rps === undefined) {
      const row = await load(baseline.base, {
        name: 'bare Fastify JSON route',
        path: '/bare',
        connections,
      });
      rps = row['req/s'];
      bareAt.set(connections, rps);
    }
    return rps;
  };
  console.log(
    `API benchmark: ${dialect}, server pid ${portal.pid} and bare route pid ${baseline.pid}, ` +
      `load from pid ${process.pid}; ${SECONDS} s per row`,
  );
  const teacher = await signIn(portal.base, 'teacher', 'Teacher1');
  const student = await signIn(portal.base, 'student', 'Student1');
  // Warm-up, so JIT and connection set-up do not count.
  await load(portal.base, {
    name: 'warm-up',
    path: '/lms/api/auth/enticate.json',
    session: teacher,
  });

  const hot = await hotTargets(portal.base, { teacher, student });
  const api: Row[] = [
    await load(baseline.base, {
      name: 'bare Fastify JSON route',
      path: '/bare',
      pid: baseline.pid,
    }),
  ];
  bareAt.set(CONNECTIONS, api[0]?.['req/s'] ?? 0);
  // This machine's speed drifts within a run (a shared VM): each row is compared with the bare
  // route measured just before it, not with one measured minutes earlier, ROUNDS times over;
  // the round with the median ratio is shown, with the other rounds' ratios beside it.
  for (const target of hot) {
    const rounds: Row[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const before = await load(baseline.base, { name: 'bare', path: '/bare' });
      const row = await load(portal.base, { ...target, pid: portal.pid }, before['req/s']);
      rounds.push({ ...row, 'bare req/s': before['req/s'] });
    }
    const ratio = (row: Row) => row['req/s'] / (row['bare req/s'] ?? 1);
    rounds.sort((a, b) => ratio(a) - ratio(b));
    const median = rounds[Math.floor(rounds.length / 2)]!;
    const goal = HOT_TARGETS[target.key];
    const met =
      ratio(median) >= goal.ratio && (goal.p99 === undefined || median['p99 ms'] <= goal.p99);
    api.push({
      ...median,
      rounds: rounds.map((row) => ratio(row).toFixed(2)).join(' '),
      target: `≥ ${goal.ratio}×${goal.p99 === undefined ? '' : `, p99 ≤ ${goal.p99} ms`}`,
      met: met ? 'yes' : 'NO',
    });
  }
  console.table(api);
  tables.api = api;

  if (!apiOnly) {
    tables.journal = await benchJournal(portal, teacher, bare);
    console.table(tables.journal);

    tables.chat = await benchChat(portal.base, { teacher, student }, bare);

    tables.library = await benchLibrary(portal, student, bare);

    tables.schedule = await benchSchedule(portal, teacher);
    console.table(tables.schedule);

    // The free-room search on a campus of about 300 rooms (bench/rooms.ts).
    tables.rooms = await benchRooms(portal, teacher);
    console.table(tables.rooms);

    // Waiting lists: a freed seat to the promoted student's page, 300 seats at once.
    tables.waitlist = await benchWaitlist(portal, bareAnswerMs(baseline.base));
    console.table(tables.waitlist);

    // The portal in a browser on a cheap phone (login page, sign in → home): bench/phone.ts.
    tables.phone = await benchPhone(portal.base);
    console.table(tables.phone);

    // Each area on the phone: a tap on its tile, a deep link (bench/areas.ts).
    tables.areas = await benchAreas(portal.base);
    console.table(tables.areas);
  }
} finally {
  await portal.stop();
  await baseline.stop();
}
await mkdir(RESULTS, { recursive: true });
const file = join(RESULTS, `${new Date().toISOString().replace(/[:.]/g, '-')}-${dialect}.json`);
await writeFile(file, JSON.stringify({ dialect, seconds: SECONDS, tables }, null, 2));
console.log(`\nResults: ${file}`);
