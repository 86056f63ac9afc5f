import { sql, type Migration } from 'kysely';

/**
 * A document issued on request (the transcript) is issued once per content and day: its
 * `issue_key` (kind, student, day and a digest of what it prints) is unique among the documents
 * not revoked, so asking again, or twice at once, answers the same document. Documents issued
 * once by nature (a certificate with its order) have none.
 */
export function issuedOnceMigration(): Migration {
  return {
    async up(db) {
      await db.schema.alterTable('issued_documents').addColumn('issue_key', 'text').execute();
      await db.schema
        .createIndex('issued_documents_issue_key_idx')
        .on('issued_documents')
        .column('issue_key')
        .unique()
        .where(sql.ref('revoked_at'), 'is', null)
        .execute();
    },
    async down(db) {
      await db.schema.dropIndex('issued_documents_issue_key_idx').execute();
      await db.schema.alterTable('issued_documents').dropColumn('issue_key').execute();
    },
  };
}
