// Runs the API suite on SQLite, then again on PostgreSQL when DATABASE_URL names one.
// Each test file gets its own database (see test/helper.ts), so the runs never share state.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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

function run(label, databaseUrl) {
  console.log(`\n=== API tests on ${label} ===`);
  const env = { ...process.env, LMS_PASSWORD_COST: process.env.LMS_PASSWORD_COST ?? '1024' };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  // Two files at a time (CI has two cores): each file has its own database and listens on port 0.
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--test', '--test-concurrency=2', ...files],
    { cwd: apiDir, env, stdio: 'inherit' },
  );
  return result.status === 0;
}

const databaseUrl = process.env.DATABASE_URL;
let passed = runUnits();
passed = run('SQLite') && passed;
if (databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl)) {
  passed = run('PostgreSQL', databaseUrl) && passed;
} else {
  console.log('\nDATABASE_URL is not a postgres:// URL: the PostgreSQL run is skipped.');
}
process.exit(passed ? 0 : 1);
