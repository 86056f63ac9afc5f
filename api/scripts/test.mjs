// Runs the API suite on SQLite, then again on PostgreSQL when DATABASE_URL names one.
// Each test file gets its own database (see test/helper.ts), so the runs never share state.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
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

function runUnits() {
  if (unitFiles.length === 0) return true;
  console.log('\n=== API unit tests (rules, no database) ===');
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', ...unitFiles], {
    cwd: apiDir,
    stdio: 'inherit',
  });
  return result.status === 0;
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
    // Two files at a time (CI has two cores): each file has its own database and listens on port 0.
    // A file whose tests have ended exits even if something it opened is still open, and a test
    // that hangs fails after five minutes: a hang is reported, never a run that does not end.
    const result = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '--test',
        '--test-concurrency=2',
        '--test-force-exit',
        '--test-timeout=300000',
        ...files,
      ],
      { cwd: apiDir, env: { ...env, ...template.env }, stdio: 'inherit' },
    );
    return result.status === 0;
  } finally {
    await template.drop();
  }
}

const databaseUrl = process.env.DATABASE_URL;
let passed = runUnits();
passed = (await run('SQLite')) && passed;
if (databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl)) {
  passed = (await run('PostgreSQL', databaseUrl)) && passed;
} else {
  console.log('\nDATABASE_URL is not a postgres:// URL: the PostgreSQL run is skipped.');
}
process.exit(passed ? 0 : 1);
