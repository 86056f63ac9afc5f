// Runs the API suite on SQLite, then again on PostgreSQL when DATABASE_URL names one.
// Each test file gets its own database (see test/helper.ts), so the runs never share state.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const apiDir = join(dirname(fileURLToPath(import.meta.url)), '..');
// The API validates against the contract from @lms/shared's build.
if (!existsSync(join(apiDir, '..', 'shared', 'dist', 'contract', 'index.js'))) {
  console.error('shared/dist is missing: run `npm run build -w shared` first.');
  process.exit(1);
}
// Node 20's --test does not pick up .ts files from a folder by itself: list them.
const testsIn = (folder) =>
  existsSync(join(apiDir, folder))
    ? readdirSync(join(apiDir, folder))
        .filter((name) => name.endsWith('.test.ts'))
        .sort()
        .map((name) => join(folder, name))
    : [];
// Unit tests of the areas' rules need no database: they run once.
const unitFiles = testsIn(join('test', 'unit'));
const files = testsIn('test');

/** Processes per run (CI has two cores), and how long one may take before it counts as hung. */
const PROCESSES = 2;
const PROCESS_LIMIT_MS = 25 * 60_000;
/** Seconds each file's tests took (on SQLite): `LMS_TEST_TIMINGS=write npm run test:api` updates it. */
const TIMINGS = join('test', 'timings.json');

const readTimings = () =>
  existsSync(join(apiDir, TIMINGS)) ? JSON.parse(readFileSync(join(apiDir, TIMINGS), 'utf8')) : {};

/**
 * The files split between the processes by how long they took last time (the longest first, each
 * to the process with the least so far); a file not timed yet counts as the median file.
 */
function shardsOf(files) {
  const timings = readTimings();
  const known = Object.values(timings).sort((a, b) => a - b);
  const median = Math.max(known[Math.floor(known.length / 2)] ?? 1, 0.1);
  const shards = Array.from({ length: Math.min(PROCESSES, files.length) }, () => ({
    files: [],
    seconds: 0,
  }));
  const weighed = files.map((file) => ({ file, seconds: Math.max(timings[file] ?? median, 0.1) }));
  for (const { file, seconds } of weighed.sort((a, b) => b.seconds - a.seconds)) {
    const shard = shards.reduce((least, next) => (next.seconds < least.seconds ? next : least));
    shard.files.push(file);
    shard.seconds += seconds;
  }
  // In the folder's order within a process, as a reader of the log expects.
  for (const shard of shards) shard.files.sort();
  return shards;
}

/** Runs one process of `files` (scripts/test-shard.mjs), its output's lines marked with `mark`. */
function runShard(files, env, mark, timingsFile) {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        // A process keeps each file's finished apps it still refers to (a few MB a file): room
        // for that whatever the machine's memory, rather than V8's guess from it.
        '--max-old-space-size=4096',
        '--import',
        'tsx',
        '--test-force-exit',
        '--test-reporter=tap',
        '--test-reporter-destination=stdout',
        '--test-reporter=./scripts/test-timings.mjs',
        `--test-reporter-destination=${timingsFile}`,
        join('scripts', 'test-shard.mjs'),
        ...files,
      ],
      { cwd: apiDir, env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let last = '';
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        if (/^(not )?ok \d+ - /.test(line)) last = line;
        console.log(`${mark} ${line}`);
      });
    }
    // A test that hangs fails the run with what it last reported, never a run that does not end.
    let hung = false;
    const limit = setTimeout(() => {
      hung = true;
      console.error(
        `${mark} did not end in ${PROCESS_LIMIT_MS / 60_000} min: stopped (last: ${last})`,
      );
      child.kill('SIGKILL');
    }, PROCESS_LIMIT_MS);
    child.on('close', (status) => {
      clearTimeout(limit);
      resolve(status === 0 && !hung);
    });
  });
}

/**
 * Runs the files in PROCESSES processes side by side, each loading the API once for all of its
 * files (scripts/test-shard.mjs), and says which files took longest.
 */
