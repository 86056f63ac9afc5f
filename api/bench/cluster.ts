// `npm run bench:cluster` (DATABASE_URL=postgres://…): the portal as a cluster on this machine
// (api/scripts/cluster.mjs: API processes on one PostgreSQL and one data folder behind HAProxy),
// driven from this process:
//   1. a registration rush: students, each with their own session, save a registration for a
//      mandatory discipline whose lecture streams have fewer seats than students, while readers
//      read news and keep the group's chat stream open and a teacher writes to the group;
//   2. mid-rush one process is killed (SIGKILL), later another is stopped (SIGTERM) and started
//      again: failed requests, client retries, chat messages lost, double registrations, seats,
//      how long until every chat stream is live again and until HAProxy stops using the dead one;
//   3. memory and connections per API and HAProxy process as chat streams opened through HAProxy
//      grow (BENCH_STREAM_STEPS=0 leaves this part out);
//   4. an exam (./exam.ts: students start one test together and save answers through a kill and
//      a lost network). BENCH_EXAM=0 leaves it out, BENCH_ONLY_EXAM=1 runs it alone.
// Figures are printed and written to api/bench/results/cluster-<time>.json.
//
// BENCH_CLUSTER_NODES (3), BENCH_RUSH_STUDENTS (2000), BENCH_RUSH_READERS (500),
// BENCH_RUSH_SEATS (seats per lecture stream; 30% of the students), BENCH_RUSH_CONCURRENCY (200:
// saves in flight at once, as students press the button together),
// BENCH_STREAM_STEPS (1000,5000,10000), BENCH_CLUSTER_PORT (HAProxy's; 19140, the processes
// the ports after it).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { Agent, get, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openFileLimit, startCluster, type ClusterProcess } from '../scripts/cluster.mjs';
import { hashToken } from '../src/areas/auth/index.js';
import { isPostgresUrl } from '../src/db/database.js';
import { xsrfTokenFor } from '../src/lib/xsrf.js';
import { examTable, runExam } from './exam.js';

