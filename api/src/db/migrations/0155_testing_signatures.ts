import type { Kysely, Migration } from 'kysely';

/**
 * The student's passkey signature of a submission: the chain head it signed (one of the
 * attempt's devices' heads, testing_chains), the credential, its public key (the signature still
 * verifies if the passkey is later removed) and the WebAuthn assertion, whose challenge names the
 * attempt, the student and the head.
 */
export function testingSignaturesMigration(): Migration {
  const columns = ['signed_head', 'sign_credential', 'sign_public_key', 'sign_assertion'];
  return {
    async up(db: Kysely<unknown>) {
      for (const column of columns) {
        await db.schema.alterTable('testing_attempts').addColumn(column, 'text').execute();
      }
    },
    async down(db: Kysely<unknown>) {
      for (const column of [...columns].reverse()) {
        await db.schema.alterTable('testing_attempts').dropColumn(column).execute();
      }
    },
  };
}
