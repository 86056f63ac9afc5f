// Waiting-list part of the benchmark: how fast a freed seat reaches the next student.
//
// One lecture stream of the demo group, full (HOLDERS students hold its seats) and WAITERS
// students on its waiting list (500 by default). Then:
// - freed seat → page: a holder deletes their registration and the first student in line, whose
//   page has the live event stream open (GET …/events, as the registration page does), hears the
//   `waitlist` event and reloads their lists (waitlist/status.json) until they show the seat. The
//   time from sending the delete to that answer, SAMPLES times one after the other (p50, p95);
// - 300 seats at once: 300 holders delete at the same moment; promotions per second until the
//   first 300 in line are registered (every delete answers after its promotion run).
// Each row names the bare route's one-connection answer time measured just before it.
//
// Run alone: `node --import tsx api/bench/waitlist.ts` (after `npm run build -w api`; a demo
// seed); `npm run bench` runs it on the university seed.
import { fileURLToPath } from 'node:url';
import { signIn, type Session } from './load.js';
import { runAlone, type RunningServer } from './servers.js';
import {
  createStudents,
  demoGroupId,
  percentile,
  portalDatabase,
  type BenchStudent as Student,
} from './students.js';

const WAITERS = Number(process.env.BENCH_WAITERS ?? 500);
const SAMPLES = Number(process.env.BENCH_WAITLIST_SAMPLES ?? 20);
const BURST = Number(process.env.BENCH_WAITLIST_BURST ?? 300);
const HOLDERS = SAMPLES + BURST;
const R = '/lms/api/regfordisciplines';

export interface WaitlistRow {
  measure: string;
  students: number;
  [figure: string]: string | number;
}

