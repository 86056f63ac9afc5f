import { xsrfTokenFor } from '../src/lib/xsrf.js';
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import type { Counter } from 'prom-client';
import { buildApp, type AppOptions } from '../src/app.js';
import { recordAnswers } from './conformance.js';
import { isPostgresUrl } from '../src/db/database.js';

// Seeding hashes ~200 passwords; a low scrypt cost keeps each test file's setup fast.
process.env.LMS_PASSWORD_COST ??= '1024';

/** Writes files under `root` by their relative paths (a static root, a data folder). */
export async function writeFiles(root: string, files: Record<string, string>): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
  }
}

export const DEMO = {
  teacher: { login: 'teacher', password: 'Teacher1' },
  student: { login: 'student', password: 'Student1' },
  newstudent: { login: 'newstudent', password: '12345' },
  registrar: { login: 'registrar', password: 'Registrar1' },
} as const;

export interface Envelope<T = unknown> {
  result: boolean;
  error: string | null;
  data: T | null;
}

/**
 * A fresh database per test file: a temporary SQLite data dir, or, when DATABASE_URL names a
 * PostgreSQL server, a new database created on it and dropped at the end. `seeded`: a copy of
 * the run's migrated and seeded template (LMS_TEST_TEMPLATE_DB, see scripts/test.mjs) when
 * there is one, instead of an empty database.
 */
export async function isolatedDatabase(
  seeded = false,
): Promise<{ databaseUrl?: string; drop(): Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!isPostgresUrl(adminUrl)) return { drop: async () => {} };
  const name = `lms_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const template = seeded ? process.env.LMS_TEST_TEMPLATE_DB : undefined;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  options: Partial<AppOptions>;
  /** Another app instance on the same database and data dir (a second API process). */
  sibling(overrides?: Partial<AppOptions>): Promise<FastifyInstance>;
  client(address?: string): Client;
  /** A client with the XSRF cookie and a session for a demo account. */
  login(account: { login: string; password: string }, address?: string): Promise<Client>;
  close(): Promise<void>;
}

/**
 * Copies a folder's content into another with the system's `cp` (0.1 s for the seeded
 * template's ~1,300 files; Node's `fs.cp` took 1-2.5 s of every test app's start), else Node's.
 */
async function copyFolder(from: string, to: string): Promise<void> {
  const copied = await new Promise<boolean>((resolve) =>
    execFile('cp', ['-R', `${from}/.`, to], (error) => resolve(!error)),
  );
  if (!copied) await cp(from, to, { recursive: true });
}

export async function createTestApp(overrides: Partial<AppOptions> = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'lms-api-test-'));
  // The run's template (scripts/test.mjs migrates and seeds it once): each app still gets its
  // own copy, the same as migrating and seeding anew, without doing that in every test file.
  const templateDir = process.env.LMS_TEST_TEMPLATE_DIR;
  const seeded = !!templateDir && !overrides.dataDir && !overrides.databaseUrl;
  if (seeded) await copyFolder(templateDir, dataDir);
  const database = await isolatedDatabase(seeded);
  const options: Partial<AppOptions> = {
    dataDir,
    databaseUrl: database.databaseUrl,
    logger: false,
    staticRoot: join(dataDir, 'static'),
    ...overrides,
  };
  const app = await buildApp(options);
  const answers = recordAnswers(app);
  await app.ready();
  const siblings: FastifyInstance[] = [];
  let addressCounter = 0;
  const nextAddress = () =>
    `10.0.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;
  return {
    app,
    dataDir,
    options,
    async sibling(more = {}) {
      const other = await buildApp({ ...options, ...more });
      await other.ready();
      siblings.push(other);
      return other;
    },
    // Each client gets its own address, so the per-address throttle of one test does not
    // leak into another.
    client: (address = nextAddress()) => new Client(app, address),
    async login(account, address) {
      const client = new Client(app, address ?? nextAddress());
      await client.get('/lms/config.json');
      const response = await client.post('/lms/api/auth/orize.json', account);
      if (response.statusCode !== 200) {
        throw new Error(`login ${account.login} failed: ${response.statusCode} ${response.body}`);
      }
      return client;
    },
    async close() {
      // The API reference lists every status the routes answered in this file's tests, and each
      // JSON answer fits the schema it documents for that status.
      const undocumented = answers.check();
      for (const other of siblings) await other.close();
      await app.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
      if (undocumented.length > 0) {
        throw new Error(`Answers the API reference does not document:\n${undocumented.join('\n')}`);
      }
    },
  };
}

