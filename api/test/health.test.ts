import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { createTestApp, type TestApp } from './helper.js';

describe('health and readiness', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(async () => t.close());

  test('/lms/healthz answers that the process is alive, uncached, with no session', async () => {
    const response = await t.client().get('/lms/healthz');
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { status: 'alive' });
    assert.equal(response.headers['cache-control'], 'no-store');
  });

  test('/lms/readyz answers ready when the database, migrations and data folder are', async () => {
    const response = await t.client().get('/lms/readyz');
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { ready: true, problems: [] });
    assert.equal(response.headers['cache-control'], 'no-store');
  });

  test('/lms/readyz answers 503 and names the data folder when it is gone', async () => {
    const other = await createTestApp();
    try {
      await rm(other.dataDir, { recursive: true, force: true });
      const response = await other.client().get('/lms/readyz');
      assert.equal(response.statusCode, 503);
      assert.deepEqual(response.json().problems, ['dataDir']);
      // Alive all the same: a load balancer takes it out, nothing restarts it.
      assert.equal((await other.client().get('/lms/healthz')).statusCode, 200);
    } finally {
      await other.close();
    }
  });

  test('/lms/readyz answers 503 while the process shuts down', async () => {
    const other = await createTestApp();
    const closing = other.close();
    const response = await other.app.inject({ method: 'GET', url: '/lms/readyz' });
    await closing;
    assert.equal(response.statusCode, 503);
    // The database may be closing too; 'draining' is what tells the balancer why.
    assert.equal(response.json().problems[0], 'draining');
  });
});
