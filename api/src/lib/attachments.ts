import { rm } from 'node:fs/promises';
import { MULTIPART_REQUIRED as CLIENT_MULTIPART_REQUIRED } from './client-error-messages.js';
import type { FastifyRequest } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { AttachmentArea, AttachmentTable } from '../db/attachments-schema.js';
import type { Database } from '../db/schema.js';
import { ApiError } from './http.js';
import { mediaTypeOf } from './media-types.js';
import { fill, type Templates, type Text } from './messages.js';
import { recordFolder, sizeText, Staging, storedNameFor, type ReceivedFile } from './uploads.js';

export type { AttachmentArea } from '../db/attachments-schema.js';

/**
 * The files of every area's records, in one table: news items, chat messages, and next library
 * entries, UMK materials and document orders. Rows name the owner by area and id; the files live
 * under uploads/<area>/<owner id>/ (lib/uploads.ts `recordFolder`).
 */

/** The record files belong to. */
export interface Owner {
  area: AttachmentArea;
  id: number;
}

/** A file to attach, as an upload was received (lib/uploads.ts `ReceivedFile`). */
export interface NewAttachment {
  originalName: string;
  storedName: string;
  size: number;
  /** Defaults to the type of the original name's extension. */
  mediaType?: string;
}

export type Attachment = Selectable<AttachmentTable>;

/** Who attached the files, and when. */
export interface Attribution {
  createdBy: number | null;
  createdAt: number;
}

/**
 * Inserts the owner's file rows, positions 1, 2, … in order. Pass the transaction that writes
 * the owning row, so the record and its files are stored together or not at all.
 */
export async function insertAttachments(
  executor: Kysely<Database>,
  owner: Owner,
  files: NewAttachment[],
  by: Attribution,
): Promise<void> {
  if (files.length === 0) return;
  await executor
    .insertInto('attachments')
    .values(
      files.map((file, index) => ({
        owner_area: owner.area,
        owner_id: owner.id,
        position: index + 1,
        stored_name: file.storedName,
        original_name: file.originalName,
        size: file.size,
        media_type: file.mediaType ?? mediaTypeOf(file.originalName),
        created_by: by.createdBy,
        created_at: by.createdAt,
      })),
    )
    .execute();
}

export function createAttachmentsRepository(db: Kysely<Database>) {
  return {
    /** See `insertAttachments`; `executor` is the owning row's transaction. */
    attach: (
      executor: Kysely<Database>,
      owner: Owner,
      files: NewAttachment[],
      by: Attribution,
    ): Promise<void> => insertAttachments(executor, owner, files, by),

    /** The files of several records of one area (a page of items) in one query, in order. */
    async listByOwners(
      area: AttachmentArea,
      ownerIds: number[],
    ): Promise<Map<number, Attachment[]>> {
      const byOwner = new Map<number, Attachment[]>();
      if (ownerIds.length === 0) return byOwner;
      const rows = await db
        .selectFrom('attachments')
        .selectAll()
        .where('owner_area', '=', area)
        .where('owner_id', 'in', [...new Set(ownerIds)])
        .orderBy('owner_id')
        .orderBy('position')
        .execute();
      for (const row of rows) {
        const list = byOwner.get(row.owner_id) ?? [];
        list.push(row);
        byOwner.set(row.owner_id, list);
      }
      return byOwner;
    },

    /** Display names per record (what the API shows), batched like `listByOwners`. */
    async namesByOwners(area: AttachmentArea, ownerIds: number[]): Promise<Map<number, string[]>> {
      const names = new Map<number, string[]>();
      for (const [id, files] of await this.listByOwners(area, ownerIds)) {
        names.set(
          id,
          files.map((file) => file.original_name),
        );
      }
      return names;
    },

    /** The file a download names: the owner's attachment with this display name. */
    async find(owner: Owner, originalName: string): Promise<Attachment | undefined> {
      return db
        .selectFrom('attachments')
        .selectAll()
        .where('owner_area', '=', owner.area)
        .where('owner_id', '=', owner.id)
        .where('original_name', '=', originalName)
        .orderBy('position')
        .limit(1)
        .executeTakeFirst();
    },

    /** Removes the owner's rows (in the owner's delete transaction); files on disk are the caller's. */
    async deleteByOwner(executor: Kysely<Database>, owner: Owner): Promise<void> {
      await executor
        .deleteFrom('attachments')
        .where('owner_area', '=', owner.area)
        .where('owner_id', '=', owner.id)
        .execute();
    },
  };
}

export type AttachmentsRepository = ReturnType<typeof createAttachmentsRepository>;

/** What a multipart request brought: its fields and its staged files. */
export interface ReceivedUpload {
  fields: Record<string, string>;
  files: ReceivedFile[];
}

export interface UploadSettings {
  dataDir: string;
  limitBytes: number;
  /** The area's 413 refusals, sent in the caller's language. */
  tooLarge: Text;
  tooManyFiles: Text;
  /** See lib/uploads.ts `ReceiveOptions.beforeFiles`: refuse a caller before a file is stored. */
  beforeFiles?: (fields: Record<string, string>) => Promise<void>;
}

/**
 * The multipart limits of a form with up to `maxFiles` attachments of `limitBytes` in all and
 * `maxFields` text fields (for @fastify/multipart's `limits`).
 */
export function attachmentLimits(limitBytes: number, maxFiles: number, maxFields: number) {
  return {
    fileSize: limitBytes,
    files: maxFiles,
    fields: maxFields,
    fieldSize: 64 * 1024,
    parts: maxFiles + maxFields,
  };
}

/** An area's 413 refusals with its limits filled in (`size`: the limit in every language). */
export function uploadRefusals(
  templates: Templates<'tooLarge', { size: Text }> & Templates<'tooManyFiles', { max: number }>,
  limitBytes: number,
  maxFiles: number,
): Pick<UploadSettings, 'tooLarge' | 'tooManyFiles'> {
  return {
    tooLarge: fill(templates.tooLarge, { size: sizeText(limitBytes) }),
    tooManyFiles: fill(templates.tooManyFiles, { max: maxFiles }),
  };
}

export { MULTIPART_REQUIRED } from './client-error-messages.js';

/**
 * Receives a new record's multipart request into a private staging folder and hands it to
 * `store`, with `publishFiles` that moves the staged files into the record's folder (call it
 * inside the transaction that writes the record). Whatever happens, nothing staged is left
 * behind: a refused or failed upload leaves no file on disk.
 */
export async function receiveUpload<T>(
  request: FastifyRequest,
  settings: UploadSettings,
  store: (received: ReceivedUpload, publishFiles: (owner: Owner) => Promise<void>) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart()) throw new ApiError(400, CLIENT_MULTIPART_REQUIRED);
  const staging = await Staging.create(settings.dataDir, settings.limitBytes);
  try {
    const received = await staging.receive(request, {
      storedName: storedNameFor,
      tooLarge: settings.tooLarge,
      tooManyFiles: settings.tooManyFiles,
      beforeFiles: settings.beforeFiles,
    });
    return await store(received, async (owner) => {
      if (received.files.length > 0) {
        await staging.publish(recordFolder(settings.dataDir, owner.area, owner.id));
      }
    });
  } finally {
    // After a successful publish the folder no longer exists; otherwise nothing is kept.
    await staging.discard();
  }
}

/** Removes a deleted record's files from disk (its rows went with the record). */
export async function removeRecordFiles(dataDir: string, owner: Owner): Promise<void> {
  await rm(recordFolder(dataDir, owner.area, owner.id), { recursive: true, force: true });
}