/** A tiny cookie-keeping client over `inject`, sending the XSRF header like the axios client. */
export class Client {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    readonly address: string,
  ) {}

  /** Same cookies, another app instance (e.g. a second API process). */
  on(app: FastifyInstance): Client {
    const copy = new Client(app, this.address);
    for (const [name, value] of this.cookies) copy.cookies.set(name, value);
    return copy;
  }

  async request(options: InjectOptions & { xsrf?: boolean }): Promise<LightMyRequestResponse> {
    const { xsrf = true, ...inject } = options;
    const headers: Record<string, string> = {};
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    const token = this.cookies.get('XSRF-TOKEN');
    if (xsrf && token) headers['x-xsrf-token'] = token;
    const response = await this.app.inject({
      remoteAddress: this.address,
      ...inject,
      headers: { ...headers, ...(inject.headers as Record<string, string> | undefined) },
    });
    for (const cookie of response.cookies as {
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }[]) {
      const expired =
        cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() <= Date.now());
      if (expired || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  get(url: string): Promise<LightMyRequestResponse> {
    return this.request({ method: 'GET', url });
  }

  post(
    url: string,
    body?: unknown,
    options: { xsrf?: boolean } = {},
  ): Promise<LightMyRequestResponse> {
    return this.request({
      method: 'POST',
      url,
      ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
      ...options,
    });
  }

  /** Signs the client in with a session token made directly (and that session's XSRF token). */
  useSession(token: string): this {
    this.cookies.set('lms_session', token);
    this.cookies.set('XSRF-TOKEN', xsrfTokenFor(token));
    return this;
  }

  /** GET something first (like the browser loading the page) so the XSRF cookie is set. */
  async prime(): Promise<this> {
    if (!this.cookies.has('XSRF-TOKEN')) await this.get('/lms/config.json');
    return this;
  }
}

export function envelope<T = unknown>(response: LightMyRequestResponse): Envelope<T> {
  return response.json<Envelope<T>>();
}

/** The signed-in client's own ids and role, as auth/enticate answers them. */
export async function whoAmI(client: Client): Promise<{ uid: number; id: number; role: 1 | 2 }> {
  const me = envelope<{ user: { uid: number; id: number; role: 1 | 2 } }>(
    await client.post('/lms/api/auth/enticate.json', {}),
  ).data?.user;
  if (!me) throw new Error('auth/enticate answered no user');
  return me;
}

/** A seeded student other than the demo accounts, signed in (the "another user" of a test). */
export async function anotherStudent(t: TestApp): Promise<Client> {
  const { login } = await t.app.db.kysely
    .selectFrom('users')
    .select('login')
    .where('role', '=', 2)
    .where('login', 'not in', [DEMO.student.login, DEMO.newstudent.login])
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return t.login({ login, password: 'Student1' });
}

/** A seeded teacher other than the demo one, without the registrar's right, signed in. */
export async function anotherTeacher(t: TestApp): Promise<Client> {
  const { login } = await t.app.db.kysely
    .selectFrom('users')
    .select('login')
    .where('role', '=', 1)
    .where('login', '!=', DEMO.teacher.login)
    .where('registrar_perms', '=', 0)
    .where('teacher_id', 'is not', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return t.login({ login, password: 'Teacher1' });
}

/** A counter's value for these labels in this process's metrics (0 before the first count). */
export async function counterValue(
  counter: Counter<string>,
  labels: Record<string, string> = {},
): Promise<number> {
  const { values } = await counter.get();
  const wanted = Object.entries(labels);
  const series = values.find((value) =>
    wanted.every(([name, label]) => value.labels[name] === label),
  );
  return series?.value ?? 0;
}
