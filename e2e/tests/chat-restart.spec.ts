import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { STUDENT_NAME, TEACHER_NAME, log, openConversation, send, signedIn } from '../support/chat';
import { STUDENT, TEACHER } from '../support/portal';
import { REPO_ROOT } from '../support/server';

/**
 * Live delivery survives an API restart: the open pages reconnect by themselves. The suite's
 * shared server cannot be restarted, so this test runs a production server of its own.
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lms-e2e-restart-'));
let server: ChildProcess | undefined;
let origin = '';
/** The server's output and the test's steps, attached to a failed run (the summary shows its end). */
const serverLog: string[] = [];
const note = (line: string) => serverLog.push(`[test ${new Date().toISOString()}] ${line}`);

/** A port nothing listens on now (LMS_E2E_RESTART_PORT if set): kept across the restart. */
async function freePort(): Promise<number> {
  if (process.env.LMS_E2E_RESTART_PORT) return Number(process.env.LMS_E2E_RESTART_PORT);
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function startServer(port: number): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), LMS_DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  note(`starting the API on ${port}`);
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'api', 'dist', 'server.js')], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => serverLog.push(...chunk.trimEnd().split('\n')));
  }
  server = child;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/lms/config.json`)).ok) {
        note(`the API answers (pid ${child.pid})`);
        return;
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${origin} did not start within 60 s`);
}

async function stopServer(): Promise<void> {
  const child = server;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  note('SIGTERM to the API');
  child.kill('SIGTERM');
  await exited;
  note(`the API exited with ${child.exitCode}`);
}

let port = 0;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  port = await freePort();
  origin = `http://localhost:${port}`;
  await startServer(port);
});

test.afterEach(async () => {
  const testInfo = test.info();
  if (testInfo.status !== testInfo.expectedStatus) {
    await testInfo.attach('server-log', { body: serverLog.join('\n'), contentType: 'text/plain' });
  }
});

test.afterAll(async () => {
  await stopServer();
  rmSync(dataDir, { recursive: true, force: true });
});

test('an open conversation keeps receiving messages after the API restarts', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const teacher = await signedIn(browser, TEACHER, { baseURL: origin });
  const student = await signedIn(browser, STUDENT, { baseURL: origin });
  await openConversation(teacher, STUDENT_NAME);
  await openConversation(student, TEACHER_NAME);
  // A marker on the window: still there afterwards means no page was reloaded.
  await teacher.evaluate(() => Object.assign(window, { beforeRestart: true }));

  await stopServer();
  await startServer(port);

  const text = `После перезапуска ${Date.now()}`;
  await send(student, text);
  await expect(log(teacher).getByText(text)).toBeVisible({ timeout: 15_000 });
  expect(await teacher.evaluate(() => 'beforeRestart' in window)).toBe(true);
  await teacher.context().close();
  await student.context().close();
});
