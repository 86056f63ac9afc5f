import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../lib/http.js';
import { fill } from '../../lib/messages.js';
import { Staging, storedNameFor } from '../../lib/uploads.js';
import type { FileStore, HashedFile } from './file-store.js';
import { UPLOAD_MESSAGES, UPLOAD_TEMPLATES } from './messages.js';
import { declaredTooLarge, sizeAmount } from './rules.js';

/** The refusal of an upload over the limit, in every language. */
function tooLarge(limitBytes: number) {
  return fill(UPLOAD_TEMPLATES.tooLarge, sizeAmount(limitBytes));
}

/**
 * Refuses an upload whose declared length is over the limit before a byte of it is read
 * (413; nothing is stored). A body without a length is still counted while it streams.
 */
export function refuseOversized(uploadLimitBytes: number) {
  return async (request: FastifyRequest) => {
    if (declaredTooLarge(request.headers['content-length'], uploadLimitBytes)) {
      throw new ApiError(413, tooLarge(uploadLimitBytes));
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

export interface UploadOptions<T> {
  dataDir: string;
  uploadLimitBytes: number;
  files: FileStore;
  /** Who may write, and what: runs on the text fields before a byte of the file is stored. */
  check: (fields: Record<string, string>) => Promise<T>;
}

/**
 * Streams a book's or material's multipart into a private staging folder (never into memory):
 * `check` runs on the text fields before the file's first byte is stored, so a refused caller
 * uploads nothing. Then `save` stores it; the staging folder is removed whatever happens.
 */
export async function withUpload<T, R>(
  request: FastifyRequest,
  options: UploadOptions<T>,
  save: (upload: ReceivedUpload<T>) => Promise<R>,
): Promise<R> {
  if (!request.isMultipart()) throw new ApiError(400, UPLOAD_MESSAGES.multipartRequired);
  const staging = await Staging.create(options.dataDir, options.uploadLimitBytes);
  try {
    const checked: { fields?: T } = {};
    const parsed = await staging.receive(request, {
      storedName: storedNameFor,
      tooLarge: tooLarge(options.uploadLimitBytes),
      tooManyFiles: UPLOAD_MESSAGES.oneFile,
      beforeFiles: async (fields) => {
        checked.fields = await options.check(fields);
      },
    });
    // No file: the fields are checked once the body is read.
    const fields = 'fields' in checked ? (checked.fields as T) : await options.check(parsed.fields);
    const received = parsed.files[0];
    const file = received ? await options.files.dedupe(staging.dir, received) : null;
    return await save({ fields, file, staging });
  } finally {
    await staging.discard();
  }
}
