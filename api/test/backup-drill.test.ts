import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { after, before, describe, test } from 'node:test';
import type { GetGroupsResponse, PaymentCodeResponse, UslugiResponse } from '@lms/shared/contract';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { currentAcademicYear } from '../src/lib/calendar.js';
import { demoConversation, target } from './chat-helper.js';
import {
  Client,
  createTestApp,
  DEMO,
  envelope,
  isolatedDatabase,
  whoAmI,
  type TestApp,
} from './helper.js';

/**
 * The restore drill (README "Backups"): the portal serves while a separate process writes;
 * `npm run backup` runs mid-stream; `npm run restore` puts the archive into a fresh data folder
 * and database; a portal on the restored data has every write acknowledged before the snapshot
 * instant exactly once, and every file of those byte-identical.
 */

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const WRITER = join(dirname(fileURLToPath(import.meta.url)), 'backup-drill-writer.mjs');

interface Ack {
  kind: 'ready' | 'chat' | 'mark' | 'payment' | 'done' | 'error';
  at: number;
  [field: string]: unknown;
}
interface ChatAck extends Ack {
  id: number;
  text: string;
  file: string;
  content: string;
}
interface MarkAck extends Ack {
  id_lesson: number;
  id_student: number;
  otsenka: string;
  version: number;
}
interface PaymentAck extends Ack {
  id: number;
  key: string;
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `npm run backup` or `npm run restore` with the portal's settings. The drill's own backup and
 * restore go through npm as an operator types them; the other runs start the same script
 * directly (`viaNpm: false`), which spares npm's start-up.
 */
function operator(
  script: 'backup' | 'restore',
  args: string[],
  env: Record<string, string | undefined>,
  { viaNpm = false } = {},
) {
  return new Promise<Run>((resolve, reject) => {
    const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
    for (const [name, value] of Object.entries(env)) if (value === undefined) delete childEnv[name];
    const [command, commandArgs] = viaNpm
      ? ['npm', ['run', '--silent', script, '--', ...args]]
      : [process.execPath, [join(ROOT, 'scripts', `${script}.mjs`), ...args]];
    const child = spawn(command, commandArgs, { cwd: ROOT, env: childEnv });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function signIn(app: FastifyInstance, account: { login: string; password: string }) {
  const client = new Client(app, '10.9.0.1');
  await client.get('/lms/config.json');
  const response = await client.post('/lms/api/auth/orize.json', account);
  assert.equal(response.statusCode, 200, response.body);
  return client;
}

describe('restore drill: backup while writing, restore, every acknowledged write is back', () => {
  let t: TestApp;
  let work: string;
  let archive: string;
  let snapshotAt: number;
  const acks: Ack[] = [];
  let writer: ChildProcess | undefined;
  const cleanups: (() => Promise<void>)[] = [];
  /** The portal's settings for the scripts: its data folder and database (or SQLite). */
  let liveEnv: Record<string, string | undefined>;

  before(async () => {
    t = await createTestApp();
    work = await mkdtemp(join(tmpdir(), 'lms-backup-drill-'));
    liveEnv = { LMS_DATA_DIR: t.dataDir, DATABASE_URL: t.options.databaseUrl };
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

    // What the writer writes: the demo teacher's conversation with the demo student, the
    // teacher's journal cells (each written once), a payment code of the demo student.
    const { teacherMe, studentMe, chain, student } = await demoConversation(t);
    const cells = await t.app.db.kysely
      .selectFrom('journal_marks as m')
      .innerJoin('journal_lessons as l', 'l.id', 'm.lesson_id')
      .select(['m.lesson_id as id_lesson', 'm.student_id as id_student'])
      .where('l.teacher_id', '=', teacherMe.id)
      .orderBy('m.lesson_id')
      .orderBy('m.student_id')
      .limit(2000)
      .execute();
    assert.ok(cells.length >= 200, `the demo teacher has ${cells.length} journal cells`);
    const me = await whoAmI(student);
    const year = currentAcademicYear(new Date()).id_a_year;
    const misc = async <T>(path: string, body?: unknown) => {
      const response =
        body === undefined
          ? await student.get(`/lms/api/misc/${path}`)
          : await student.post(`/lms/api/misc/${path}`, body);
      assert.equal(response.statusCode, 200, `${path}: ${response.body}`);
      return envelope<T>(response).data as T;
    };
    const [service] = await misc<UslugiResponse>('uslugi.json');
    const [group] = await misc<GetGroupsResponse>('getgroups.json', {
      id_a_year: year,
      id_student: me.id,
    });
    const code = await misc<PaymentCodeResponse>('paymentcode.json', {
      id_year: year,
      id_group: group!.id_group,
      id_student: me.id,
      id_uslug: service!.id_uslug,
    });
    const plan = {
      base,
      teacher: DEMO.teacher,
      student: DEMO.student,
      chat: target(teacherMe, chain, studentMe.id),
      cells,
      payment: { code: code.PaymentCode, amount: code.PaymentInfo.due },
    };

    writer = spawn(process.execPath, [WRITER, JSON.stringify(plan)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let pending = '';
    writer.stdout!.on('data', (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) acks.push(JSON.parse(line) as Ack);
    });
    const count = (kind: Ack['kind']) => acks.filter((ack) => ack.kind === kind).length;
    const writing = Date.now();
    while (Date.now() - writing < 20_000 && count('error') === 0) {
      if (count('chat') >= 5 && count('mark') >= 5 && count('payment') >= 5) break;
      await sleep(50);
    }

    // Mid-stream: the real backup command, while the portal serves and the writer writes.
    const backups = join(work, 'backups');
    const backup = await operator(
      'backup',
      [],
      { ...liveEnv, LMS_BACKUP_DIR: backups },
      { viaNpm: true },
    );
    assert.equal(backup.code, 0, `backup failed: ${backup.stderr}`);
    assert.match(backup.stdout, /Wrote .*lms-backup-\d{4}-\d\d-\d\dT\d{6}Z\.tar\.gz/);
    await sleep(500);
    writer.kill('SIGTERM');
    assert.equal(await exited(writer), 0, JSON.stringify(acks.filter((a) => a.kind === 'error')));

    const archives = await readdir(backups);
    assert.equal(archives.length, 1, `one archive and nothing else: ${archives.join(', ')}`);
    archive = join(backups, archives[0]!);
    const manifest = await readManifest(archive);
    snapshotAt = Date.parse(manifest.snapshotAt);
    assert.ok(Number.isFinite(snapshotAt));
  });

  after(async () => {
    if (writer && writer.exitCode === null) writer.kill('SIGKILL');
    for (const cleanup of cleanups.reverse()) await cleanup();
    await t?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  /** manifest.json read with the system's tar: the archive is an ordinary .tar.gz. */
  async function readManifest(file: string) {
    const tar = spawn('tar', ['-xzOf', file, 'manifest.json']);
    let text = '';
    tar.stdout.on('data', (chunk) => (text += chunk));
    assert.equal(await exited(tar), 0);
    return JSON.parse(text) as {
      snapshotAt: string;
      database: { kind: string; migration: string };
      files: { path: string; sha256: string }[];
    };
  }

  const ofKind = <T extends Ack>(kind: Ack['kind']) => acks.filter((a) => a.kind === kind) as T[];

  test('the writer wrote before and after the snapshot instant, without a failure', (context) => {
    assert.deepEqual(ofKind('error'), []);
    for (const kind of ['chat', 'mark', 'payment'] as const) {
      const all = ofKind(kind);
      const early = all.filter((a) => a.at < snapshotAt).length;
      context.diagnostic(
        `${kind}: ${early} acknowledged before the snapshot, ${all.length - early} after`,
      );
      assert.ok(all.filter((a) => a.at < snapshotAt).length >= 5, `${kind} before the snapshot`);
      assert.ok(
        all.some((a) => a.at > snapshotAt),
        `${kind} after the snapshot`,
      );
    }
  });

  test('restored into a fresh data folder and database, every acknowledged write is there once', async () => {
    const database = await isolatedDatabase();
    cleanups.push(() => database.drop());
    const dataDir = join(work, 'restored', 'data');
    const restored = await operator(
      'restore',
      [archive],
      { LMS_DATA_DIR: dataDir, DATABASE_URL: database.databaseUrl },
      { viaNpm: true },
    );
    assert.equal(restored.code, 0, `restore failed: ${restored.stderr}`);
    assert.match(restored.stdout, /match their checksums/);

    const app = await buildApp({
      dataDir,
      databaseUrl: database.databaseUrl,
      logger: false,
      staticRoot: join(dataDir, 'static'),
    });
    try {
      await app.ready();
      const db = app.db.kysely;
      const before = <T extends Ack>(kind: Ack['kind']) =>
        ofKind<T>(kind).filter((ack) => ack.at < snapshotAt);

      // Chat: each message once, with its file byte for byte; none after it twice either.
      const student = await signIn(app, DEMO.student);
      for (const ack of ofKind<ChatAck>('chat')) {
        const rows = await db
          .selectFrom('chat_messages')
          .select('id')
          .where('message', '=', ack.text)
          .execute();
        if (ack.at >= snapshotAt) {
          assert.ok(rows.length <= 1, `message ${ack.id} at most once`);
          continue;
        }
        assert.deepEqual(rows, [{ id: ack.id }], `message ${ack.id} exactly once`);
        const download = await student.get(
          `/lms/api/chat/download.file?id=${ack.id}&name=${encodeURIComponent(ack.file)}`,
        );
        assert.equal(download.statusCode, 200, `file of message ${ack.id}`);
        assert.ok(
          download.rawPayload.equals(Buffer.from(ack.content, 'base64')),
          `file of message ${ack.id} byte-identical`,
        );
      }

      // Marks: each cell holds the acknowledged mark at the acknowledged version.
      for (const ack of before<MarkAck>('mark')) {
        const cell = await db
          .selectFrom('journal_marks')
          .select(['otsenka', 'version'])
          .where('lesson_id', '=', ack.id_lesson)
          .where('student_id', '=', ack.id_student)
          .execute();
        assert.deepEqual(cell, [{ otsenka: ack.otsenka, version: ack.version }]);
      }

      // Payments: each attempt's key once, as the payment acknowledged.
      for (const ack of ofKind<PaymentAck>('payment')) {
        const rows = await db
          .selectFrom('payments')
          .select('id')
          .where('idempotency_key', '=', ack.key)
          .execute();
        if (ack.at >= snapshotAt) assert.ok(rows.length <= 1, `payment ${ack.id} at most once`);
        else assert.deepEqual(rows, [{ id: ack.id }], `payment ${ack.id} exactly once`);
      }
      assert.ok(before('chat').length > 0 && before('payment').length > 0);
    } finally {
      await app.close();
    }

    // Once more over the restored instance (stopped): only with --force, keeping the old folder.
    const refused = await operator('restore', [archive], {
      LMS_DATA_DIR: dataDir,
      DATABASE_URL: database.databaseUrl,
    });
    assert.equal(refused.code, 1);
    const forced = await operator('restore', [archive, '--force'], {
      LMS_DATA_DIR: dataDir,
      DATABASE_URL: database.databaseUrl,
    });
    assert.equal(forced.code, 0, forced.stderr);
    const beside = await readdir(join(work, 'restored'));
    assert.equal(beside.filter((name) => name.startsWith('data.replaced-')).length, 1);
  });

  test('a damaged archive is refused, naming the damaged file, and nothing is restored', async () => {
    const early = ofKind<ChatAck>('chat').find((ack) => ack.at < snapshotAt)!;
    const tar = gunzipSync(await readFile(archive));
    const content = Buffer.from(early.content, 'base64');
    const at = tar.indexOf(content);
    assert.ok(at > 0, 'the upload is in the archive');
    tar[at + 10] = tar[at + 10]! ^ 0x01;
    const damaged = join(work, 'damaged.tar.gz');
    await writeFile(damaged, gzipSync(tar));

    const dataDir = join(work, 'from-damaged');
    const refused = await operator('restore', [damaged], {
      LMS_DATA_DIR: dataDir,
      DATABASE_URL: t.options.databaseUrl,
    });
    assert.equal(refused.code, 1);
    assert.match(
      refused.stderr,
      new RegExp(`refusing damaged\\.tar\\.gz: data/uploads/chat/${early.id}/\\S+ is damaged`),
    );
    assert.match(refused.stderr, /Nothing was restored/);
    assert.equal(existsSync(dataDir), false);

    const cut = join(work, 'cut.tar.gz');
    const whole = await readFile(archive);
    await writeFile(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    const truncated = await operator('restore', [cut], {
      LMS_DATA_DIR: dataDir,
      DATABASE_URL: undefined,
    });
    assert.equal(truncated.code, 1);
    assert.match(truncated.stderr, /refusing cut\.tar\.gz: it is damaged/);
    assert.equal(existsSync(dataDir), false);
  });

  test('the backup folder keeps the newest LMS_BACKUP_KEEP archives, and nothing else is removed', async () => {
    const folder = join(work, 'kept');
    await mkdir(folder);
    const oldest = 'lms-backup-2020-01-01T000000Z.tar.gz';
    const older = 'lms-backup-2020-01-02T000000Z.tar.gz';
    await writeFile(join(folder, oldest), 'old');
    await writeFile(join(folder, older), 'old');
    await writeFile(join(folder, 'notes.txt'), 'the operator’s');
    const backup = await operator('backup', [], {
      ...liveEnv,
      LMS_BACKUP_DIR: folder,
      LMS_BACKUP_KEEP: '2',
    });
    assert.equal(backup.code, 0, backup.stderr);
    assert.match(backup.stdout, new RegExp(`Removed 1 older backup\\(s\\), keeping 2: ${oldest}`));
    const left = await readdir(folder);
    assert.equal(left.length, 3, left.join(', '));
    assert.ok(left.includes(older) && left.includes('notes.txt') && !left.includes(oldest));
    const fresh = left.filter((name) => name !== older && name !== 'notes.txt');
    assert.match(fresh[0]!, /^lms-backup-\d{4}-\d\d-\d\dT\d{6}Z\.tar\.gz$/);
    assert.ok(fresh[0]! > older);

    const refused = await operator('backup', [], {
      ...liveEnv,
      LMS_BACKUP_DIR: folder,
      LMS_BACKUP_KEEP: '0',
    });
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /LMS_BACKUP_KEEP must be a whole number of 1 or more/);
  });

  test('restoring over live data is refused without --force', async () => {
    const messages = async () =>
      (await t.app.db.kysely.selectFrom('chat_messages').select('id').execute()).length;
    const count = await messages();
    const refused = await operator('restore', [archive], liveEnv);
    assert.equal(refused.code, 1);
    assert.match(
      refused.stderr,
      /holds live data \(lms\.sqlite, uploads\)|holds live data \(uploads\)/,
    );
    assert.equal(await messages(), count);
    if (t.options.databaseUrl) {
      // An empty data folder, but a database with tables.
      const tables = await operator('restore', [archive], {
        LMS_DATA_DIR: join(work, 'empty'),
        DATABASE_URL: t.options.databaseUrl,
      });
      assert.equal(tables.code, 1);
      assert.match(tables.stderr, /has \d+ tables: refusing to restore over live data/);
      assert.equal(existsSync(join(work, 'empty')), false);
      assert.equal(await messages(), count);
    }
  });
});