/** A page's live event stream: resolves `next()` on the next `waitlist` event. */
async function openEvents(base: string, student: Student) {
  const controller = new AbortController();
  const response = await fetch(`${base}${R}/events`, {
    headers: { cookie: student.headers.cookie! },
    signal: controller.signal,
  });
  if (!response.ok || !response.body) throw new Error(`events: ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  return {
    async next(): Promise<void> {
      for (;;) {
        const at = buffer.indexOf('event: waitlist');
        if (at >= 0 && buffer.indexOf('\n\n', at) > at) {
          buffer = buffer.slice(buffer.indexOf('\n\n', at) + 2);
          return;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('the event stream ended');
        buffer += value;
      }
    },
    close: () => controller.abort(),
  };
}

export async function benchWaitlist(
  portal: RunningServer,
  bareMs: () => Promise<number>,
): Promise<WaitlistRow[]> {
  const post = async <T>(who: Student | Session, path: string, body: unknown) => {
    const headers =
      'headers' in who
        ? who.headers
        : { 'content-type': 'application/json', cookie: who.cookie, 'x-xsrf-token': who.xsrf };
    const response = await fetch(`${portal.base}${R}/${path}.json`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { data: T; error: string | null };
    if (!response.ok) throw new Error(`${path}: ${response.status} ${answer.error}`);
    return answer.data;
  };
  /** Runs the calls `width` at a time (the way many students' browsers would, not all at once). */
  const inWaves = async <T>(items: T[], width: number, call: (item: T) => Promise<unknown>) => {
    for (let i = 0; i < items.length; i += width)
      await Promise.all(items.slice(i, i + width).map(call));
  };

  const db = portalDatabase(portal);
  try {
    const demo = await signIn(portal.base, 'student', 'Student1');
    const groupId = await demoGroupId(db);
    const year = await post<{ id_a_year: number }>(demo, 'getdefyear', {});
    const semesters = await post<{ id_semester: number }[]>(demo, 'getsemesters', {
      id_a_year: year.id_a_year,
    });
    const term = { id_a_year: year.id_a_year, id_semester: semesters[0]?.id_semester ?? 1 };
    // The demo group's first elective lecture stream.
    const [elective] = await post<{ id_discipline: number }[]>(demo, 'optional/disciplines', term);
    if (!elective) {
      console.log('waitlist: the demo group has no elective; skipped');
      return [];
    }
    const choice = { ...term, id_discipline: elective.id_discipline };
    const [teacher] = await post<{ id_teacher: number }[]>(demo, 'optional/teachers', choice);
    const streams = await post<{ subgroup: number; taken: number; id_vid_zaniatiy: number }[]>(
      demo,
      'optional/subgroups',
      { ...choice, id_teacher: teacher?.id_teacher ?? 0 },
    );
    const stream = streams.find((s) => s.id_vid_zaniatiy === 1);
    if (!teacher || !stream) {
      console.log('waitlist: no lecture stream for the demo group; skipped');
      return [];
    }
    const body = { ...choice, id_teacher: teacher.id_teacher, subgroup: stream.subgroup };
    await db
      .updateTable('registration_streams')
      .set({ capacity: stream.taken + HOLDERS })
      .where('id', '=', stream.subgroup)
      .execute();
    const people = await createStudents(db, groupId, HOLDERS + WAITERS, {
      login: 'bench.wait',
      name: 'Очередь',
    });
    const holders = people.slice(0, HOLDERS);
    const waiters = people.slice(HOLDERS);
    const seats = new Map<number, number>();
    await inWaves(holders, 50, async (holder) => {
      const saved = await post<{ id_disciplineForStudent: number }>(
        holder,
        'saveregistration',
        body,
      );
      seats.set(holder.studentId, saved.id_disciplineForStudent);
    });
    // Joined one wave after another, so the list order is known: waiters in index order.
    const order: Student[] = [];
    for (let i = 0; i < waiters.length; i += 50) {
      const wave = waiters.slice(i, i + 50);
      const answers = await Promise.all(
        wave.map((w) => post<{ position: number }>(w, 'waitlist/join', body)),
      );
      wave
        .map((w, k) => ({ w, position: answers[k]!.position }))
        .sort((a, b) => a.position - b.position)
        .forEach(({ w }) => order.push(w));
    }
    console.log(`waitlist: ${HOLDERS} seats held, ${order.length} students on the list`);

    // Freed seat → the promoted student's page shows it.
    const bareBefore = await bareMs();
    const latencies: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const next = order[i]!;
      const events = await openEvents(portal.base, next);
      const holder = holders[i]!;
      const started = performance.now();
      const heard = events.next();
      await post(holder, 'deleteregistration', {
        id_disciplineForStudent: seats.get(holder.studentId),
      });
      await heard;
      const status = await post<{ entries: { subgroup: number; status: string }[] }>(
        next,
        'waitlist/status',
        term,
      );
      latencies.push(performance.now() - started);
      events.close();
      if (!status.entries.some((e) => e.subgroup === stream.subgroup && e.status === 'promoted')) {
        throw new Error('the promoted student’s page does not show the seat');
      }
    }
    latencies.sort((a, b) => a - b);

    // BURST seats freed at once.
    const bareBurst = await bareMs();
    const burst = holders.slice(SAMPLES, SAMPLES + BURST);
    const started = performance.now();
    await Promise.all(
      burst.map((holder) =>
        post(holder, 'deleteregistration', {
          id_disciplineForStudent: seats.get(holder.studentId),
        }),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    const promoted = await db
      .selectFrom('registration_waitlist')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('stream_id', '=', stream.subgroup)
      .where('status', '=', 'promoted')
      .executeTakeFirstOrThrow();
    if (Number(promoted.n) !== SAMPLES + BURST) {
      throw new Error(`${promoted.n} promoted, ${SAMPLES + BURST} expected`);
    }
    return [
      {
        measure: 'freed seat → promoted student’s page shows it',
        students: order.length,
        samples: SAMPLES,
        'p50 ms': Math.round(percentile(latencies, 50)),
        'p95 ms': Math.round(percentile(latencies, 95)),
        'max ms': Math.round(latencies.at(-1) ?? 0),
        'bare ms': Number(bareBefore.toFixed(2)),
        target: 'p95 ≤ 2000 ms',
        met: percentile(latencies, 95) <= 2000 ? 'yes' : 'NO',
      },
      {
        measure: `${BURST} seats freed at once`,
        students: order.length - SAMPLES,
        'promotions/s': Math.round(BURST / seconds),
        'all promoted ms': Math.round(seconds * 1000),
        'bare ms': Number(bareBurst.toFixed(2)),
      },
    ];
  } finally {
    await db.destroy();
  }
}

/** The bare route's answer time at one connection (ms), as the rows' floor. */
export function bareAnswerMs(base: string) {
  return async () => {
    const times: number[] = [];
    for (let i = 0; i < 50; i++) {
      const started = performance.now();
      await (await fetch(`${base}/bare`)).text();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    return percentile(times, 50);
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await runAlone({}, (portal, baseline) => benchWaitlist(portal, bareAnswerMs(baseline.base)));
}
