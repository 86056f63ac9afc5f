import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { tableWithId } from './dialect.js';

/**
 * Web Push: each device a user opted in on (the push service's endpoint and the device's keys),
 * the kinds it wants, whether previews are allowed and the language to write in. A user's
 * subscriptions go with the user.
 */
export function pushSubscriptionsMigration(dialect: Dialect): Migration {
  const flag = (name: string) => (table: ReturnType<typeof tableWithId>) =>
    table.addColumn(name, 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql.raw(`${name} in (0, 1)`)),
    );
  return {
    async up(db: Kysely<unknown>) {
      let table = tableWithId(dialect, db, 'push_subscriptions')
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('endpoint', 'text', (c) => c.notNull().unique())
        .addColumn('p256dh', 'text', (c) => c.notNull())
        .addColumn('auth', 'text', (c) => c.notNull())
        .addColumn('lang', 'text', (c) => c.notNull().check(sql`lang in ('kg', 'ru', 'en')`));
      for (const name of ['chat', 'orders', 'marks', 'news', 'waitlist', 'allow_previews']) {
        table = flag(name)(table);
      }
      await table.addColumn('updated_at', 'bigint', (c) => c.notNull()).execute();
      await db.schema
        .createIndex('push_subscriptions_user_idx')
        .on('push_subscriptions')
        .column('user_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('push_subscriptions').execute();
    },
  };
}
