// Two API processes on one PostgreSQL database and one data folder, as behind the load balancer
// (README "Running a cluster"): what one process writes, the other serves; a registry change
// reaches both without a restart; a stopping process drains; metrics are scraped.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { get, type IncomingMessage } from 'node:http';
import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { isPostgresUrl } from '../src/db/database.js';
import { DEMO, isolatedDatabase } from './helper.js';
import { multipart } from './chat-helper.js';

const API_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
const postgres = isPostgresUrl(process.env.DATABASE_URL);

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

interface Node {
  base: string;
  child: ChildProcess;
}

async function startNode(env: Record<string, string>): Promise<Node> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', join(API_DIR, 'src', 'server.ts')], {
    cwd: API_DIR,
    env: { ...process.env, ...env, PORT: String(port), LMS_LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API process exited (${child.exitCode})`);
    if (Date.now() > deadline) throw new Error(`${base} was not ready in time`);
    const ready = await fetch(`${base}/lms/readyz`).catch(() => undefined);
    if (ready?.ok) return { base, child };
    await new Promise((done) => setTimeout(done, 250));
  }
}

/** A browser's cookies and XSRF token, against any process of the cluster. */
class Browser {
  private cookies = new Map<string, string>();

  private remember(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }

  get cookie(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set('cookie', this.cookie);
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (xsrf) headers.set('x-xsrf-token', xsrf);
    const response = await fetch(url, { ...init, headers });
    this.remember(response);
    return response;
  }

  async signIn(base: string, account: { login: string; password: string }) {
    await this.fetch(`${base}/lms/config.json`);
    const response = await this.fetch(`${base}/lms/api/auth/orize.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(account),
    });
    assert.equal(response.status, 200, await response.clone().text());
  }
}

