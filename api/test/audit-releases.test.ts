// The audit trail of module releases, on SQLite and (with DATABASE_URL) PostgreSQL: a promotion
// and a rollback made with scripts/remote-release.mjs (from the API's build) write one row each,
// the operator's account as the author, with the live and candidate versions before and after;
// a refused release (no candidate, a bad name) writes none; the chain verifies.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { verifyChain } from '../src/areas/audit/index.js';
import { createTestApp, type TestApp } from './helper.js';

const run = promisify(execFile);
const SCRIPT = join(import.meta.dirname, '..', '..', 'scripts', 'remote-release.mjs');
const manifest = (version: string) => `/lms/deploy/probe/${version}/mf-manifest.json`;

describe('audit trail: module releases', () => {
  let t: TestApp;
  const rows = () =>
    t.app.db.kysely
      .selectFrom('audit_trail')
      .selectAll()
      .where('kind', '=', 'release')
      .orderBy('id')
      .execute();
  const release = (...args: string[]) =>
    run(process.execPath, [SCRIPT, ...args], {
      env: {
        ...process.env,
        LMS_DATA_DIR: t.dataDir,
        DATABASE_URL: t.options.databaseUrl ?? '',
      },
    }).then(
      () => 0,
      (error: { code: number }) => error.code,
    );

  before(async () => {
    t = await createTestApp();
    // A remote live at v2 (v1 before it) with the candidate v3.
    const registry = {
      probe: {
        manifest: manifest('v2'),
        version: 'v2',
        candidate: { manifest: manifest('v3'), version: 'v3' },
      },
    };
    writeFileSync(join(t.dataDir, 'remotes.json'), JSON.stringify(registry));
    mkdirSync(join(t.dataDir, 'deploy', 'probe'), { recursive: true });
    writeFileSync(
      join(t.dataDir, 'deploy', 'probe', 'history.json'),
      JSON.stringify([{ version: 'v2', previous: { manifest: manifest('v1'), version: 'v1' } }]),
    );
  });
  after(() => t.close());

  test('promote and rollback write one row each; refused releases none', async () => {
    assert.equal(await release('promote', 'probe'), 0);
    // No candidate any more, a name that is not a remote's: refused, nothing written.
    assert.equal(await release('promote', 'probe'), 1);
    assert.equal(await release('drop', 'Not A Remote'), 1);
    assert.equal(await release('rollback', 'probe'), 0);
    const written = await rows();
    assert.deepEqual(
      written.map((row) => [row.record_key, JSON.parse(row.old_value), JSON.parse(row.new_value)]),
      [
        [
          'release:probe',
          { live: 'v2', candidate: 'v3' },
          { action: 'promote', live: 'v3', candidate: null },
        ],
        [
          'release:probe',
          { live: 'v3', candidate: null },
          { action: 'rollback', live: 'v2', candidate: null },
        ],
      ],
    );
    for (const row of written) {
      assert.equal(row.user_id, null);
      assert.match(row.device ?? '', /^console:release:/);
    }
    assert.equal((await verifyChain(t.app.repos.audit)).broken, null);
  });
});
