import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Staff access: two rights the registrar's office grants a staff account beside the registrar's
 * own (`registrar_perms`): the quality office (builds and opens questionnaires) and the
 * department head (reads the workload of their department's teachers). 0/1 on the account, read
 * with the session, so a change takes effect on the account's next request.
 */
export function staffAccessMigration(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('users')
        .addColumn('quality_perms', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('users')
        .addColumn('head_perms', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('users').dropColumn('head_perms').execute();
      await db.schema.alterTable('users').dropColumn('quality_perms').execute();
    },
  };
}