const RESULTS = join(dirname(fileURLToPath(import.meta.url)), 'results');
const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const NODES = env('BENCH_CLUSTER_NODES', 3);
const STUDENTS = env('BENCH_RUSH_STUDENTS', 2000);
const READERS = env('BENCH_RUSH_READERS', 500);
const SEATS = env('BENCH_RUSH_SEATS', Math.round(STUDENTS * 0.3));
const CONCURRENCY = env('BENCH_RUSH_CONCURRENCY', 200);
const PORT = env('BENCH_CLUSTER_PORT', 19140);
/** BENCH_CLUSTER_KILL=0 leaves out the kill (to see the stop and start on their own). */
const KILL = process.env.BENCH_CLUSTER_KILL !== '0';
/** BENCH_CLUSTER_STOP=0 leaves out the SIGTERM and restart (with the kill: a rush undisturbed). */
const STOP = process.env.BENCH_CLUSTER_STOP !== '0';
const EXAM = process.env.BENCH_EXAM !== '0';
const ONLY_EXAM = process.env.BENCH_ONLY_EXAM === '1';
const STREAM_STEPS = (process.env.BENCH_STREAM_STEPS ?? '1000,5000,10000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);

const adminUrl = process.env.DATABASE_URL;
if (!isPostgresUrl(adminUrl)) {
  console.log('bench:cluster needs PostgreSQL: set DATABASE_URL=postgres://…');
  process.exit(1);
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? 0
    : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);
const round = (value: number, digits = 1) => Number(value.toFixed(digits));

interface Session {
  userId: number;
  cookie: string;
  xsrf: string;
}

// ---- The cluster, on a database of its own ----

const dbName = `lms_bench_cluster_${process.pid}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
await admin.end();
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${dbName}`;
const databaseUrl = dbUrl.toString();
const dataDir = await mkdtemp(join(tmpdir(), 'lms-bench-cluster-'));

console.log(`bench:cluster: ${NODES} API processes + HAProxy on PostgreSQL; seeding…`);
const cluster = await startCluster({
  nodes: NODES,
  port: PORT,
  apiPort: PORT + 1,
  dataDir,
  databaseUrl,
  env: { LMS_LOG_LEVEL: 'warn', LMS_SESSION_CACHE_MS: '1000' },
  stdio: 'inherit',
  haproxyStdio: 'pipe',
});
const front = cluster.front;
// Should the benchmark fail, no process of the cluster outlives it.
process.on('exit', () => {
  for (const child of [...cluster.processes.map((node) => node.child), ...cluster.haproxies]) {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
});

/** When HAProxy logged each process going down (its health checks). */
const downAt = new Map<string, number>();
for (const stream of cluster.haproxies.flatMap((haproxy) => [haproxy.stdout, haproxy.stderr])) {
  if (!stream) continue;
  createInterface({ input: stream }).on('line', (line) => {
    const down = /Server api\/(api\d+) is DOWN/.exec(line);
    if (down?.[1] && !downAt.has(down[1])) downAt.set(down[1], Date.now());
  });
}

const db = new pg.Pool({ connectionString: databaseUrl, max: 4 });

async function one<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T> {
  const result = await db.query<T>(text, values);
  const row = result.rows[0];
  assert.ok(row, `no row: ${text}`);
  return row;
}

// ---- Students, their sessions, and the rush's discipline ----

const demo = await one<{ student_id: number; group_id: number; person_id: number }>(
  `select u.student_id, s.group_id, s.person_id from users u join students s on s.id = u.student_id
    where u.login = 'student'`,
);
const teacher = await one<{ id: number; teacher_id: number }>(
  `select id, teacher_id from users where login = 'teacher'`,
);
const plan = await one<{ discipline_id: number; year_id: number; ws_id: number }>(
  `select sp.discipline_id, sp.year_id, sp.ws_id from study_plan sp
     join registration_streams rs on rs.discipline_id = sp.discipline_id
      and rs.year_id = sp.year_id and rs.ws_id = sp.ws_id
    where sp.group_id = $1 and sp.is_elective = 0
    order by sp.year_id desc, sp.ws_id desc, sp.discipline_id limit 1`,
  [demo.group_id],
);
const streams = (
  await db.query<{ id: number; teacher_id: number }>(
    `select id, teacher_id from registration_streams
      where discipline_id = $1 and year_id = $2 and ws_id = $3 and lesson_type_id = 1
      order by id`,
    [plan.discipline_id, plan.year_id, plan.ws_id],
  )
).rows;
assert.ok(streams.length > 0, 'lecture streams of the rush discipline');
await db.query(`update registration_streams set capacity = taken + $1 where id = any($2)`, [
  SEATS,
  streams.map((s) => s.id),
]);

const people = STUDENTS + READERS;
const personColumns = (
  await db.query<{ column_name: string }>(
    `select column_name from information_schema.columns
      where table_name = 'persons' and column_name <> 'id' order by ordinal_position`,
  )
).rows.map((row) => `"${row.column_name}"`);
const stamp = Date.now();
const hash = (
  await one<{ password_hash: string }>(`select password_hash from users where login = 'student'`)
).password_hash;
/** `count` students of the demo group (copies of the demo student), signing in as <prefix>-<k>. */
async function createUsers(count: number, prefix: string): Promise<number[]> {
  const made = await db.query<{ user_id: number }>(
    `with p as (
       insert into persons (${personColumns.join(', ')})
       select ${personColumns.map((c) => `src.${c}`).join(', ')}
         from persons src, generate_series(1, $1) where src.id = $2
       returning id),
     s as (
       insert into students (person_id, group_id, subgroup_id)
       select id, $3, null from p returning id),
     n as (select id, row_number() over (order by id) as k from s)
     insert into users (login, password_hash, role, must_change_credentials, news_perms,
                        teacher_id, student_id, created_at, updated_at)
     select $6 || '-' || k, $4, 2, 0, 0, null, id, $5, $5 from n
     returning id as user_id`,
    [count, demo.person_id, demo.group_id, hash, stamp, prefix],
  );
  return made.rows.map((row) => row.user_id).sort((a, b) => a - b);
}

async function sessionsFor(ids: number[]): Promise<Session[]> {
  const now = Date.now();
  const tokens = ids.map(() => randomBytes(32).toString('base64url'));
  await db.query(
    `insert into sessions (token_hash, user_id, created_at, expires_at, last_seen_at)
     select unnest($1::text[]), unnest($2::int[]), $3::bigint, $3::bigint + 43200000, $3::bigint`,
    [tokens.map((token) => hashToken(token)), ids, now],
  );
  return ids.map((userId, index) => {
    const token = tokens[index] ?? '';
    const xsrf = xsrfTokenFor(token);
    return { userId, cookie: `lms_session=${token}; XSRF-TOKEN=${xsrf}`, xsrf };
  });
}
const [teacherSession] = await sessionsFor([teacher.id]);
assert.ok(teacherSession);
const exam = () =>
  runExam({
    cluster,
    db,
    createUsers,
    sessionsFor,
    teacher: teacherSession,
    groupId: demo.group_id,
  });
if (ONLY_EXAM) {
  const figures = await exam();
  console.log('Exam:', figures);
  console.log(examTable(figures));
  await finish({ at: new Date().toISOString(), nodes: NODES, exam: figures }, 'cluster-exam');
}
const sessions = await sessionsFor(await createUsers(people, 'rush'));
const rushers = sessions.slice(0, STUDENTS);
const readers = sessions.slice(STUDENTS);

const chain = await one<{
  year_id: number;
  ws_id: number;
  discipline_id: number;
  group_id: number;
}>(
  `select year_id, ws_id, discipline_id, group_id from chat_messages
    where teacher_id = $1 and group_id = $2 limit 1`,
  [teacher.teacher_id, demo.group_id],
).catch(async () =>
  one<{ year_id: number; ws_id: number; discipline_id: number; group_id: number }>(
    `select year_id, ws_id, discipline_id, group_id from teaching_assignments
      where teacher_id = $1 and group_id = $2 order by year_id desc, ws_id desc limit 1`,
    [teacher.teacher_id, demo.group_id],
  ),
);

// ---- HTTP as a browser does it ----

/** What a failed fetch met (fetch says only "fetch failed"; its cause names the socket error). */
function failureOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return `${String(error)}${cause ? ` (${cause.code ?? cause.message ?? ''})` : ''}`;
}

async function post(session: Session, path: string, body: unknown, base = front) {
  const started = performance.now();
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: session.cookie,
      'x-xsrf-token': session.xsrf,
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, text, ms: performance.now() - started };
}