async function runFiles(label, files, env, { recordTimings = false } = {}) {
  if (files.length === 0) return true;
  const shards = shardsOf(files);
  const folder = mkdtempSync(join(tmpdir(), 'lms-api-timings-'));
  try {
    const results = await Promise.all(
      shards.map((shard, index) =>
        runShard(shard.files, env, `[${index + 1}]`, join(folder, `${index}.json`)),
      ),
    );
    const seconds = {};
    for (const index of shards.keys()) {
      const file = join(folder, `${index}.json`);
      const lines = existsSync(file) ? readFileSync(file, 'utf8').split('\n') : [];
      for (const line of lines.filter(Boolean)) {
        const [path, value] = JSON.parse(line);
        const key = relative(apiDir, path);
        seconds[key] = Math.round(((seconds[key] ?? 0) + value) * 10) / 10;
      }
    }
    const slowest = Object.entries(seconds)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([file, value]) => `${value}s ${file}`);
    console.log(`\n${label}: the slowest files\n  ${slowest.join('\n  ')}`);
    if (recordTimings && process.env.LMS_TEST_TIMINGS === 'write') {
      const all = { ...readTimings(), ...seconds };
      const sorted = Object.fromEntries(
        Object.keys(all)
          .sort()
          .map((key) => [key, all[key]]),
      );
      writeFileSync(join(apiDir, TIMINGS), `${JSON.stringify(sorted, null, 2)}\n`);
    }
    return results.every(Boolean);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

function runUnits() {
  console.log('\n=== API unit tests (rules, no database) ===');
  return runFiles('unit tests', unitFiles, process.env, { recordTimings: true });
}

async function onPostgres(databaseUrl, statement) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Migrates and seeds once per run a template that every test app copies (test/helper.ts): a data
 * folder (the seed's files; SQLite's lms.sqlite) and, on PostgreSQL, a database to CREATE
 * DATABASE … TEMPLATE from. Each file still gets its own fresh database. If making it fails,
 * the files migrate and seed their databases themselves, as without it.
 */
async function makeTemplate(env, databaseUrl) {
  const dir = mkdtempSync(join(tmpdir(), 'lms-api-template-'));
  const name = `lms_template_${process.pid}`;
  let url;
  try {
    if (databaseUrl) {
      await onPostgres(databaseUrl, `DROP DATABASE IF EXISTS ${name}`);
      await onPostgres(databaseUrl, `CREATE DATABASE ${name}`);
      const parsed = new URL(databaseUrl);
      parsed.pathname = `/${name}`;
      url = parsed.toString();
    }
  } catch (error) {
    console.error(`The template database could not be made: ${error.message}`);
    rmSync(dir, { recursive: true, force: true });
    return { env: {}, drop: async () => {} };
  }
  const drop = async () => {
    rmSync(dir, { recursive: true, force: true });
    if (url) await onPostgres(databaseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
  const made = spawnSync(
    process.execPath,
    ['--import', 'tsx', join('test', 'seeded-template.ts'), dir, ...(url ? [url] : [])],
    { cwd: apiDir, env, stdio: 'inherit' },
  );
  if (made.status !== 0) {
    console.error('The seeded template could not be made: each test file seeds its own database.');
    await drop();
    return { env: {}, drop: async () => {} };
  }
  return {
    env: { LMS_TEST_TEMPLATE_DIR: dir, ...(url ? { LMS_TEST_TEMPLATE_DB: name } : {}) },
    drop,
  };
}

async function run(label, databaseUrl) {
  console.log(`\n=== API tests on ${label} ===`);
  const env = { ...process.env, LMS_PASSWORD_COST: process.env.LMS_PASSWORD_COST ?? '1024' };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  delete env.LMS_TEST_TEMPLATE_DIR;
  delete env.LMS_TEST_TEMPLATE_DB;
  const template = await makeTemplate(env, databaseUrl);
  try {
    // Each file has its own database and its apps listen on port 0. A process whose tests have
    // ended exits even if something a test opened is still open.
    return await runFiles(
      label,
      files,
      { ...env, ...template.env },
      {
        recordTimings: !databaseUrl,
      },
    );
  } finally {
    await template.drop();
  }
}

const databaseUrl = process.env.DATABASE_URL;
let passed = await runUnits();
passed = (await run('SQLite')) && passed;
if (databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl)) {
  passed = (await run('PostgreSQL', databaseUrl)) && passed;
} else {
  console.log('\nDATABASE_URL is not a postgres:// URL: the PostgreSQL run is skipped.');
}
process.exit(passed ? 0 : 1);
