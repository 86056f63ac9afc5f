#!/usr/bin/env node
// `npm run cluster`: N API processes on one PostgreSQL and one data folder, behind HAProxy with
// deploy/haproxy.cfg (README "Running a cluster"). For one machine (a rehearsal, a demo, the
// cluster benchmark); a real installation runs one process per machine and HAProxy on its own.
//
//   DATABASE_URL=postgres://… npm run cluster -- --nodes 3 --port 8080
//
// Options: --nodes N (2), --port P (HAProxy's port, 8080), --api-port Q (the first process's
// port, P+1), --data-dir D (LMS_DATA_DIR or <repo>/data), --haproxy H (HAProxy processes on the
// port; by default as many as the connections of deploy/haproxy.cfg's `maxconn` need under this
// machine's open-file limit). Every LMS_* variable reaches the processes. Ctrl-C (or SIGTERM)
// drains and stops the processes, then HAProxy.
//
// Each open event stream is one open file of an API process and two of HAProxy's: both raise
// their own limit up to the hard limit (`ulimit -Hn`; Node at start, HAProxy to what `maxconn`
// needs, refusing to start above it), so that is what counts here (README "Open files").
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const HAPROXY_CONFIG = join(ROOT, 'deploy', 'haproxy.cfg');
const SERVERS = /# BEGIN servers[^\n]*\n[\s\S]*?# END servers/;
const TRACKED = /# BEGIN tracked servers[^\n]*\n[\s\S]*?# END tracked servers/;
/** Every process started here, so a signal during start-up leaves none behind. */
const spawned = new Set();

/**
 * The most open files a process started here may have: the hard limit, which any process may
 * raise its own (soft) limit to, and which Node and HAProxy do.
 */
export function openFileLimit() {
  const limit = spawnSync('sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).stdout.trim();
  if (limit === 'unlimited') return 1048576;
  const value = Number(limit);
  return Number.isFinite(value) && value > 0 ? value : 1024;
}

/** The connections one HAProxy process holds within the open-file limit (two files each). */
export function haproxyConnectionsPerProcess(limit = openFileLimit()) {
  return Math.max(1, Math.floor((limit - 200) / 2));
}

/** deploy/haproxy.cfg's global `maxconn`: the connections the whole front should hold. */
export function configuredMaxconn(template = readFileSync(HAPROXY_CONFIG, 'utf8')) {
  return Number(/^\s*maxconn\s+(\d+)/m.exec(template)?.[1] ?? 2000);
}

/**
 * deploy/haproxy.cfg with HAProxy's port, these processes as its servers, and its connection
 * limit shared among `haproxyProcesses` processes on the port, each within the open-file limit.
 */
export function haproxyConfig(
  port,
  apiPorts,
  template = readFileSync(HAPROXY_CONFIG, 'utf8'),
  haproxyProcesses = 1,
) {
  if (!SERVERS.test(template)) throw new Error(`${HAPROXY_CONFIG}: no "# BEGIN servers" block`);
  const servers = apiPorts.map((api, index) => `    server api${index + 1} 127.0.0.1:${api}`);
  const fits = haproxyConnectionsPerProcess();
  const share = (max) => Math.min(Math.ceil(max / haproxyProcesses), fits);
  // The replayable backend's servers are the same processes, their health tracked from `api`.
  const tracked = apiPorts.map(
    (api, index) => `    server api${index + 1} 127.0.0.1:${api} track api/api${index + 1}`,
  );
  return template
    .replace(/^(\s*maxconn\s+)(\d+)/m, (_, head, max) => `${head}${share(Number(max))}`)
    .replace(/^(\s*bind\s+)\S*:\d+/m, `$1127.0.0.1:${port}`)
    .replace(SERVERS, `# BEGIN servers\n${servers.join('\n')}\n    # END servers`)
    .replace(TRACKED, `# BEGIN tracked servers\n${tracked.join('\n')}\n    # END tracked servers`);
}

/** Whether nothing listens on the port (else a readiness check would ask someone else). */
async function portFree(port) {
  const probe = createServer();
  try {
    probe.listen(port);
    await once(probe, 'listening');
    return true;
  } catch {
    return false;
  } finally {
    probe.close();
  }
}

async function ready(url, child, seconds) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the process on ${url} exited (${child.exitCode ?? child.signalCode})`);
    }
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`${url} was not ready in ${seconds} s`);
}

/**
 * Starts the processes (the first alone, so it migrates and seeds an empty database; then the
 * others at once) and HAProxy. Returns handles to stop, kill and restart each process.
 */
export async function startCluster({
  nodes = 2,
  port = 8080,
  apiPort = port + 1,
  dataDir = resolve(process.env.LMS_DATA_DIR || join(ROOT, 'data')),
  databaseUrl = process.env.DATABASE_URL,
  env = {},
  stdio = 'inherit',
  haproxyStdio = stdio,
  haproxyProcesses = Math.ceil(configuredMaxconn() / haproxyConnectionsPerProcess()),
  startupSeconds = 900,
} = {}) {
  if (!databaseUrl || !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('A cluster needs PostgreSQL: set DATABASE_URL=postgres://…');
  }
  mkdirSync(dataDir, { recursive: true });
  const apiPorts = Array.from({ length: nodes }, (_, index) => apiPort + index);
  const processEnv = {
    LMS_STARTUP_TIMEOUT_S: String(startupSeconds),
    // HAProxy's X-Forwarded-For and X-Request-Id are believed from it only.
    LMS_TRUST_PROXY: '127.0.0.1',
    // Longer than HAProxy takes to see a stopping process (3 checks, about 2 s).
    LMS_DRAIN_DELAY_MS: '4000',
    LMS_PUBLIC_ORIGIN: `http://localhost:${port}`,
    ...process.env,
    DATABASE_URL: databaseUrl,
    LMS_DATA_DIR: dataDir,
    ...env,
  };

  const processes = apiPorts.map((api, index) => {
    const node = {
      name: `api${index + 1}`,
      port: api,
      base: `http://127.0.0.1:${api}`,
      child: undefined,
      async start() {
        if (node.child && node.child.exitCode === null && node.child.signalCode === null) {
          throw new Error(`${node.name} is already running`);
        }
        if (!(await portFree(api))) throw new Error(`port ${api} is taken by another program`);
        // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=DIR": a CPU profile of each process
        // (written when it exits), as for the other benchmarks' servers.
        const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
        node.child = spawn(
          process.execPath,
          [...nodeArgs, join(ROOT, 'api', 'dist', 'server.js')],
          {
            env: { ...processEnv, PORT: String(api) },
            stdio: ['ignore', stdio, stdio],
          },
        );
        spawned.add(node.child);
        await ready(`${node.base}/lms/readyz`, node.child, startupSeconds);
        return node;
      },
      /** SIGTERM: drains, finishes its requests and exits; resolves when it has. */
      async stop() {
        const child = node.child;
        if (!child || child.exitCode !== null || child.signalCode !== null) return;
        child.kill('SIGTERM');
        await once(child, 'exit');
      },
      /** SIGKILL: gone at once, as in a crash. */
      async kill() {
        const child = node.child;
        if (!child || child.exitCode !== null || child.signalCode !== null) return;
        child.kill('SIGKILL');
        await once(child, 'exit');
      },
    };
    return node;
  });

  const configFile = join(dataDir, `haproxy-${port}.cfg`);
  const front = `http://127.0.0.1:${port}`;
  // More than one HAProxy process when one cannot hold the connections wanted within its
  // open-file limit: each is a whole HAProxy with this configuration and its own health checks,
  // all listening on the port (SO_REUSEPORT, HAProxy's default), and the kernel spreads new
  // connections among them.
  const haproxies = [];
  try {
    const [first, ...rest] = processes;
    await first.start();
    await Promise.all(rest.map((node) => node.start()));
    writeFileSync(
      configFile,
      haproxyConfig(port, apiPorts, readFileSync(HAPROXY_CONFIG, 'utf8'), haproxyProcesses),
    );
    for (let k = 0; k < Math.max(1, haproxyProcesses); k++) {
      const haproxy = spawn('haproxy', ['-db', '-f', configFile], {
        stdio: ['ignore', haproxyStdio, haproxyStdio],
      });
      spawned.add(haproxy);
      haproxies.push(haproxy);
      await ready(`${front}/lms/readyz`, haproxy, 30);
    }
  } catch (error) {
    // Nothing half-started is left behind.
    await Promise.all(processes.map((node) => node.kill()));
    for (const haproxy of haproxies) haproxy.kill('SIGKILL');
    throw error;
  }

  return {
    front,
    processes,
    /** The first HAProxy process (all of them: `haproxies`). */
    haproxy: haproxies[0],
    haproxies,
    configFile,
    async stop() {
      await Promise.all(processes.map((node) => node.stop()));
      await Promise.all(
        haproxies
          .filter((haproxy) => haproxy.exitCode === null && haproxy.signalCode === null)
          .map((haproxy) => {
            haproxy.kill('SIGTERM');
            return once(haproxy, 'exit');
          }),
      );
    },
  };
}