/**
 * An EventSource: reconnects after the server's `retry:` delay when the stream ends or fails,
 * and remembers when it was last live and how long each outage lasted.
 */
class ChatStream {
  live = false;
  closed = false;
  retryMs = 2000;
  droppedAt = 0;
  outages: number[] = [];
  received = new Set<number>();
  private request: ReturnType<typeof get> | undefined;

  constructor(
    private readonly session: Session,
    private readonly base: string,
    private readonly agent: Agent,
  ) {}

  open(): Promise<void> {
    return new Promise((resolve) => {
      const request = get(
        `${this.base}/lms/api/chat/events`,
        {
          headers: { cookie: this.session.cookie, accept: 'text/event-stream' },
          agent: this.agent,
        },
        (response: IncomingMessage) => {
          if (response.statusCode !== 200) {
            response.resume();
            this.drop();
            resolve();
            return;
          }
          let buffer = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            if (!this.live) {
              this.live = true;
              if (this.droppedAt) this.outages.push(Date.now() - this.droppedAt);
              resolve();
            }
            buffer += chunk;
            let end: number;
            while ((end = buffer.indexOf('\n\n')) >= 0) {
              this.event(buffer.slice(0, end));
              buffer = buffer.slice(end + 2);
            }
          });
          response.on('end', () => this.drop());
          response.on('error', () => this.drop());
        },
      );
      request.on('error', () => {
        this.drop();
        resolve();
      });
      this.request = request;
    });
  }

  private event(block: string) {
    for (const line of block.split('\n')) {
      if (line.startsWith('retry: ')) this.retryMs = Number(line.slice(7));
      if (line.startsWith('data: ')) {
        const data = JSON.parse(line.slice(6)) as { id_message?: number };
        const id = data.id_message;
        if (typeof id === 'number') this.received.add(id);
      }
    }
  }

  private drop() {
    if (this.closed) return;
    if (this.live) this.droppedAt = Date.now();
    this.live = false;
    this.request?.destroy();
    setTimeout(() => {
      if (!this.closed) void this.open();
    }, this.retryMs);
  }

  close() {
    this.closed = true;
    this.request?.destroy();
  }
}

