import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type {
  Attachment,
  AttachmentsRepository,
  Attribution,
  NewAttachment,
  Owner,
} from '../../lib/attachments.js';

/**
 * The rows of the files the library and the teaching materials share: a file is an attachment of
 * its record, with its content hash (library_file_hashes) so the same bytes are found again.
 */
export function createLibraryFilesRepository(
  db: Kysely<Database>,
  attachments: AttachmentsRepository,
) {
  return {
    /** Stored library or UMK files with these bytes (hash and size), a few at most. */
    async twins(sha256: string, size: number): Promise<Attachment[]> {
      return db
        .selectFrom('library_file_hashes as h')
        .innerJoin('attachments as a', 'a.id', 'h.attachment_id')
        .selectAll('a')
        .where('h.sha256', '=', sha256)
        .where('a.size', '=', size)
        .limit(5)
        .execute();
    },

    /** Attaches the file to the record and records its hash (inside the record's transaction). */
    async attach(
      trx: Kysely<Database>,
      owner: Owner,
      file: NewAttachment & { sha256: string },
      by: Attribution,
    ): Promise<void> {
      await attachments.attach(trx, owner, [file], by);
      const row = await trx
        .selectFrom('attachments')
        .select('id')
        .where('owner_area', '=', owner.area)
        .where('owner_id', '=', owner.id)
        .where('stored_name', '=', file.storedName)
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('library_file_hashes')
        .values({ attachment_id: row.id, sha256: file.sha256 })
        .execute();
    },

    /** Removes the record's file rows (their hashes go with them); returns them for the disk. */
    async detach(trx: Kysely<Database>, owner: Owner): Promise<Attachment[]> {
      const rows = await trx
        .selectFrom('attachments')
        .selectAll()
        .where('owner_area', '=', owner.area)
        .where('owner_id', '=', owner.id)
        .execute();
      if (rows.length > 0) {
        await trx
          .deleteFrom('library_file_hashes')
          .where(
            'attachment_id',
            'in',
            rows.map((row) => row.id),
          )
          .execute();
        await attachments.deleteByOwner(trx, owner);
      }
      return rows;
    },

    /** The record's file (a book or a material has one). */
    async fileOf(owner: Owner): Promise<Attachment | undefined> {
      return (await attachments.listByOwners(owner.area, [owner.id])).get(owner.id)?.[0];
    },
  };
}

export type LibraryFilesRepository = ReturnType<typeof createLibraryFilesRepository>;
