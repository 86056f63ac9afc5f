import type { Kysely, Migration } from 'kysely';

/**
 * The teacher's passkey signature of a statement: the credential that signed, its public key (the
 * signature still verifies if the passkey is later removed) and the WebAuthn assertion, whose
 * challenge names the statement and the digest of the content signed.
 */
export function statementPasskeysMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const column of ['sign_credential', 'sign_public_key', 'sign_assertion']) {
        await db.schema.alterTable('statements').addColumn(column, 'text').execute();
      }
    },
    async down(db: Kysely<unknown>) {
      for (const column of ['sign_credential', 'sign_public_key', 'sign_assertion']) {
        await db.schema.alterTable('statements').dropColumn(column).execute();
      }
    },
  };
}
