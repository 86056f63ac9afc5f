import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { link, mkdir, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Attachment, Attribution, Owner } from '../../lib/attachments.js';
import { recordFolder, type ReceivedFile, type Staging } from '../../lib/uploads.js';
import type { LibraryFilesRepository } from './file-repository.js';

/**
 * The disk side of the files the library and the teaching materials share: the same bytes (by
 * SHA-256) are kept once on disk as hard links, so deleting one record never breaks another.
 * Owned by the services (library-service.ts, umk-service.ts).
 */

/** SHA-256 of a file, streamed (memory stays flat for any size). */
export async function hashFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

/** A received upload with its content hash. */
export interface HashedFile extends ReceivedFile {
  sha256: string;
}

/** Where an attachment's bytes are. */
export function attachmentPath(dataDir: string, file: Attachment): string {
  return join(recordFolder(dataDir, file.owner_area, file.owner_id), file.stored_name);
}

export function createFileStore(rows: LibraryFilesRepository, dataDir: string) {
  return {
    /**
     * Hashes a staged upload and, when a library or UMK file with the same bytes is stored,
     * replaces the staged copy with a hard link to it (the bytes are then on disk once).
     */
    async dedupe(stagingDir: string, file: ReceivedFile): Promise<HashedFile> {
      const staged = join(stagingDir, file.storedName);
      const sha256 = await hashFile(staged);
      for (const twin of await rows.twins(sha256, file.size)) {
        const existing = attachmentPath(dataDir, twin);
        if (!(await stat(existing).catch(() => undefined))?.isFile()) continue;
        const linked = `${staged}.link`;
        try {
          await link(existing, linked);
          await rename(linked, staged);
          break;
        } catch {
          // Another file system or no hard links: keep the staged copy.
          await unlink(linked).catch(() => undefined);
        }
      }
      return { ...file, sha256 };
    },

    /**
     * Inside the record's transaction: the record's file becomes `file` (its rows, its hash, its
     * bytes moved from the staging folder). Returns the files it replaced, for `unlinkAll` after
     * the commit.
     */
    async replace(
      trx: Kysely<Database>,
      owner: Owner,
      file: HashedFile,
      staging: Staging,
      by: Attribution,
    ): Promise<Attachment[]> {
      const replaced = await rows.detach(trx, owner);
      await rows.attach(trx, owner, file, by);
      const folder = recordFolder(dataDir, owner.area, owner.id);
      await mkdir(folder, { recursive: true });
      await rename(join(staging.dir, file.storedName), join(folder, file.storedName));
      // Same stored name: the new file took the old one's place, which must stay.
      return replaced.filter((old) => old.stored_name !== file.storedName);
    },

    /** Inside the record's delete transaction: its file rows go; returns them for the disk. */
    detach: (trx: Kysely<Database>, owner: Owner) => rows.detach(trx, owner),

    /** Deletes files on disk (after the commit); another record's hard link keeps its bytes. */
    async unlinkAll(files: Attachment[]): Promise<void> {
      for (const file of files) await unlink(attachmentPath(dataDir, file)).catch(() => undefined);
    },

    fileOf: (owner: Owner) => rows.fileOf(owner),
  };
}

export type FileStore = ReturnType<typeof createFileStore>;
