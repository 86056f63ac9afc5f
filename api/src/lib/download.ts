import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Attachment } from './attachments.js';
import { ApiError, MESSAGES } from './http.js';
import { UNKNOWN_MEDIA_TYPE } from './media-types.js';
import { recordFolder, STORED_NAME } from './uploads.js';

/**
 * Types a browser may render as a page or run as script (HTML, SVG, XML, JavaScript): such files
 * are sent as plain bytes, so an uploaded page can never run inside the portal's origin.
 */
const ACTIVE_CONTENT =
  /^(text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml|[a-z]+\/[a-z0-9.+-]*\+xml|text\/javascript|application\/javascript|application\/x-javascript|application\/ecmascript|text\/ecmascript)$/i;

/** The Content-Type a download declares: the stored media type unless it is active content. */
export function safeContentType(mediaType: string): string {
  const type = mediaType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === '' || ACTIVE_CONTENT.test(type) || !/^[a-z]+\/[a-z0-9.+-]+$/.test(type)) {
    return UNKNOWN_MEDIA_TYPE;
  }
  return type;
}

/**
 * `Content-Disposition: attachment` with an ASCII fallback name and the exact UTF-8 name
 * (RFC 6266 / RFC 5987 `filename*=UTF-8''…`), so Cyrillic names arrive intact.
 */
export function attachmentDisposition(
  fileName: string,
  type: 'attachment' | 'inline' = 'attachment',
): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** The byte range a `Range` header asks for: a range, 'unsatisfiable', or null (whole file). */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges, or another unit: answer with the whole file (RFC 9110 allows ignoring Range).
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || (last !== '' && Number(last) < start)) return 'unsatisfiable';
  return { start, end };
}

/** What a route that sends an attachment answers besides 200 (its `config.answers`). */
export const ATTACHMENT_ANSWERS = {
  206: 'A part of the file (a Range request).',
  304: 'The copy the caller holds is current (If-None-Match).',
  404: 'No such file.',
  416: 'The range asked for is not in the file.',
} as const;

/**
 * Sends a stored attachment of a record (uploads/<area>/<owner id>/<stored name>), the one way
 * every area serves files: a safe Content-Type, `attachment` disposition with the display name,
 * nosniff, validators (ETag, Last-Modified → 304) and single byte ranges (206 / 416).
 * The caller has already checked that the user may see the owning record. 404 when the file is
 * not on disk. `inline` lets a PDF open in the browser's viewer (only a PDF: any other type is
 * still sent as an attachment).
 */
export async function sendAttachment(
  request: FastifyRequest,
  reply: FastifyReply,
  dataDir: string,
  file: Pick<
    Attachment,
    'owner_area' | 'owner_id' | 'stored_name' | 'original_name' | 'media_type'
  >,
  options: { inline?: boolean } = {},
): Promise<FastifyReply> {
  if (!STORED_NAME.test(file.stored_name)) throw new ApiError(404, MESSAGES.notFound);
  const path = join(recordFolder(dataDir, file.owner_area, file.owner_id), file.stored_name);
  const info = await stat(path).catch(() => undefined);
  if (!info?.isFile()) throw new ApiError(404, MESSAGES.notFound);
  const size = info.size;
  const etag = `"${size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  const contentType = safeContentType(file.media_type);
  const disposition = options.inline && contentType === 'application/pdf' ? 'inline' : 'attachment';

  reply
    .header('Content-Type', contentType)
    .header('Content-Disposition', attachmentDisposition(file.original_name, disposition))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Accept-Ranges', 'bytes')
    .header('Cache-Control', 'private, no-cache')
    .header('ETag', etag)
    .header('Last-Modified', info.mtime.toUTCString());

  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === etag)) {
    return reply.code(304).send();
  }

  // A Range with If-Range naming another version gets the whole (new) file.
  const ifRange = request.headers['if-range'];
  const range = ifRange && ifRange !== etag ? null : parseRange(request.headers.range, size);
  if (range === 'unsatisfiable') {
    return reply
      .code(416)
      .header('Content-Range', `bytes */${size}`)
      .header('Content-Length', '0')
      .send();
  }
  if (range) {
    return reply
      .code(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
      .header('Content-Length', String(range.end - range.start + 1))
      .send(createReadStream(path, { start: range.start, end: range.end }));
  }
  return reply.header('Content-Length', String(size)).send(createReadStream(path));
}