// ---- 1 + 2: the rush, a kill, a stop and a start ----

console.log(
  `Rush: ${STUDENTS} students for ${streams.length} lecture streams of ${SEATS} seats, ` +
    `${READERS} readers with chat streams, ${CONCURRENCY} requests at a time`,
);
const readerAgent = new Agent({ keepAlive: false, maxSockets: Infinity });
const chatStreams = readers.map((session) => new ChatStream(session, front, readerAgent));
await Promise.all(chatStreams.map((stream) => stream.open()));
console.log(`  ${chatStreams.filter((s) => s.live).length} chat streams open`);

const latencies: number[] = [];
const outcomes = { registered: 0, full: 0, duplicateOnRetry: 0, otherRefusals: 0, failed: 0 };
const failures: string[] = [];
let retried = 0;
/** Why requests had to be sent again, by phase and answer. */
const retryCauses: Record<string, number> = {};
/** Requests the client had to send again, by what happened last: the kill, or the stop. */
const retriedAfter = { kill: 0, stop: 0 };
let done = 0;
const events: { at: number; what: string }[] = [];

async function register(session: Session, index: number) {
  const stream = streams[index % streams.length];
  assert.ok(stream);
  const body = {
    id_a_year: plan.year_id,
    id_semester: plan.ws_id,
    id_discipline: plan.discipline_id,
    id_teacher: stream.teacher_id,
    subgroup: stream.id,
  };
  for (let attempt = 0; attempt < 4; attempt++) {
    const answer = await post(
      session,
      '/lms/api/regfordisciplines/saveregistration.json',
      body,
    ).catch((error: unknown) => ({ status: 0, text: failureOf(error), ms: 0 }));
    if (answer.status === 200) {
      latencies.push(answer.ms);
      outcomes.registered++;
      return;
    }
    if (answer.status === 409 || answer.status === 400 || answer.status === 403) {
      latencies.push(answer.ms);
      // A retry of a save that went through before its answer was lost: already registered.
      // (Asked of the database only for a retry, so the client adds no work to a first answer.)
      const already =
        attempt > 0 &&
        Boolean(
          (
            await db.query(
              `select 1 from discipline_registrations r join users u on u.student_id = r.student_id
                where u.id = $1 and r.discipline_id = $2`,
              [session.userId, plan.discipline_id],
            )
          ).rowCount,
        );
      if (already) outcomes.duplicateOnRetry++;
      else if (answer.status === 409 && /заполнен|full|толук/i.test(answer.text)) outcomes.full++;
      else {
        outcomes.otherRefusals++;
        if (failures.length < 5) failures.push(`${answer.status} ${answer.text.slice(0, 160)}`);
      }
      return;
    }
    // The process died under the request (502), or it was stopping (503): the client retries.
    retried++;
    if (stoppedAt) retriedAfter.stop++;
    else if (killedAt) retriedAfter.kill++;
    const phase = stoppedAt ? 'after stop' : killedAt ? 'after kill' : 'before';
    const kind = `${phase}: ${answer.status} ${answer.text
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .slice(0, 90)}`;
    retryCauses[kind] = (retryCauses[kind] ?? 0) + 1;
    await sleep(250 * (attempt + 1));
  }
  outcomes.failed++;
}

// The teacher writes to the group (whose readers listen) every 100 ms during the rush.
const sentIds: number[] = [];
let chatFailures = 0;
let writing = true;
const writer = (async () => {
  let n = 0;
  while (writing) {
    const form = new FormData();
    const fields = {
      year: chain.year_id,
      ws: chain.ws_id,
      id_discipline: chain.discipline_id,
      id_from_type: 1,
      id_from: teacher.teacher_id,
      id_to_type: 1,
      id_to: -1,
      id_group: chain.group_id,
      message: `rush message ${++n}`,
    };
    for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
    const response = await fetch(`${front}/lms/api/chat/insert.json`, {
      method: 'POST',
      headers: { cookie: teacherSession.cookie, 'x-xsrf-token': teacherSession.xsrf },
      body: form,
    }).catch(() => undefined);
    if (response?.status === 200) {
      const id = ((await response.json()) as { data: { id_message: number } }).data.id_message;
      sentIds.push(id);
    } else {
      chatFailures++;
      await response?.text();
    }
    await sleep(100);
  }
})();