describe('a cluster of two API processes', { skip: !postgres && 'needs PostgreSQL' }, () => {
  let dataDir: string;
  let database: Awaited<ReturnType<typeof isolatedDatabase>>;
  let a: Node;
  let b: Node;

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'lms-cluster-'));
    database = await isolatedDatabase();
    const env = {
      DATABASE_URL: database.databaseUrl ?? '',
      LMS_DATA_DIR: dataDir,
      LMS_DRAIN_DELAY_MS: '1500',
    };
    // The first migrates and seeds the empty database; the second finds it ready.
    a = await startNode(env);
    b = await startNode(env);
  });

  after(async () => {
    for (const node of [a, b]) {
      if (node && node.child.exitCode === null && node.child.signalCode === null) {
        node.child.kill('SIGKILL');
        await once(node.child, 'exit');
      }
    }
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  test('the processes share their secrets: a session begun on one is good on the other', async () => {
    const browser = new Browser();
    await browser.signIn(a.base, DEMO.student);
    const me = await browser.fetch(`${b.base}/lms/api/auth/enticate.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    assert.equal(me.status, 200);
    for (const name of ['device-secret', 'documents-secret', 'passkey-secret', 'preview-secret']) {
      assert.match(await readFile(join(dataDir, name), 'utf8'), /^[0-9a-f]{64}\n$/, name);
    }
  });

  test('a file uploaded through one process downloads through the other', async () => {
    const teacher = new Browser();
    await teacher.signIn(a.base, DEMO.teacher);
    const client = new pg.Client({ connectionString: database.databaseUrl });
    await client.connect();
    const seeded = await client
      .query<{
        year_id: number;
        ws_id: number;
        discipline_id: number;
        teacher_id: number;
        student_id: number;
      }>(
        `select m.year_id, m.ws_id, m.discipline_id, m.teacher_id, m.student_id
           from chat_messages m join users t on t.teacher_id = m.teacher_id
          where t.login = $1 limit 1`,
        [DEMO.teacher.login],
      )
      .finally(() => client.end());
    const chain = seeded.rows[0];
    assert.ok(chain, 'the seeded conversation of the demo teacher');
    const content = Buffer.from(`cluster ${Date.now()} ${'x'.repeat(2000)}`);
    const body = multipart(
      {
        year: chain.year_id,
        ws: chain.ws_id,
        id_discipline: chain.discipline_id,
        id_from_type: 1,
        id_from: chain.teacher_id,
        id_to_type: 2,
        id_to: chain.student_id,
        message: 'the syllabus',
      },
      [{ name: 'syllabus.txt', content }],
    );
    const sent = await teacher.fetch(`${a.base}/lms/api/chat/insert.json`, {
      method: 'POST',
      headers: body.headers,
      body: body.payload,
    });
    assert.equal(sent.status, 200, await sent.clone().text());
    const id = ((await sent.json()) as { data: { id_message: number } }).data.id_message;
    const download = await teacher.fetch(
      `${b.base}/lms/api/chat/download.file?id=${id}&name=syllabus.txt`,
    );
    assert.equal(download.status, 200);
    assert.deepEqual(Buffer.from(await download.arrayBuffer()), content);
  });

  test('a registry and a logo changed in the shared folder are served by both', async () => {
    // Each process has read both files once (and keeps what it read).
    for (const node of [a, b]) {
      assert.equal((await fetch(`${node.base}/lms/remotes.json`)).status, 200);
      await fetch(`${node.base}/lms/logo.json`);
    }
    const file = join(dataDir, 'remotes.json');
    const registry = JSON.parse(await readFile(file, 'utf8')) as Record<
      string,
      { manifest: string }
    >;
    const manifest = 'https://cdn.example.kg/journal/2.0.0/mf-manifest.json';
    assert.ok(registry.journal);
    registry.journal.manifest = manifest;
    // As the release scripts write it: a whole new file renamed into place.
    await writeFile(`${file}.next`, JSON.stringify(registry));
    await rename(`${file}.next`, file);
    await writeFile(join(dataDir, 'logo.json'), JSON.stringify({ name: 'Cluster University' }));
    for (const node of [a, b]) {
      assert.match(
        await (await fetch(`${node.base}/lms/remotes.json`)).text(),
        /cdn\.example\.kg\/journal\/2\.0\.0/,
      );
      const logo = (await (await fetch(`${node.base}/lms/logo.json`)).json()) as { name: string };
      assert.equal(logo.name, 'Cluster University');
    }
  });

  test('metrics are scraped from each process by route pattern', async () => {
    const text = await (await fetch(`${a.base}/lms/metrics`)).text();
    assert.match(
      text,
      /lms_http_requests_total\{method="POST",route="\/lms\/api\/chat\/insert.json",status="200"\} 1/,
    );
    assert.match(text, /lms_db_pool_connections\{state="in_use"\} \d+/);
    assert.match(text, /lms_event_bus_delay_seconds_count\{channel="lms_chat"\} [1-9]/);
  });

  test('on SIGTERM a process stops being ready, ends its streams with a retry hint and exits', async () => {
    const student = new Browser();
    await student.signIn(b.base, DEMO.student);
    const stream = await new Promise<IncomingMessage>((resolve, reject) => {
      get(`${b.base}/lms/api/chat/events`, { headers: { cookie: student.cookie } }, resolve).on(
        'error',
        reject,
      );
    });
    assert.equal(stream.statusCode, 200);
    let received = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (received += chunk));
    const ended = once(stream, 'end');
    const exited = once(b.child, 'exit');

    b.child.kill('SIGTERM');
    // Draining: not ready, yet still answering (the balancer has not taken it out yet).
    let ready: Response | undefined;
    for (let tries = 0; tries < 40; tries++) {
      ready = await fetch(`${b.base}/lms/readyz`);
      if (ready.status === 503) break;
      await new Promise((done) => setTimeout(done, 25));
    }
    assert.equal(ready?.status, 503);
    assert.deepEqual(((await ready.json()) as { problems: string[] }).problems, ['draining']);
    assert.equal((await fetch(`${b.base}/lms/config.json`)).status, 200);
    assert.doesNotMatch(received, /retry: 500/);

    await ended;
    assert.match(received, /retry: 500\n\n$/);
    const [code] = await exited;
    assert.equal(code, 0);
    // The other process serves on.
    assert.equal((await fetch(`${a.base}/lms/readyz`)).status, 200);
  });
});
