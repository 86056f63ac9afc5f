// Two builds of the API, A and B, measured side by side on the same machine in the same minutes:
// the hot rows (as `npm run bench`), a mark save and a registration save. Both servers run at
// once on their own fresh data folders (the same seed); each round measures every row on A then
// B (or B then A, alternating), so a drift of the machine's speed falls on both. Reported per
// row: the median req/s and, what a busy machine disturbs least, the server's CPU time per
// answer (µs, Linux /proc) with B's ratio to A.
//
//   npm run bench:ab -w api -- <A's api folder> [B's api folder]
//   e.g. git worktree add /tmp/before <commit>; (cd /tmp/before && npm install &&
//        npm run build -w shared && npm run build -w api); npm run bench:ab -w api -- /tmp/before/api
//
// B defaults to this checkout's api (built by the script). AB_ROUNDS (5), AB_CONNECTIONS (10),
// BENCH_SECONDS per row (5), AB_ROWS (comma-separated: enticate,profile,news,count,mark,save).
// The seed is the university-scale one (the mark row writes the benchmark journal's cells).
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BENCH_GROUP_NAME } from '../src/db/seed/journal.js';
import { hotTargets, load, signIn, type Session, type Target } from './load.js';
import { startPortal, type RunningServer } from './servers.js';
import { portalDatabase } from './students.js';

const ROUNDS = Number(process.env.AB_ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.AB_CONNECTIONS ?? 10);
/** Save-and-delete pairs of a registration per round (one student, one after the other). */
const SAVES = Number(process.env.AB_SAVES ?? 300);
const ROWS = process.env.AB_ROWS?.split(',').map((row) => row.trim());
const REGISTRATION = '/lms/api/regfordisciplines';

const [aDir, bDir = join(dirname(fileURLToPath(import.meta.url)), '..')] = process.argv.slice(2);
if (!aDir) {
  console.error('usage: npm run bench:ab -w api -- <A api folder> [B api folder]');
  process.exit(2);
}

/** A process's CPU time so far in µs (user + system). */
function cpuMicros(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100;
}

async function post<T>(base: string, who: Session, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${base}${REGISTRATION}/${path}.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: who.cookie, 'x-xsrf-token': who.xsrf },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { data: T; error: string | null };
  if (!response.ok) throw new Error(`${path}: ${response.status} ${answer.error}`);
  return answer.data;
}

interface Measured {
  rps: number;
  cpu: number;
  failed: number;
}