// News readers: each reader reads the first page now and then.
let newsReads = 0;
let newsFailures = 0;
let reading = true;
const newsReader = (async () => {
  let k = 0;
  while (reading) {
    const session = readers[k++ % readers.length];
    if (!session) break;
    const answer = await post(session, '/lms/api/news/data.json', { page: 1 }).catch(() => ({
      status: 0,
    }));
    if (answer.status === 200) newsReads++;
    else newsFailures++;
    await sleep(20);
  }
})();

/** CPU seconds so far of a process (user + system), from /proc; 0 once it is gone. */
async function cpuSeconds(pid: number | undefined): Promise<number> {
  if (!pid) return 0;
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) / 100;
}

/** Where the machine's CPU goes: each API process, HAProxy, this database's backends, the load. */
async function cpuSnapshot(): Promise<Record<string, number>> {
  const backends = (
    await db.query<{ pid: number }>(`select pid from pg_stat_activity where datname = $1`, [dbName])
  ).rows;
  const snapshot: Record<string, number> = {};
  for (const node of cluster.processes) snapshot[node.name] = await cpuSeconds(node.child?.pid);
  let haproxy = 0;
  for (const child of cluster.haproxies) haproxy += await cpuSeconds(child.pid);
  snapshot.haproxy = haproxy;
  let postgres = 0;
  for (const row of backends) postgres += await cpuSeconds(row.pid);
  snapshot.postgres = postgres;
  const usage = process.cpuUsage();
  snapshot.loadGenerator = (usage.user + usage.system) / 1e6;
  const machine =
    (await readFile('/proc/stat', 'utf8')).split('\n')[0]?.split(/\s+/).slice(1) ?? [];
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0] =
    machine.map(Number);
  snapshot.machineBusy = (user + nice + system + irq + softirq) / 100;
  snapshot.machineAll = (user + nice + system + idle + iowait + irq + softirq) / 100;
  return snapshot;
}

const [victim, stopped] = cluster.processes as [
  ClusterProcess,
  ClusterProcess,
  ...ClusterProcess[],
];
let killedAt = 0;
let stoppedAt = 0;
let restartedAt = 0;
let restart: Promise<unknown> | undefined;
const cpuBefore = await cpuSnapshot();
const rushStarted = Date.now();
// What the database's sessions are doing during the rush, sampled every 200 ms: running, waiting
// on a lock (which one), idle inside a transaction (waiting on the API process), idle.
const waits: Record<string, number> = {};
let sampling = true;
const sampler = (async () => {
  while (sampling) {
    const rows = (
      await db.query<{ state: string | null; wait: string | null }>(
        `select state, wait_event_type || ':' || wait_event as wait from pg_stat_activity
          where datname = $1 and pid <> pg_backend_pid() and query not like 'LISTEN%'`,
        [dbName],
      )
    ).rows;
    for (const row of rows) {
      const key =
        row.state === 'active' && row.wait ? `active, waiting ${row.wait}` : (row.state ?? '?');
      waits[key] = (waits[key] ?? 0) + 1;
    }
    await sleep(200);
  }
})();
let next = 0;
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < rushers.length) {
      const index = next++;
      const session = rushers[index];
      if (!session) break;
      await register(session, index);
      done++;
      if (KILL && !killedAt && done >= STUDENTS * 0.25) {
        killedAt = Date.now();
        events.push({ at: killedAt - rushStarted, what: `kill -9 ${victim.name}` });
        void victim.kill();
      }
      if (STOP && NODES > 2 && !stoppedAt && done >= STUDENTS * 0.55) {
        stoppedAt = Date.now();
        events.push({ at: stoppedAt - rushStarted, what: `SIGTERM ${stopped.name}` });
        restart = stopped.stop().then(async () => {
          events.push({ at: Date.now() - rushStarted, what: `${stopped.name} exited` });
          await stopped.start();
          restartedAt = Date.now();
          events.push({ at: restartedAt - rushStarted, what: `${stopped.name} ready again` });
        });
      }
    }
  }),
);
const rushMs = Date.now() - rushStarted;
sampling = false;
await sampler;
const cpuAfter = await cpuSnapshot();
/** Cores each part used on average during the rush (a process that died counts until then). */
const cpuCores: Record<string, number> = {};
for (const [name, after] of Object.entries(cpuAfter)) {
  if (name === 'machineAll') continue;
  cpuCores[name] = round(Math.max(0, after - (cpuBefore[name] ?? 0)) / (rushMs / 1000), 2);
}
cpuCores.machineCores = round(
  ((cpuAfter.machineAll ?? 0) - (cpuBefore.machineAll ?? 0)) / (rushMs / 1000),
  2,
);
await restart;
writing = false;
reading = false;
await Promise.all([writer, newsReader]);

