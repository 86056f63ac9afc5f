import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { lastQuerySuccess } from '../../db/database.js';
import { pendingMigrations } from '../../db/migrations.js';
import type { CommonSettings } from '../../lib/settings.js';
import { readiness } from './rules.js';

/** A statement that succeeded this recently shows the database reachable. */
const RECENT_QUERY_MS = 1000;

/** A check that takes longer than this counts as failed: a load balancer must not wait on it. */
const CHECK_TIMEOUT_MS = 2000;

async function passes(check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check().then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /lms/healthz: the process is alive (it answers). GET /lms/readyz: it is ready for traffic:
 * the database answers, every migration of this build is applied, the data folder is writable,
 * and it is not shutting down; 503 with the problems otherwise. Both are public, answer JSON
 * for machines (a load balancer, an orchestrator) and are never cached.
 */
const healthRoutes: FastifyPluginAsync<Pick<CommonSettings, 'dataDir'>> = async (app, options) => {
  let migrated = false;

  app.get('/lms/healthz', async (_request, reply) =>
    reply.header('Cache-Control', 'no-store').send({ status: 'alive' }),
  );

  app.get('/lms/readyz', async (_request, reply) => {
    // A stopping process answers at once: the balancer should see it as soon as possible.
    if (app.lifecycle.draining) {
      const result = readiness({
        database: true,
        pendingMigrations: [],
        dataDir: true,
        draining: true,
      });
      return reply.code(503).header('Cache-Control', 'no-store').send(result);
    }
    const [database, dataDir] = await Promise.all([
      // Under load the pool is busy and a probe would wait its turn: a statement that succeeded
      // within the last second says as much, so a busy process is not taken for a broken one.
      Date.now() - lastQuerySuccess(app.db.kysely) < RECENT_QUERY_MS ||
        passes(() => sql`select 1`.execute(app.db.kysely)),
      passes(async () => {
        const probe = join(options.dataDir, `.ready-${process.pid}-${randomUUID()}`);
        await writeFile(probe, '');
        await rm(probe);
      }),
    ]);
    let pending: string[] = [];
    if (database && !migrated) {
      const listed = await pendingMigrations(app.db, options.dataDir).catch(() => null);
      pending = listed ?? ['(unknown)'];
      // Applied migrations stay applied: once up to date, a probe no longer reads the table.
      migrated = pending.length === 0;
    }
    const result = readiness({
      database,
      pendingMigrations: pending,
      dataDir,
      // Draining from SIGTERM (server.ts) or from closing (plugins/app/lifecycle.ts).
      draining: app.lifecycle.draining,
    });
    return reply
      .code(result.ready ? 200 : 503)
      .header('Cache-Control', 'no-store')
      .send({ ready: result.ready, problems: result.problems });
  });
};

export default healthRoutes;