/** One build: its server, its rows as autocannon targets, and the registration save. */
async function prepare(portal: RunningServer) {
  const teacher = await signIn(portal.base, 'teacher', 'Teacher1');
  const student = await signIn(portal.base, 'student', 'Student1');
  const targets = new Map<string, Target>();
  for (const target of await hotTargets(portal.base, { teacher, student })) {
    targets.set(target.key, { ...target, pid: portal.pid, connections: CONNECTIONS });
  }
  // The mark save walks the benchmark journal's first lesson, as `npm run bench` does.
  const db = portalDatabase(portal);
  const lesson = await db
    .selectFrom('journal_lessons as l')
    .innerJoin('groups as g', 'g.id', 'l.group_id')
    .select(['l.id', 'l.group_id'])
    .where('g.name', '=', BENCH_GROUP_NAME)
    .orderBy('l.id')
    .executeTakeFirstOrThrow();
  const students = await db
    .selectFrom('students')
    .select('id')
    .where('group_id', '=', lesson.group_id)
    .orderBy('id')
    .execute();
  await db.destroy();
  const marks = ['5', '4', '3', 'н/б', null];
  let n = 0;
  targets.set('mark', {
    name: 'visitlog/studentvisitupdate',
    path: '/lms/api/visitlog/studentvisitupdate.json',
    session: teacher,
    pid: portal.pid,
    connections: CONNECTIONS,
    nextBody: () => {
      n++;
      return {
        id_lesson: lesson.id,
        id_student: students[n % students.length]?.id,
        // Each pass over the group moves every student's mark on by one, so every write
        // changes a stored mark (and writes its audit row), whatever the group's size.
        otsenka: marks[(n + Math.floor(n / students.length)) % marks.length],
      };
    },
  });
  // The registration save: the demo student's first elective lecture stream, saved and deleted.
  const year = await post<{ id_a_year: number }>(portal.base, student, 'getdefyear', {});
  const [semester] = await post<{ id_semester: number }[]>(portal.base, student, 'getsemesters', {
    id_a_year: year.id_a_year,
  });
  const term = { id_a_year: year.id_a_year, id_semester: semester?.id_semester ?? 1 };
  const [elective] = await post<{ id_discipline: number }[]>(
    portal.base,
    student,
    'optional/disciplines',
    term,
  );
  const choice = { ...term, id_discipline: elective?.id_discipline ?? 0 };
  const [teacherOf] = await post<{ id_teacher: number }[]>(
    portal.base,
    student,
    'optional/teachers',
    choice,
  );
  const streams = await post<{ subgroup: number; id_vid_zaniatiy: number }[]>(
    portal.base,
    student,
    'optional/subgroups',
    { ...choice, id_teacher: teacherOf?.id_teacher ?? 0 },
  );
  const stream = streams.find((candidate) => candidate.id_vid_zaniatiy === 1);
  if (!teacherOf || !stream) throw new Error('the demo student has no elective lecture stream');
  const body = { ...choice, id_teacher: teacherOf.id_teacher, subgroup: stream.subgroup };

  const save = async (pairs: number): Promise<Measured> => {
    const before = cpuMicros(portal.pid);
    const started = performance.now();
    for (let i = 0; i < pairs; i++) {
      const saved = await post<{ id_disciplineForStudent: number }>(
        portal.base,
        student,
        'saveregistration',
        body,
      );
      await post(portal.base, student, 'deleteregistration', {
        id_disciplineForStudent: saved.id_disciplineForStudent,
      });
    }
    const seconds = (performance.now() - started) / 1000;
    return {
      rps: Math.round(pairs / seconds),
      cpu: Math.round((cpuMicros(portal.pid) - before) / pairs),
      failed: 0,
    };
  };
  const measure = async (row: string): Promise<Measured> => {
    if (row === 'save') return save(SAVES);
    const result = await load(portal.base, targets.get(row)!);
    return { rps: result['req/s'], cpu: result['cpu µs/req'] ?? NaN, failed: result['non-2xx'] };
  };
  // Warm-up, so JIT and connection set-up do not count.
  for (const target of targets.values()) await load(portal.base, { ...target, pid: undefined });
  await save(30);
  return { rows: [...targets.keys(), 'save'], measure };
}

const seedEnv = { LMS_SEED_SCALE: 'university', LMS_SEED_LIBRARY_BOOKS: '1000' };
const servers = {
  A: await startPortal({ LMS_LOG_LEVEL: 'warn', ...seedEnv }, resolve(aDir)),
  B: await startPortal({ LMS_LOG_LEVEL: 'warn', ...seedEnv }, resolve(bDir)),
};
try {
  console.log(
    `A: ${resolve(aDir)} (pid ${servers.A.pid}); B: ${resolve(bDir)} (pid ${servers.B.pid})`,
  );
  const builds = { A: await prepare(servers.A), B: await prepare(servers.B) };
  const rows = builds.B.rows.filter((row) => !ROWS || ROWS.includes(row));
  const results = new Map<string, { A: Measured[]; B: Measured[] }>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const row of rows) {
      const entry = results.get(row) ?? { A: [], B: [] };
      results.set(row, entry);
      for (const build of round % 2 === 0 ? (['A', 'B'] as const) : (['B', 'A'] as const)) {
        entry[build].push(await builds[build].measure(row));
      }
    }
  }
  const median = (values: number[]) =>
    [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] ?? NaN;
  console.table(
    [...results].map(([row, { A, B }]) => {
      const cpuA = median(A.map((m) => m.cpu));
      const cpuB = median(B.map((m) => m.cpu));
      return {
        row: row === 'save' ? 'registration save + delete' : row,
        'A req/s': median(A.map((m) => m.rps)),
        'B req/s': median(B.map((m) => m.rps)),
        'A cpu µs': cpuA,
        'B cpu µs': cpuB,
        'B/A cpu': (cpuB / cpuA).toFixed(2),
        'A rounds': A.map((m) => m.cpu).join(' '),
        'B rounds': B.map((m) => m.cpu).join(' '),
        failed: [...A, ...B].reduce((sum, m) => sum + m.failed, 0),
      };
    }),
  );
} finally {
  await servers.A.stop();
  await servers.B.stop();
}