// Every chat stream live again?
const recoveryDeadline = Date.now() + 30_000;
while (chatStreams.some((s) => !s.live) && Date.now() < recoveryDeadline) await sleep(100);
const outages = chatStreams.flatMap((s) => s.outages).sort((a, b) => a - b);
await sleep(1500); // the last messages' events
const stillDown = chatStreams.filter((s) => !s.live).length;

// Chat messages: acknowledged ones stored; events each stream missed while reconnecting.
const stored = await db.query<{ id: number }>(`select id from chat_messages where id = any($1)`, [
  sentIds,
]);
const lost = sentIds.length - (stored.rowCount ?? 0);
const missedEvents = chatStreams.reduce(
  (sum, s) => sum + sentIds.filter((id) => !s.received.has(id)).length,
  0,
);

// Seats and double registrations, in the database.
const seats = (
  await db.query<{ id: number; capacity: number; taken: number; members: string }>(
    `select rs.id, rs.capacity, rs.taken,
            (select count(*) from registration_members m where m.stream_id = rs.id) as members
       from registration_streams rs where rs.id = any($1)`,
    [streams.map((s) => s.id)],
  )
).rows;
const exceeded = seats.filter((s) => s.taken > s.capacity || Number(s.members) > s.capacity);
const doubles = await one<{ n: string }>(
  `select count(*) as n from (select student_id from discipline_registrations
     where discipline_id = $1 group by student_id having count(*) > 1) d`,
  [plan.discipline_id],
);
const rushRows = await one<{ n: string }>(
  `select count(*) as n from discipline_registrations r join users u on u.student_id = r.student_id
    where u.login like 'rush-%' and r.discipline_id = $1`,
  [plan.discipline_id],
);

latencies.sort((a, b) => a - b);
const rush = {
  students: STUDENTS,
  seatsPerStream: SEATS,
  streams: streams.length,
  seconds: round(rushMs / 1000),
  registrationsPerMinute: Math.round((outcomes.registered / rushMs) * 60_000),
  answersPerMinute: Math.round((latencies.length / rushMs) * 60_000),
  p50ms: round(percentile(latencies, 50)),
  p95ms: round(percentile(latencies, 95)),
  p99ms: round(percentile(latencies, 99)),
  ...outcomes,
  retriedRequests: retried,
  retriedAfterKill: retriedAfter.kill,
  retriedAfterStop: retriedAfter.stop,
  retryCauses,
  registrationsInDatabase: Number(rushRows.n),
  doubleRegistrations: Number(doubles.n),
  seatsExceeded: exceeded.length,
  firstFailures: failures,
  cpuCoresDuringRush: cpuCores,
  databaseSessionsSampled: Object.fromEntries(Object.entries(waits).sort((a, b) => b[1] - a[1])),
};
const haproxyDownMs =
  KILL && downAt.has(victim.name) ? (downAt.get(victim.name) ?? 0) - killedAt : null;
const recovery = {
  events,
  haproxyStopsSendingToKilledMs: haproxyDownMs,
  chatStreams: chatStreams.length,
  streamOutages: outages.length,
  recoveryP50ms: percentile(outages, 50),
  recoveryMaxMs: outages.at(-1) ?? 0,
  streamsNotLiveAfter30s: stillDown,
  chatMessagesAcknowledged: sentIds.length,
  chatMessagesLost: lost,
  chatPostsFailed: chatFailures,
  streamEventsMissedDuringReconnect: missedEvents,
  newsReads,
  newsFailures,
};
for (const stream of chatStreams) stream.close();
console.log('Rush:', rush);
console.log('Kill and restart:', recovery);

