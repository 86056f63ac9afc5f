import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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
const PORT = Number(process.env.LMS_E2E_RESTART_PORT ?? 18181);
const ORIGIN = `http://localhost:${PORT}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lms-e2e-restart-'));
let server: ChildProcess | undefined;

async function startServer(): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(PORT), LMS_DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'api', 'dist', 'server.js')], {
    cwd: REPO_ROOT,
    env,
    stdio: 'ignore',
  });
  server = child;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${ORIGIN}/lms/config.json`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${ORIGIN} did not start within 60 s`);
}

async function stopServer(): Promise<void> {
  const child = server;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

test.beforeAll(async () => {
  test.setTimeout(90_000);
  await startServer();
});

test.afterAll(async () => {
  await stopServer();
  rmSync(dataDir, { recursive: true, force: true });
});

test('an open conversation keeps receiving messages after the API restarts', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const teacher = await signedIn(browser, TEACHER, { baseURL: ORIGIN });
  const student = await signedIn(browser, STUDENT, { baseURL: ORIGIN });
  await openConversation(teacher, STUDENT_NAME);
  await openConversation(student, TEACHER_NAME);
  // A marker on the window: still there afterwards means no page was reloaded.
  await teacher.evaluate(() => Object.assign(window, { beforeRestart: true }));

  await stopServer();
  await startServer();

  const text = `После перезапуска ${Date.now()}`;
  await send(student, text);
  await expect(log(teacher).getByText(text)).toBeVisible({ timeout: 15_000 });
  expect(await teacher.evaluate(() => 'beforeRestart' in window)).toBe(true);
  await teacher.context().close();
  await student.context().close();
});
