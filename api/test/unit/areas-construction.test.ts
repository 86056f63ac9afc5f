// How areas are put together (docs/server-conventions.md "One construction point per area"):
// Fastify refuses an area registered before one it names, and app.repos refuses a repository no
// area has built yet, both at start-up and by name.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import Fastify from 'fastify';
import { Kysely, SqliteDialect } from 'kysely';
import Database from 'better-sqlite3';
import type { Database as Schema } from '../../src/db/schema.js';
import { appPlugin, area } from '../../src/lib/plugin.js';
import repositories from '../../src/plugins/app/repositories.js';

/** An app with the database plugin's decorator (an empty in-memory SQLite) and app.repos. */
async function appWithRepos() {
  const app = Fastify();
  const kysely = new Kysely<Schema>({
    dialect: new SqliteDialect({ database: new Database(':memory:') }),
  });
  await app.register(
    appPlugin('database', async (instance) => {
      instance.decorate('db', { kysely } as never);
    }),
  );
  await app.register(repositories);
  return app;
}

describe('areas', () => {
  test('an area registered before an area it names stops start-up with both names', async () => {
    const app = await appWithRepos();
    const late = area('late', { dependencies: ['early'] }, async () => {});
    await assert.rejects(
      async () => {
        await app.register(late);
      },
      (error: Error & { code?: string }) =>
        error.code === 'FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED' &&
        error.message.includes('early') &&
        error.message.includes('late'),
    );
    await app.close().catch(() => undefined);
  });

  test('in order, an area reads what the one before it added to app.repos', async () => {
    const app = await appWithRepos();
    const early = area('early', {}, async (instance) => {
      (instance.repos as unknown as Record<string, unknown>).early = { answer: 42 };
    });
    let seen: unknown;
    const late = area('late', { dependencies: ['early'] }, async (instance) => {
      seen = (instance.repos as unknown as Record<string, { answer: number }>).early?.answer;
    });
    await app.register(early);
    await app.register(late);
    await app.ready();
    assert.equal(seen, 42);
    assert.ok(app.repos.access, 'the shared repositories are there from the start');
    assert.ok(app.repos.attachments);
    await app.close();
  });

  test('a repository no area has built yet is refused by name, not read as undefined', async () => {
    const app = await appWithRepos();
    const reader = area('reader', {}, async (instance) => {
      void instance.repos.transcript;
    });
    await assert.rejects(async () => {
      await app.register(reader);
    }, /app\.repos\.transcript is not built yet/);
    await app.close().catch(() => undefined);
  });
});
