// node --test tools/area-new (npm run test:scaffold, part of npm test): `npm run area:new` writes
// an API area that typechecks, lints and passes its own tests as generated, and `--remove` leaves
// the working tree as it found it (other uncommitted changes included). It works in the checkout
// itself, so it refuses to start where an area of its name is already.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  EDITED,
  insertionsOf,
  nextMigrationNumber,
  refusalsOf,
  ROOT,
  withoutInsertions,
} from '../../scripts/area-new.mjs';
import { areaFiles, namesOf } from '../../scripts/area-templates.mjs';

const NAME = 'demo-area';
const POSTGRES = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '');

/**
 * A command's exit status and output. The environment goes without NODE_TEST_CONTEXT: a test
 * runner started from this one would otherwise report to it instead of running its files.
 */
function run(command, args, { env = process.env, cwd = ROOT } = {}) {
  const clean = { ...env };
  delete clean.NODE_TEST_CONTEXT;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: clean });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr, output: stdout + stderr }));
  });
}

/** Runs a tool of the repository with this Node (no npx start-up per call). */
const node = (args, options) => run(process.execPath, args, options);
const git = (...args) =>
  spawnSync('git', args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 28 }).stdout;
const sha = (text) => createHash('sha256').update(text).digest('hex');

const inGit = spawnSync('git', ['rev-parse', '--is-inside-work-tree'], { cwd: ROOT }).status === 0;

/**
 * The working tree: the files the scaffold edits, and as git sees it (outside a git checkout,
 * the edited files only): what changed, each change's content, and the untracked files.
 */
function workingTree() {
  const edited = Object.fromEntries(
    Object.values(EDITED).map((file) => [file, sha(readFileSync(join(ROOT, file)))]),
  );
  if (!inGit) return { edited };
  const untracked = git('ls-files', '--others', '--exclude-standard', '-z')
    .split('\0')
    .filter(Boolean);
  return {
    edited,
    status: git('status', '--porcelain', '--untracked-files=all'),
    changes: sha(git('diff', 'HEAD', '--binary')),
    untracked: Object.fromEntries(
      untracked.map((file) => [file, sha(readFileSync(join(ROOT, file)))]),
    ),
  };
}

const scaffold = (...args) => node(['scripts/area-new.mjs', NAME, ...args]);
const apiTests = [`test/unit/${NAME}-rules.test.ts`, `test/${NAME}.test.ts`];

describe('area:new refuses a name it cannot make an area of', () => {
  it('not kebab-case, or too long', () => {
    for (const name of ['', 'DemoArea', 'demo_area', 'demo--area', '-demo', '1st', 'demo-2nd-']) {
      assert.match(refusalsOf(name).join(), /kebab-case/, name);
    }
    assert.match(refusalsOf('a'.repeat(25)).join(), /longer than/);
  });

  it('an area, a remote, a registry module, a URL prefix or repository that exists', () => {
    const cases = {
      transcript: /areas\/transcript exists/,
      finance: /remote of the portal/,
      news: /areas\/news exists.*remote of the portal/,
      misc: /\/lms\/api\/misc is a URL prefix/,
      singlewindow: /URL prefix/,
      login: /segment the shell uses/,
      academic: /app\.repos\.academic exists/,
      shell: /the portal uses itself/,
    };
    for (const [name, refusal] of Object.entries(cases)) {
      assert.match(refusalsOf(name).join(' '), refusal, name);
    }
    assert.deepEqual(refusalsOf('room-booking'), []);
  });
});

describe('the lines area:new inserts', () => {
  it('come out exactly, whichever of two areas is removed first', () => {
    const first = namesOf('room-booking', 90);
    const second = namesOf('alumni', 91);
    for (const file of Object.values(EDITED)) {
      const original = readFileSync(join(ROOT, file), 'utf8');
      const lines = original.split('\n');
      insertionsOf(first)[file].insert(lines);
      insertionsOf(second)[file].insert(lines);
      const both = lines.join('\n');
      for (const [a, b] of [
        [first, second],
        [second, first],
      ]) {
        const once = withoutInsertions(both, insertionsOf(a)[file]);
        const twice = withoutInsertions(once.text, insertionsOf(b)[file]);
        assert.deepEqual([once.missing, twice.missing], [[], []], file);
        assert.equal(twice.text, original, file);
      }
    }
  });

  it("put the area's import among the areas' in order, its register() at the marker", () => {
    const lines = readFileSync(join(ROOT, EDITED.app), 'utf8').split('\n');
    insertionsOf(namesOf('alumni', 90))[EDITED.app].insert(lines);
    const at = lines.indexOf("import { alumniArea } from './areas/alumni/index.js';");
    // Between the areas that sort before and after it.
    const area = (line) => /from '\.\/areas\/([^/]+)\/index\.js'/.exec(line)?.[1];
    assert.ok(area(lines[at + 1]) > 'alumni', lines[at + 1]);
    assert.ok((area(lines[at - 1]) ?? '') < 'alumni', lines[at - 1]);
    const register = lines.indexOf('  await app.register(alumniArea);');
    assert.match(lines[register + 1], /area:new inserts/);
  });
});

