// Chat part of the benchmark: delivery latency (sent through insert.json by one user, received
// on another user's SSE stream) and the throughput of the polling fallback, new.json.

import { load, type Row, type Session } from './load.js';

type BenchSession = Session;

const DELIVERIES = Number(process.env.BENCH_CHAT_MESSAGES ?? 200);

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function person(base: string, session: BenchSession) {
  const response = await fetch(`${base}/lms/api/auth/enticate.json`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: session.cookie,
      'x-xsrf-token': session.xsrf,
    },
    body: '{}',
  });
  const body = (await response.json()) as {
    data: { user: { id: number; uid: number; role: 1 | 2 } };
  };
  return body.data.user;
}

export async function benchChat(
  base: string,
  sessions: { teacher: BenchSession; student: BenchSession },
  bare: (connections: number) => Promise<number>,
): Promise<Array<Row | Record<string, number>>> {
  const teacher = await person(base, sessions.teacher);
  const student = await person(base, sessions.student);
  const getData = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${base}/lms/api/${path}`, {
      headers: { cookie: sessions.teacher.cookie },
    });
    return ((await response.json()) as { data: T }).data;
  };
  const year = (await getData<{ id_a_year: number }>('discipline/current/year.json')).id_a_year;
  const ws = (await getData<{ ws: number }>('discipline/current/ws.json')).ws;
  // The discipline the demo teacher and student share (the seeded conversation).
  const disciplines = (
    (await fetch(`${base}/lms/api/discipline/forStudentDisciplinelist.json`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: sessions.student.cookie,
        'x-xsrf-token': sessions.student.xsrf,
      },
      body: JSON.stringify({ uid: student.uid, year, ws }),
    }).then((r) => r.json())) as { data: { id_discipline: number }[] }
  ).data;
  const target = (id_discipline: number) => ({
    year,
    ws,
    id_discipline,
    id_from_type: 2,
    id_from: student.id,
    id_to_type: 1,
    id_to: teacher.id,
  });
  const post = (session: BenchSession, path: string, body: unknown) =>
    fetch(`${base}/lms/api/chat/${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: session.cookie,
        'x-xsrf-token': session.xsrf,
      },
      body: JSON.stringify(body),
    });
  let shared: number | undefined;
  for (const discipline of disciplines) {
    const response = await post(
      sessions.student,
      'messages.json',
      target(discipline.id_discipline),
    );
    await response.arrayBuffer();
    if (response.ok) {
      shared = discipline.id_discipline;
      break;
    }
  }
  if (shared === undefined) {
    console.log('chat: the demo teacher and student share no discipline this term; skipped');
    return [];
  }
  const conversation = target(shared);

  // The teacher's live stream.
  const controller = new AbortController();
  const stream = await fetch(`${base}/lms/api/chat/events`, {
    headers: { cookie: sessions.teacher.cookie, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  const arrivals = new Map<number, number>();
  const waiting = new Map<number, () => void>();
  const early = new Set<number>();
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of stream.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (!data) continue;
          const event = JSON.parse(data.slice(6)) as { kind: string; id_message: number };
          if (event.kind !== 'message') continue;
          arrivals.set(event.id_message, performance.now());
          const wake = waiting.get(event.id_message);
          if (wake) wake();
          else early.add(event.id_message);
        }
      }
    } catch {
      // Aborted at the end.
    }
  })();

  const latencies: number[] = [];
  for (let n = 0; n < DELIVERIES; n++) {
    const form = new FormData();
    for (const [name, value] of Object.entries(conversation)) form.append(name, String(value));
    form.append('message', `bench ${n}`);
    const started = performance.now();
    const response = await fetch(`${base}/lms/api/chat/insert.json`, {
      method: 'POST',
      headers: { cookie: sessions.student.cookie, 'x-xsrf-token': sessions.student.xsrf },
      body: form,
    });
    const body = (await response.json()) as { data: { id_message: number } };
    const id = body.data.id_message;
    if (!early.has(id)) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`message ${id} not delivered`)), 5000);
        waiting.set(id, () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    latencies.push((arrivals.get(id) ?? performance.now()) - started);
  }
  controller.abort();
  latencies.sort((a, b) => a - b);
  console.log(
    `\nChat delivery (insert.json → the other user's SSE stream), ${DELIVERIES} messages`,
  );
  const delivery = {
    messages: latencies.length,
    'p50 ms': Number(percentile(latencies, 50).toFixed(2)),
    'p95 ms': Number(percentile(latencies, 95).toFixed(2)),
    'max ms': Number((latencies[latencies.length - 1] ?? 0).toFixed(2)),
  };
  console.table([delivery]);

  const teacherSide = {
    ...conversation,
    id_from_type: 1,
    id_from: teacher.id,
    id_to_type: 2,
    id_to: student.id,
  };
  console.log('\nPolling fallback: new.json with nothing new (what an idle client asks)');
  const polling = await load(
    base,
    {
      name: 'chat/new.json',
      path: '/lms/api/chat/new.json',
      session: sessions.teacher,
      body: { ...teacherSide, id_last_message: 2_000_000_000 },
    },
    await bare(50),
  );
  console.table([polling]);
  return [delivery, polling];
}
