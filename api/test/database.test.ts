import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { isPostgresUrl } from '../src/db/database.js';
import { createTestApp, DEMO, type Client, type TestApp } from './helper.js';

describe('database connections', () => {
  let t: TestApp;
  let student: Client;
  before(async () => {
    t = await createTestApp();
    student = await t.login(DEMO.student);
  });
  after(async () => t.close());

  test('connections the server drops are replaced; the API keeps answering', async (context) => {
    const databaseUrl = t.options.databaseUrl;
    if (!isPostgresUrl(databaseUrl)) {
      context.skip('an embedded SQLite file has no server to drop connections');
      return;
    }
    // Fill the pool with idle connections, then have the server kill them (as a restart would).
    await Promise.all(
      Array.from({ length: 5 }, () => student.post('/lms/api/auth/enticate.json', {})),
    );
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    const killed = await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`,
    );
    await admin.end();
    assert.ok(killed.rowCount && killed.rowCount > 0);
    // Give the dropped connections time to report, then use the API again.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const response = await student.post('/lms/api/auth/enticate.json', {});
    assert.equal(response.statusCode, 200, response.body);
  });
});