describe(`area:new ${NAME}, as generated`, () => {
  let found;
  let written;
  let made = false;
  before(() => {
    assert.equal(
      existsSync(join(ROOT, 'api/src/areas', NAME)),
      false,
      `api/src/areas/${NAME} exists: this test makes and removes that area itself`,
    );
    found = workingTree();
    written = Object.keys(areaFiles(namesOf(NAME, nextMigrationNumber())));
  });
  // Whatever failed, the checkout is left without the area.
  after(async () => {
    if (made) await scaffold('--remove');
  });

  it('writes the area, its contract, migration, seed and tests, and builds the contract', async () => {
    const result = await scaffold();
    made = true;
    assert.equal(result.status, 0, result.output);
    assert.match(result.stdout, new RegExp(`api/src/areas/${NAME}/routes\\.ts`));
    for (const file of written) assert.ok(existsSync(join(ROOT, file)), file);
    assert.ok(existsSync(join(ROOT, 'shared/dist/contract', `${NAME}.js`)));
    // A second time is refused: the area exists.
    const again = await scaffold();
    assert.notEqual(again.status, 0);
    assert.match(again.stderr, new RegExp(`areas/${NAME} exists`));
  });

  describe('checks that may run side by side', { concurrency: 2 }, () => {
    it('the API typechecks', async () => {
      const result = await node([
        'node_modules/typescript/bin/tsc',
        '-p',
        'api/tsconfig.json',
        '--noEmit',
      ]);
      assert.equal(result.status, 0, result.output);
    });

    it('its files pass lint and the format check', async () => {
      const files = [...written, ...Object.values(EDITED)];
      const lint = await node([
        'node_modules/eslint/bin/eslint.js',
        '--max-warnings',
        '0',
        ...files.filter((file) => /\.(ts|mjs)$/.test(file)),
      ]);
      assert.equal(lint.status, 0, lint.output);
      const format = await node(['node_modules/prettier/bin/prettier.cjs', '--check', ...files]);
      assert.equal(format.status, 0, format.output);
    });

    it('its unit and API tests pass on SQLite', async () => {
      const env = { ...process.env, LMS_PASSWORD_COST: '1024' };
      delete env.DATABASE_URL;
      const result = await node(['--import', 'tsx', '--test', ...apiTests], {
        cwd: join(ROOT, 'api'),
        env,
      });
      assert.equal(result.status, 0, result.output);
    });

    it(
      'its API test passes on PostgreSQL',
      { skip: !POSTGRES && 'DATABASE_URL is not postgres://' },
      async () => {
        const env = { ...process.env, LMS_PASSWORD_COST: '1024' };
        const result = await node(['--import', 'tsx', '--test', apiTests[1]], {
          cwd: join(ROOT, 'api'),
          env,
        });
        assert.equal(result.status, 0, result.output);
      },
    );
  });

  it('--remove takes out what it made and leaves the working tree as it was', async () => {
    const result = await scaffold('--remove');
    assert.equal(result.status, 0, result.output);
    made = false;
    assert.deepEqual(
      written.filter((file) => existsSync(join(ROOT, file))),
      [],
    );
    assert.equal(existsSync(join(ROOT, 'api/src/areas', NAME)), false);
    assert.deepEqual(workingTree(), found);
    const built = readdirSync(join(ROOT, 'shared/dist/contract'));
    assert.deepEqual(
      built.filter((file) => file.startsWith(`${NAME}.`)),
      [],
    );
    assert.doesNotMatch(
      readFileSync(join(ROOT, 'shared/dist/contract/index.js'), 'utf8'),
      /demo-area/,
    );
  });
});
