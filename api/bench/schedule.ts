// Schedule part of the benchmark: 300 students checking in to one lesson by QR at the same
// moment (marks per second, p95 of a check-in: the challenge, the phone's passkey, the visit),
// then the same 300 sending their visit again and again (repeats are no-ops). Each student's
// phone is a software passkey (api/test/soft-authenticator.ts) registered beforehand. The server's schedule clock starts inside the demo lesson
// (LMS_SCHEDULE_CLOCK_START, see index.ts), so the bench runs at any time of day.
//
// Run alone: `node --import tsx api/bench/schedule.ts` (after `npm run build -w api`; a demo
// seed; BENCH_QR_STUDENTS, BENCH_SECONDS); `npm run bench` runs it on the university seed.
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { SoftAuthenticator } from '../test/soft-authenticator.js';
import { SECONDS, call, signIn, type Row, type Session } from './load.js';
import { runAlone, type RunningServer } from './servers.js';
import {
  createStudents,
  demoGroupId,
  percentile,
  portalDatabase,
  type BenchStudent,
} from './students.js';

/** A Monday 09:40 in Bishkek: inside the demo teacher's Monday second pair. */
export const SCHEDULE_CLOCK_START = '2026-11-16T09:40:00+06:00';
const STUDENTS = Number(process.env.BENCH_QR_STUDENTS ?? 300);

interface QrAnswer {
  token: string;
  id_qr: number;
  xGps: number;
  yGps: number;
  id: number;
  audid: number;
}

export async function benchSchedule(portal: RunningServer, teacher: Session): Promise<Row[]> {
  const db = portalDatabase(portal);
  try {
    const groupId = await demoGroupId(db);
    const slot = await db
      .selectFrom('schedule_lessons as l')
      .innerJoin('users as u', 'u.teacher_id', 'l.teacher_id')
      .select('l.id')
      .where('u.login', '=', 'teacher')
      .where('l.group_id', '=', groupId)
      .where('l.day_number', '=', 1)
      .where('l.time_id', '=', 2)
      .where('l.week_kind', '=', 0)
      .orderBy('l.year_id', 'desc')
      .executeTakeFirst();
    if (!slot) {
      console.log('schedule: no demo lesson on Monday at the second pair; skipped');
      return [];
    }
    // A lecture stream of STUDENTS in the lesson's group, each signed in (sessions made here).
    const sessions = await createStudents(db, groupId, STUDENTS, {
      login: 'bench.qr',
      name: 'Поток',
    });

    // The server's default passkey origin (LMS_PUBLIC_ORIGIN unset): http://localhost:<port>.
    const origin = `http://localhost:${new URL(portal.base).port}`;
    const post = async <T>(session: BenchStudent, path: string, body: unknown) => {
      const response = await fetch(`${portal.base}/lms/api/${path}`, {
        method: 'POST',
        headers: session.headers,
        body: JSON.stringify(body),
      });
      const answer = (await response.json()) as { data: T };
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      return answer.data;
    };
    const phones = new Map<number, SoftAuthenticator>();
    for (const session of sessions) {
      const phone = new SoftAuthenticator(origin, { counting: false });
      const options = await post<Parameters<SoftAuthenticator['register']>[0]>(
        session,
        'qr/passkeys/options.json',
        {},
      );
      await post(session, 'qr/passkeys/register.json', { response: phone.register(options) });
      phones.set(session.studentId, phone);
    }

    const qr = await call<QrAnswer>(portal.base, teacher, 'schedule/qr.json', { idShed: slot.id });
    const where = () => ({ idShed: qr.id, idAud: qr.audid });
    /** The visit's body: the phone's passkey over a challenge for the current token. */
    const visitBody = async (session: BenchStudent) => {
      const challenge = await post<{ options: Parameters<SoftAuthenticator['assert']>[0] }>(
        session,
        'qr/student/challenge.json',
        { ...where(), idStud: session.studentId, token: qr.token },
      );
      return JSON.stringify({
        ...where(),
        idStud: session.studentId,
        x: qr.xGps,
        y: qr.yGps,
        accuracy: 10,
        passkey: phones.get(session.studentId)!.assert(challenge.options),
      });
    };

    // 1. Everyone scans at once: each check-in (challenge, passkey, visit) is a new mark.
    const started = performance.now();
    const latencies = await Promise.all(
      sessions.map(async (session) => {
        const at = performance.now();
        const response = await fetch(`${portal.base}/lms/api/qr/student/visit.json`, {
          method: 'POST',
          headers: session.headers,
          body: await visitBody(session),
        });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`visit: ${response.status}`);
        return performance.now() - at;
      }),
    );
    const wall = performance.now() - started;
    const stored = await db
      .selectFrom('qr_visits')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('qr_session_id', '=', qr.id_qr)
      .executeTakeFirstOrThrow();
    latencies.sort((a, b) => a - b);
    const round = (ms: number) => Math.round(ms * 10) / 10;
    const burst = {
      endpoint: `qr/student/challenge + visit: ${STUDENTS} students at once`,
      conns: STUDENTS,
      'req/s': Math.round((STUDENTS / wall) * 1000),
      'p50 ms': round(percentile(latencies, 50)),
      'p97.5 ms': round(percentile(latencies, 97.5)),
      'p99 ms': round(percentile(latencies, 99)),
      'non-2xx': 0,
      'vs bare': '',
    } satisfies Row;
    console.log(
      `\nQR check-in: ${STUDENTS} marks in ${Math.round(wall)} ms ` +
        `(${burst['req/s']} marks/s), p95 ${round(percentile(latencies, 95))} ms; ` +
        `${Number(stored.n)} stored`,
    );

    // 2. The same students scanning again for SECONDS: repeats, answered without a write.
    const fresh = await call<QrAnswer>(portal.base, teacher, 'schedule/qr.json', {
      idShed: slot.id,
    });
    qr.token = fresh.token;
    const bodies = new Map<number, string>();
    for (const session of sessions) bodies.set(session.studentId, await visitBody(session));
    let n = 0;
    const result = await autocannon({
      url: `${portal.base}/lms/api/qr/student/visit.json`,
      method: 'POST',
      connections: STUDENTS,
      duration: SECONDS,
      requests: [
        {
          setupRequest: (request) => {
            const session = sessions[n++ % sessions.length]!;
            return {
              ...request,
              headers: session.headers,
              body: bodies.get(session.studentId)!,
            };
          },
        },
      ],
    });
    const repeats: Row = {
      endpoint: `qr/student/visit: repeats by ${STUDENTS} students`,
      conns: STUDENTS,
      'req/s': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p97.5 ms': result.latency.p97_5,
      'p99 ms': result.latency.p99,
      'non-2xx': result.non2xx + result.errors + result.timeouts,
      'vs bare': '',
    };
    return [burst, repeats];
  } finally {
    await db.destroy();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await runAlone({ LMS_SCHEDULE_CLOCK_START: SCHEDULE_CLOCK_START }, async (portal) =>
    benchSchedule(portal, await signIn(portal.base, 'teacher', 'Teacher1')),
  );
}