function option(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  if (index < 0) return fallback;
  const value = process.argv[index + 1];
  if (value === undefined) throw new Error(`--${name} needs a value`);
  return value;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const port = Number(option('port', 8080));
  const nodes = Number(option('nodes', 2));
  if (!Number.isInteger(nodes) || nodes < 1) throw new Error('--nodes must be 1 or more');
  const haproxyOption = option('haproxy');
  const haproxyProcesses = haproxyOption === undefined ? undefined : Number(haproxyOption);
  if (
    haproxyProcesses !== undefined &&
    !(Number.isInteger(haproxyProcesses) && haproxyProcesses > 0)
  ) {
    throw new Error('--haproxy must be 1 or more');
  }
  let cluster;
  let stopping = false;
  const stop = (code) => {
    if (stopping) return;
    stopping = true;
    if (!cluster) {
      // Still starting: nothing is serving yet, so nothing needs draining.
      for (const child of spawned) child.kill('SIGTERM');
      process.exit(code);
    }
    console.log('Stopping the cluster: the processes drain, then HAProxy stops');
    cluster.stop().then(() => process.exit(code));
  };
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));
  cluster = await startCluster({
    nodes,
    port,
    apiPort: Number(option('api-port', port + 1)),
    ...(option('data-dir') ? { dataDir: resolve(option('data-dir')) } : {}),
    ...(haproxyProcesses ? { haproxyProcesses } : {}),
  }).catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
  const haproxyCount = cluster.haproxies.length;
  console.log(
    `Cluster: ${nodes} API processes (${cluster.processes.map((node) => node.port).join(', ')}) ` +
      `behind HAProxy${haproxyCount > 1 ? ` (${haproxyCount} processes on the port)` : ''}: ` +
      `portal at http://localhost:${port}/lms; open files per process: ${openFileLimit()}`,
  );
  for (const haproxy of cluster.haproxies) {
    haproxy.on('exit', (code) => {
      if (stopping) return;
      console.error(`HAProxy exited (${code}); stopping the cluster`);
      stop(1);
    });
  }
}
