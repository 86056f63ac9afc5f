// The exam row of `npm run bench:cluster` (issue 40): students of one group start one test
// within a minute and each saves an answer every 10 s; mid-test one API process is killed
// (SIGKILL); a share of the students lose the network for a while and send what they answered
// offline when it returns. Each student behaves as the testing remote does
// (mfe-testing/src/features/take/outbox): every answer is a link of the device's hash chain,
// queued with the last contact's clock, and what waits goes in one request, in order
// (student/answers.json); what does not reach the server (or meets a 5xx) waits and is sent
// again. A start answered `waiting: true`
// (the controlled start) is asked again after the delay it names. At the end the database is
// asked: for every student and question, is the stored version the last one the student gave?
//
// BENCH_EXAM_STUDENTS (3000), BENCH_EXAM_QUESTIONS (20), BENCH_EXAM_MINUTES (5: answering),
// BENCH_EXAM_START_SECONDS (60: the presses spread over it), BENCH_EXAM_SAVE_SECONDS (10),
// BENCH_EXAM_OFFLINE_SHARE (0.3), BENCH_EXAM_OFFLINE_SECONDS (120, at most 40 % of the
// answering), BENCH_EXAM_KILL (1: kill a process mid-test; 0: no kill),
// BENCH_EXAM_RESTART_SECONDS (30: the killed process starts again after it; 0: never),
// BENCH_EXAM_LIST (1; 0: one request per queued answer, the client before the list route).
import { readFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import type pg from 'pg';
import type { Cluster } from '../scripts/cluster.mjs';
import { figures, makeTest, phase, sleep, Student, type ExamSession } from './exam-client.js';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const STUDENTS = env('BENCH_EXAM_STUDENTS', 3000);
const QUESTIONS = env('BENCH_EXAM_QUESTIONS', 20);
const MINUTES = env('BENCH_EXAM_MINUTES', 5);
const START_S = env('BENCH_EXAM_START_SECONDS', 60);
const SAVE_S = env('BENCH_EXAM_SAVE_SECONDS', 10);
const OFFLINE_SHARE = env('BENCH_EXAM_OFFLINE_SHARE', 0.3);
const OFFLINE_S = env('BENCH_EXAM_OFFLINE_SECONDS', Math.min(120, MINUTES * 60 * 0.4));
const KILL = process.env.BENCH_EXAM_KILL !== '0';
const RESTART_S = env('BENCH_EXAM_RESTART_SECONDS', 30);

export interface ExamParts {
  cluster: Cluster;
  db: pg.Pool;
  /** Students of the demo group, made in the database; their user ids. */
  createUsers: (count: number, prefix: string) => Promise<number[]>;
  sessionsFor: (ids: number[]) => Promise<ExamSession[]>;
  teacher: ExamSession;
  /** The demo group, which the students of createUsers are in. */
  groupId: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const round = (value: number, digits = 1) => Number(value.toFixed(digits));
const loadAverage = async () => Number((await readFile('/proc/loadavg', 'utf8')).split(' ')[0]);

export async function runExam(parts: ExamParts) {
  const { cluster, db, teacher } = parts;
  const base = cluster.front;
  const testId = await makeTest(base, teacher, {
    groupId: parts.groupId,
    questions: QUESTIONS,
    timeLimitMinutes: Math.ceil(MINUTES + START_S / 60 + 10),
  });
  const events: { at: number; what: string }[] = [];
  const ids = await parts.createUsers(STUDENTS, 'exam');
  const sessions = await parts.sessionsFor(ids);
  const students = sessions.map((session) => new Student(base, session, testId));
  const offline = students.filter((_, k) => (k * 7919) % 1000 < OFFLINE_SHARE * 1000);
  const saves = Math.floor((MINUTES * 60) / SAVE_S);
  console.log(
    `Exam: ${STUDENTS} students, ${QUESTIONS} questions, presses over ${START_S} s, an answer ` +
      `every ${SAVE_S} s for ${MINUTES} min (${saves} each); ${offline.length} offline for ` +
      `${OFFLINE_S} s; ${KILL ? 'one process killed mid-test' : 'no kill'}`,
  );

  const loads: number[] = [await loadAverage()];
  let running = true;
  const loadSampler = (async () => {
    while (running) {
      await sleep(5000);
      loads.push(await loadAverage());
    }
  })();
  const t0 = Date.now();
  figures.startedAt = t0;
  const answeringMs = MINUTES * 60_000;
  // The disturbances, on the wall clock: the kill mid-test, the network lost after a third.
  const testMiddle = START_S * 1000 + answeringMs / 2;
  const victim = cluster.processes[0];
  const disturbances = (async () => {
    if (!KILL || !victim) return;
    await sleep(testMiddle);
    phase.killed = true;
    events.push({ at: Date.now() - t0, what: `kill -9 ${victim.name}` });
    await victim.kill();
    if (RESTART_S <= 0) return;
    await sleep(RESTART_S * 1000);
    await victim.start();
    events.push({ at: Date.now() - t0, what: `${victim.name} ready again` });
  })();
  const offlineFrom = START_S * 1000 + answeringMs / 3;
  const network = (async () => {
    await sleep(offlineFrom);
    for (const student of offline) student.online = false;
    events.push({ at: Date.now() - t0, what: `${offline.length} students offline` });
    await sleep(OFFLINE_S * 1000);
    for (const student of offline) student.online = true;
    events.push({ at: Date.now() - t0, what: 'back online' });
    await Promise.all(offline.map((student) => student.flush()));
    events.push({ at: Date.now() - t0, what: 'offline answers sent' });
  })();

  await Promise.all(
    students.map(async (student, k) => {
      await sleep((k / students.length) * START_S * 1000);
      await student.start();
      // Answers from the student's first question, every SAVE_S (the first after a random wait).
      await sleep(Math.random() * SAVE_S * 1000);
      const started = Date.now();
      for (let n = 0; n < saves; n++) {
        const due = started + n * SAVE_S * 1000;
        if (due - t0 > START_S * 1000 + answeringMs) break;
        await sleep(Math.max(0, due - Date.now()));
        student.give(n);
      }
    }),
  );
  events.push({ at: Date.now() - t0, what: 'last answer given' });
  await network;
  await disturbances;
  // What is still queued goes now (a client retries until its answers are in).
  const drainUntil = Date.now() + 120_000;
  while (students.some((s) => s.queue.length > 0) && Date.now() < drainUntil) {
    await Promise.all(students.map((student) => student.flush()));
    await sleep(500);
  }
  running = false;
  await loadSampler;
  const wallMs = Date.now() - t0;

  // The database: every student's last given version of each question stored?
  const stored = await db.query<{ user_id: number; question_id: number; version: number }>(
    `select u.id as user_id, x.question_id, x.version from testing_answers x
       join testing_attempts a on a.id = x.attempt_id join users u on u.student_id = a.student_id
      where a.test_id = $1`,
    [testId],
  );
  const byStudent = new Map<number, Map<number, number>>();
  for (const row of stored.rows) {
    const known = byStudent.get(row.user_id) ?? new Map<number, number>();
    known.set(row.question_id, Number(row.version));
    byStudent.set(row.user_id, known);
  }
  let lostAnswers = 0;
  let lostAcknowledged = 0;
  let givenAnswers = 0;
  for (const student of students) {
    const held = byStudent.get(student.session.userId);
    for (const [question, version] of student.given) {
      givenAnswers += version;
      const have = held?.get(question) ?? 0;
      if (have < version) lostAnswers++;
      if (have < (student.acked.get(question) ?? 0)) lostAcknowledged++;
    }
  }
  const duplicates = await db.query<{ n: string }>(
    `select count(*) as n from (select student_id from testing_attempts where test_id = $1
       group by student_id having count(*) > 1) d`,
    [testId],
  );
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
  const startMs = sorted(figures.startMs);
  const saveMs = sorted(figures.saveMs);
  const replayMs = sorted(figures.replayMs);
  // Saves by 20 s of the run: how many, their p95 (where the time went).
  const buckets = new Map<number, number[]>();
  for (const [at, ms] of figures.saveTimes) {
    const bucket = Math.floor((at - t0) / 20_000) * 20;
    buckets.set(bucket, [...(buckets.get(bucket) ?? []), ms]);
  }
  const savesBy20s = [...buckets].map(([from, times]) => ({
    fromSecond: from,
    saves: times.length,
    p95ms: round(percentile(sorted(times), 95)),
  }));
  const waitsPerStudent = sorted(figures.waitsPerStudent);
  const errorCount = Object.values(figures.errors).reduce((sum, n) => sum + n, 0);
  return {
    students: STUDENTS,
    questions: QUESTIONS,
    answeringMinutes: MINUTES,
    startSpreadSeconds: START_S,
    saveEverySeconds: SAVE_S,
    offlineStudents: offline.length,
    offlineSeconds: OFFLINE_S,
    wallSeconds: round(wallMs / 1000),
    events,
    attemptsStarted: startMs.length,
    startP50ms: round(percentile(startMs, 50)),
    startP95ms: round(percentile(startMs, 95)),
    startMaxMs: round(startMs.at(-1) ?? 0),
    admissionWaits: figures.waits,
    admissionMaxPlace: figures.maxPlace,
    admissionWaitsPerStudentP95: percentile(waitsPerStudent, 95),
    admissionWaitsPerStudentMax: waitsPerStudent.at(-1) ?? 0,
    answersGiven: givenAnswers,
    savesOnline: saveMs.length,
    saveP50ms: round(percentile(saveMs, 50)),
    saveP95ms: round(percentile(saveMs, 95)),
    saveP99ms: round(percentile(saveMs, 99)),
    saveRequests: figures.saveRequests,
    answersInLists: process.env.BENCH_EXAM_LIST !== '0',
    savesSentAfterReconnect: replayMs.length,
    reconnectSaveP95ms: round(percentile(replayMs, 95)),
    savesBy20s,
    errors: errorCount,
    errorsByKind: figures.errors,
    resentAtOnce: figures.resent,
    startRetries: figures.startRetries,
    saveRetries: figures.saveRetries,
    refusedSaves: figures.refusedSaves,
    savesTheRemoteWouldDrop: figures.droppedByTheRemote,
    stillQueuedAtEnd: students.reduce((sum, s) => sum + s.queue.length, 0),
    lostAnswers,
    lostAcknowledgedAnswers: lostAcknowledged,
    duplicateAttempts: Number(duplicates.rows[0]?.n ?? 0),
    loadAverage1m: {
      before: loads[0],
      max: Math.max(...loads),
      mean: round(loads.reduce((sum, n) => sum + n, 0) / loads.length, 2),
    },
    cpuCores: cpus().length,
  };
}

type ExamFigures = Awaited<ReturnType<typeof runExam>>;

/** The exam row's targets beside what was measured, as a Markdown table. */
export function examTable(f: ExamFigures): string {
  const rows: [string, string, string][] = [
    ['students / questions', `${f.students} / ${f.questions}`, '3000 / 20'],
    [
      'answering (min), presses spread (s)',
      `${f.answeringMinutes}, ${f.startSpreadSeconds}`,
      '5, 60',
    ],
    ['offline clients (s offline)', `${f.offlineStudents} (${f.offlineSeconds})`, '30 % (120)'],
    ['attempts started', String(f.attemptsStarted), String(f.students)],
    [
      'start p50 / p95 / max (ms)',
      `${f.startP50ms} / ${f.startP95ms} / ${f.startMaxMs}`,
      'p95 ≤ 5000',
    ],
    ['admission waits (max place)', `${f.admissionWaits} (${f.admissionMaxPlace})`, 'not errors'],
    ['answers given / saved online', `${f.answersGiven} / ${f.savesOnline}`, ''],
    ['save p50 / p95 / p99 (ms)', `${f.saveP50ms} / ${f.saveP95ms} / ${f.saveP99ms}`, 'p95 ≤ 300'],
    ['sent after reconnect (p95 ms)', `${f.savesSentAfterReconnect} (${f.reconnectSaveP95ms})`, ''],
    [
      'requests carrying answers',
      `${f.saveRequests} (${f.answersInLists ? 'waiting answers in one list' : 'one per answer'})`,
      '',
    ],
    ['errors (retried)', `${f.errors} (${f.startRetries + f.saveRetries})`, '0'],
    [
      'connection closed under a request, sent again at once as a browser does (at s)',
      `${f.resentAtOnce.length}${f.resentAtOnce.length ? ` (${f.resentAtOnce.map((r) => r.atSecond).join(', ')})` : ''}`,
      '',
    ],
    ['saves answered 5xx/408/429 (sent again)', String(f.savesTheRemoteWouldDrop), ''],
    ['lost answers (acknowledged)', `${f.lostAnswers} (${f.lostAcknowledgedAnswers})`, '0'],
    ['duplicate attempts', String(f.duplicateAttempts), '0'],
    ['load average 1 min: before / max', `${f.loadAverage1m.before} / ${f.loadAverage1m.max}`, ''],
  ];
  return [
    '| | measured | target |',
    '|---|---|---|',
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
}
