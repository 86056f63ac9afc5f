import { mkdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { AttachmentArea } from '../../db/attachments-schema.js';
import { ApiError } from '../../lib/http.js';
import { formatSize, recordFolder, Staging, storedNameFor } from '../../lib/uploads.js';
import type { FileStore, HashedFile } from './repository.js';

/** Room the text fields and the multipart framing take beside the file itself. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export const UPLOAD_MESSAGES = {
  tooLarge: (limitBytes: number) => `Файл слишком большой: не больше ${formatSize(limitBytes)}`,
  oneFile: 'Можно приложить только один файл',
  fileRequired: 'Выберите файл',
  multipartRequired: 'Invalid request: send multipart/form-data',
} as const;

/** The multipart options of a library or UMK route (one file plus a few text fields). */
export function multipartLimits(uploadLimitBytes: number) {
  return { fileSize: uploadLimitBytes, files: 1, fields: 20, fieldSize: 8 * 1024, parts: 21 };
}

/**
 * Refuses an upload whose declared length is over the limit before a byte of it is read
 * (413; nothing is stored). A body without a length is still counted while it streams.
 */
export function refuseOversized(uploadLimitBytes: number) {
  return async (request: FastifyRequest) => {
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > uploadLimitBytes + MULTIPART_OVERHEAD_BYTES) {
      throw new ApiError(413, UPLOAD_MESSAGES.tooLarge(uploadLimitBytes));
    }
  };
}

/** A received book or material: its text fields and at most one file, hashed and staged. */
export interface ReceivedUpload<T> {
  /** What `check` made of the text fields. */
  fields: T;
  file: HashedFile | null;
  staging: Staging;
}

/**
 * Streams a book's or material's multipart into a private staging folder (never into memory):
 * `check` runs on the text fields before the file's first byte is stored, so a refused caller
 * uploads nothing. The caller must `staging.discard()` in a finally.
 */
export async function receiveUpload<T>(
  request: FastifyRequest,
  options: {
    dataDir: string;
    uploadLimitBytes: number;
    files: FileStore;
    check: (fields: Record<string, string>) => Promise<T>;
  },
): Promise<ReceivedUpload<T>> {
  if (!request.isMultipart()) throw new ApiError(400, UPLOAD_MESSAGES.multipartRequired);
  const staging = await Staging.create(options.dataDir, options.uploadLimitBytes);
  try {
    const checked: { fields?: T } = {};
    const parsed = await staging.receive(request, {
      storedName: storedNameFor,
      tooLarge: UPLOAD_MESSAGES.tooLarge(options.uploadLimitBytes),
      tooManyFiles: UPLOAD_MESSAGES.oneFile,
      beforeFiles: async (fields) => {
        checked.fields = await options.check(fields);
      },
    });
    // No file: the fields are checked once the body is read.
    const fields = 'fields' in checked ? (checked.fields as T) : await options.check(parsed.fields);
    const received = parsed.files[0];
    const file = received ? await options.files.dedupe(staging.dir, received) : null;
    return { fields, file, staging };
  } catch (error) {
    await staging.discard();
    throw error;
  }
}

/** Moves the staged file into its record's folder (inside the record's transaction). */
export async function placeFile(
  dataDir: string,
  staging: Staging,
  area: AttachmentArea,
  ownerId: number,
  file: HashedFile,
): Promise<void> {
  const folder = recordFolder(dataDir, area, ownerId);
  await mkdir(folder, { recursive: true });
  await rename(join(staging.dir, file.storedName), join(folder, file.storedName));
}

/** '12' → 12, '' or garbage → NaN (the schema check then names the field). */
export function integerField(value: string | undefined): number {
  const text = (value ?? '').trim();
  return /^-?\d{1,12}$/.test(text) ? Number(text) : Number.NaN;
}
