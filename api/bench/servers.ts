// The processes a benchmark drives: the production server (api/dist/server.js) on a fresh data
// folder, and the bare baseline. The load generator stays in the benchmark's own process.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const API_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');

export interface RunningServer {
  base: string;
  pid: number;
  dataDir?: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

function stopper(child: ChildProcess, cleanup?: () => Promise<void>) {
  return async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
    await cleanup?.();
  };
}

async function waitFor(url: string, child: ChildProcess, seconds: number): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer in ${seconds} s`);
}

/**
 * Starts `node dist/server.js` (run `npm run build -w api` first; `npm run bench` does) on a new
 * data folder, so an SQLite run migrates and seeds from scratch. With DATABASE_URL the server
 * uses that database (seeded when empty).
 */
export async function startPortal(
  env: Record<string, string>,
  /** The API folder whose dist/server.js runs (another checkout's, for an A/B run). */
  apiDir: string = API_DIR,
): Promise<RunningServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'lms-bench-'));
  const port = await freePort();
  // BENCH_SERVER_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the server.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, join(apiDir, 'dist', 'server.js')], {
    // A university-scale seed on PostgreSQL takes minutes on a loaded machine.
    env: {
      LMS_STARTUP_TIMEOUT_S: '900',
      ...process.env,
      ...env,
      PORT: String(port),
      LMS_DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/lms/config.json`, child, 900);
  return {
    base,
    pid: child.pid ?? 0,
    dataDir,
    stop: stopper(child, () => rm(dataDir, { recursive: true, force: true })),
  };
}

/** Starts the bare Fastify route (bench/baseline.mjs). */
export async function startBaseline(): Promise<RunningServer> {
  const child = spawn(process.execPath, [join(API_DIR, 'bench', 'baseline.mjs')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const [first] = (await once(lines, 'line')) as [string];
  lines.close();
  child.stdout?.resume();
  return { base: first.trim(), pid: child.pid ?? 0, stop: stopper(child) };
}

/**
 * One part of the benchmark run alone (`node --import tsx bench/<part>.ts`, after
 * `npm run build -w api`): the bare route and the server on the demo seed (with `env`), the
 * part's rows printed as a table.
 */
export async function runAlone(
  env: Record<string, string>,
  part: (portal: RunningServer, baseline: RunningServer) => Promise<object[]>,
): Promise<void> {
  const baseline = await startBaseline();
  const portal = await startPortal({ LMS_LOG_LEVEL: 'warn', ...env });
  try {
    console.table(await part(portal, baseline));
  } finally {
    await portal.stop();
    await baseline.stop();
  }
}