// The killed process comes back for the stream steps.
if (KILL) {
  await victim.start();
  await sleep(3000);
}

// ---- 3: memory and connections per process as open streams grow ----

async function nodeFigures(node: ClusterProcess) {
  const text = await (await fetch(`${node.base}/lms/metrics`)).text();
  const value = (name: string) => {
    const line = text.split('\n').find((row) => row.startsWith(`${name} `));
    return line ? Number(line.split(' ')[1]) : NaN;
  };
  return {
    node: node.name,
    streams: value('lms_event_streams_open'),
    rssMB: round(value('lms_process_resident_memory_bytes') / 1048576),
    heapMB: round(value('lms_nodejs_heap_size_used_bytes') / 1048576),
    openFds: value('lms_process_open_fds'),
    eventLoopLagP99ms: round(value('lms_nodejs_eventloop_lag_p99_seconds') * 1000),
  };
}

/** An HAProxy process's resident memory and open files, from /proc. */
async function haproxyFigures(pid: number | undefined) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const rssKB = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  const fds = await readdir(`/proc/${pid}/fd`).catch(() => []);
  return { pid, rssMB: round(rssKB / 1024), openFds: fds.length };
}

const stepAgent = new Agent({ keepAlive: false, maxSockets: Infinity });
const open: ChatStream[] = [];
const steps: {
  streams: number;
  live: number;
  liveAfter10s: number;
  openSeconds: number;
  nodes: Awaited<ReturnType<typeof nodeFigures>>[];
  haproxy: Awaited<ReturnType<typeof haproxyFigures>>[];
}[] = [];
const baseline = await Promise.all(cluster.processes.map(nodeFigures));
console.log('Before streams:', baseline);
for (const target of STREAM_STEPS) {
  const started = Date.now();
  // Through HAProxy, as browsers open them.
  while (open.length < target) {
    const batch: Promise<void>[] = [];
    for (let k = 0; k < 250 && open.length < target; k++) {
      const session = sessions[open.length % sessions.length];
      if (!session) break;
      const stream = new ChatStream(session, front, stepAgent);
      open.push(stream);
      batch.push(stream.open());
    }
    await Promise.all(batch);
  }
  const openSeconds = round((Date.now() - started) / 1000);
  await sleep(2000);
  const live = open.filter((stream) => stream.live).length;
  const nodes = await Promise.all(cluster.processes.map(nodeFigures));
  const haproxy = await Promise.all(cluster.haproxies.map((child) => haproxyFigures(child.pid)));
  // Do they hold? (A stream HAProxy or a process refused is retried by its client meanwhile.)
  await sleep(8000);
  const liveAfter10s = open.filter((stream) => stream.live).length;
  steps.push({ streams: target, live, liveAfter10s, openSeconds, nodes, haproxy });
  console.log(`${target} streams (${live} live, ${liveAfter10s} after 10 s):`, nodes, haproxy);
}
for (const stream of open) stream.close();

const examFigures = EXAM ? await exam() : undefined;
if (examFigures) console.log('Exam:', examFigures, `\n${examTable(examFigures)}`);
await finish({
  at: new Date().toISOString(),
  nodes: NODES,
  machine: 'shared 2-core machine (other work running): figures are indicative',
  rush,
  recovery,
  streams: {
    via: `HAProxy (${cluster.haproxies.length} processes on the port)`,
    openFileLimit: openFileLimit(),
    before: baseline,
    steps,
  },
  ...(examFigures ? { exam: examFigures } : {}),
});

/** Writes the figures to api/bench/results/<name>-<time>.json, stops the cluster, drops its db. */
async function finish(
  result: { at: string; [more: string]: unknown },
  name = 'cluster',
): Promise<never> {
  await mkdir(RESULTS, { recursive: true });
  const file = join(RESULTS, `${name}-${result.at.replace(/[:.]/g, '-')}.json`);
  await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`Written to ${file}`);
  await db.end();
  await cluster.stop();
  const drop = new pg.Client({ connectionString: adminUrl });
  await drop.connect();
  await drop.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await drop.end();
  await rm(dataDir, { recursive: true, force: true });
  process.exit(0);
}
