import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { readiness } from '../../src/areas/health/rules.js';

const READY = { database: true, pendingMigrations: [], dataDir: true, draining: false };

describe('readiness', () => {
  test('a process with its database, its migrations and a writable data folder is ready', () => {
    assert.deepEqual(readiness(READY), { ready: true, problems: [] });
  });

  test('each missing condition is named', () => {
    assert.deepEqual(readiness({ ...READY, database: false }).problems, ['database']);
    assert.deepEqual(readiness({ ...READY, pendingMigrations: ['0024_next'] }).problems, [
      'migrations',
    ]);
    assert.deepEqual(readiness({ ...READY, dataDir: false }).problems, ['dataDir']);
    assert.deepEqual(readiness({ ...READY, draining: true }), {
      ready: false,
      problems: ['draining'],
    });
  });

  test('migrations are not judged while the database does not answer', () => {
    assert.deepEqual(
      readiness({ ...READY, database: false, pendingMigrations: ['(unknown)'], draining: true })
        .problems,
      ['draining', 'database'],
    );
  });
});
