import type { Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { tableWithId } from './dialect.js';

/**
 * The students' check-in passkeys (README "Schedule and QR attendance", docs/security.md): one
 * registered phone per account (`user_id` unique), a credential id registered once. A QR visit
 * records the hash of the credential that signed it, and a credential checks in one student per
 * QR session (`qr_visits_passkey_uq`; visits made before passkeys have none).
 */
export function qrPasskeysMigration(dialect: Dialect): Migration {
  return {
    async up(db) {
      await tableWithId(dialect, db, 'qr_passkeys')
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().unique().references('users.id').onDelete('cascade'),
        )
        .addColumn('credential_id', 'text', (c) => c.notNull().unique())
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('transports', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_used_at', 'bigint')
        .execute();
      await db.schema.alterTable('qr_visits').addColumn('passkey_hash', 'text').execute();
      await db.schema
        .createIndex('qr_visits_passkey_uq')
        .on('qr_visits')
        .columns(['qr_session_id', 'passkey_hash'])
        .unique()
        .execute();
    },
    async down(db) {
      await db.schema.dropIndex('qr_visits_passkey_uq').execute();
      await db.schema.alterTable('qr_visits').dropColumn('passkey_hash').execute();
      await db.schema.dropTable('qr_passkeys').execute();
    },
  };
}
