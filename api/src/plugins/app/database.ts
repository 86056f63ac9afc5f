import { openDatabase, type Db } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrations.js';
import { seedIfEmpty } from '../../db/seed/seed.js';
import { appPlugin } from '../../lib/plugin.js';
import type { CommonSettings } from '../../lib/settings.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

/** Opens SQLite or PostgreSQL, applies migrations and seeds an empty database. */
export default appPlugin(
  'database',
  async (app, options: Pick<CommonSettings, 'dataDir' | 'databaseUrl'>) => {
    const db = openDatabase({
      ...options,
      onConnectionLost: (error) => app.log.warn({ err: error }, 'database connection lost'),
    });
    app.decorate('db', db);
    app.addHook('onClose', async () => {
      await db.kysely.destroy();
    });
    await migrateToLatest(db, options.dataDir);
    if (await seedIfEmpty(db, options.dataDir)) {
      app.log.info('Empty database: demo university seeded');
    }
  },
);
