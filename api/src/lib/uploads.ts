import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { AttachmentArea } from '../db/attachments-schema.js';
import { ApiError } from './http.js';
import { FILE_LIST_SEPARATOR, type Language } from '@lms/shared/contract';
import { INPUT_MESSAGES } from './input-rules.js';
import { fill, type Text } from './messages.js';
import { SIZES } from './upload-messages.js';
import { CLIENT_ERROR_MESSAGES } from './client-error-messages.js';

/** Where the files of one record live: <dataDir>/uploads/<area>/<id>/. */
export function recordFolder(dataDir: string, area: AttachmentArea, id: number): string {
  return join(dataDir, 'uploads', area, String(id));
}

/**
 * Names we generate on disk: never derived from what the client sent. Chat files stored before
 * the attachments table are named by position alone (f1, f2, …).
 */
export const STORED_NAME = /^f\d{1,3}(-[0-9a-f]{16}(\.[a-z0-9]{1,10})?)?$/;

export function storedNameFor(index: number, originalName: string): string {
  const extension = /\.([A-Za-z0-9]{1,10})$/.exec(originalName)?.[1]?.toLowerCase();
  return `f${index + 1}-${randomBytes(8).toString('hex')}${extension ? `.${extension}` : ''}`;
}

const MAX_NAME_LENGTH = 180;

/**
 * The display name of an upload: the last path segment, without control characters or the
 * file-list separator, bounded in length, and unique within the item (' (2)' before the extension).
 */
export function cleanFileName(raw: string, taken: Set<string>): string {
  const base = raw.split(/[/\\]/).pop() ?? '';
  let name = base
    // Control characters, and the bidirectional controls that make 'x\u202Egpj.exe' read as
    // 'xexe.jpg'.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replaceAll(FILE_LIST_SEPARATOR, '_')
    .trim();
  if (name === '' || name === '.' || name === '..') name = 'file';
  const chars = Array.from(name);
  if (chars.length > MAX_NAME_LENGTH) {
    const extension = /\.[^.]{1,10}$/.exec(name)?.[0] ?? '';
    name = chars.slice(0, MAX_NAME_LENGTH - extension.length).join('') + extension;
  }
  let candidate = name;
  for (let copy = 2; taken.has(candidate.toLowerCase()); copy++) {
    const dot = name.lastIndexOf('.');
    candidate = dot > 0 ? `${name.slice(0, dot)} (${copy})${name.slice(dot)}` : `${name} (${copy})`;
  }
  taken.add(candidate.toLowerCase());
  return candidate;
}

export class UploadTooLargeError extends Error {}

function nulInField(name: string): Text {
  const say = (lang: Language) =>
    `${INPUT_MESSAGES.invalid[lang]}: body/${name} ${INPUT_MESSAGES.noNul[lang]}`;
  return { kg: say('kg'), ru: say('ru'), en: say('en') };
}

export const MALFORMED_MULTIPART = CLIENT_ERROR_MESSAGES.malformedMultipart;

/** The server's own trouble while storing an upload (a full disk, permissions): stays a 500. */
function isServerFault(error: unknown): boolean {
  return error instanceof Error && 'syscall' in error;
}

/** An upload limit as a refusal names it ('20 MB'), in every language (upload-messages.ts). */
export function sizeText(bytes: number): Text {
  const megabytes = bytes / (1024 * 1024);
  return megabytes >= 1
    ? fill(SIZES.megabytes, { n: Math.round(megabytes * 10) / 10 })
    : fill(SIZES.kilobytes, { n: Math.max(1, Math.round(bytes / 1024)) });
}

/** An upload limit in one language (Russian unless told). */
export function formatSize(bytes: number, lang: Language = 'ru'): string {
  return sizeText(bytes)[lang];
}

export interface ReceivedFile {
  /** The name the user uploaded, made safe and unique within the item. */
  originalName: string;
  /** The generated name on disk. */
  storedName: string;
  size: number;
}

export interface ReceiveOptions {
  /** The name on disk of the n-th attachment (never derived from the client alone). */
  storedName: (index: number, originalName: string) => string;
  /** The 413 messages of the area (e.g. the limit per news item), best in every language. */
  tooLarge: Text;
  tooManyFiles: Text;
  /**
   * Runs with the fields received so far when the first file arrives, before a byte of it is
   * stored: the place to refuse a caller who may not post here (fields come before files).
   */
  beforeFiles?: (fields: Record<string, string>) => Promise<void>;
}

/**
 * A private folder for one request's uploads. Files are written here while the request streams,
 * counted against the limit, and only moved to their final folder once the item is stored;
 * `discard` removes everything, so a refused upload leaves nothing on disk.
 */
export class Staging {
  private total = 0;

  private constructor(
    readonly dir: string,
    private readonly limitBytes: number,
  ) {}

  static async create(dataDir: string, limitBytes: number): Promise<Staging> {
    const dir = join(dataDir, 'uploads', 'incoming', randomBytes(12).toString('hex'));
    await mkdir(dir, { recursive: true });
    return new Staging(dir, limitBytes);
  }

  /** Streams one upload into the folder; throws UploadTooLargeError past the request's limit. */
  async write(source: NodeJS.ReadableStream, storedName: string): Promise<number> {
    let size = 0;
    const counter = new Transform({
      transform: (chunk: Buffer, _encoding, callback: TransformCallback) => {
        size += chunk.length;
        this.total += chunk.length;
        if (this.total > this.limitBytes) return callback(new UploadTooLargeError());
        callback(null, chunk);
      },
    });
    await pipeline(source, counter, createWriteStream(join(this.dir, storedName)));
    return size;
  }

  /**
   * Streams a multipart request: fields are collected, every part of the `files` field is
   * staged here. Too large or too many files → 413 with the area's message.
   */
  async receive(
    request: FastifyRequest,
    options: ReceiveOptions,
  ): Promise<{ fields: Record<string, string>; files: ReceivedFile[] }> {
    const fields: Record<string, string> = {};
    const files: ReceivedFile[] = [];
    const taken = new Set<string>();
    let releaseSlot: (() => void) | undefined;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          const value = String(part.value);
          // No schema sees multipart fields: the databases' rule on text is applied here.
          if (value.includes('\u0000')) throw new ApiError(400, nulInField(part.fieldname));
          fields[part.fieldname] = value;
        } else if (part.fieldname !== 'files') {
          // Not an attachment slot: drain it so the request can finish.
          part.file.resume();
        } else {
          if (files.length === 0 && !releaseSlot) {
            await options.beforeFiles?.(fields);
            releaseSlot = request.server.takeUploadSlot(request);
          }
          // A file without a name keeps its bytes under a generated name ('file'); an empty
          // one without a name is what a file input with nothing chosen sends, and is skipped.
          const unnamed = !part.filename;
          const originalName = cleanFileName(part.filename ?? '', taken);
          const storedName = options.storedName(files.length, originalName);
          const size = await this.write(part.file, storedName);
          if (part.file.truncated) throw new UploadTooLargeError();
          if (unnamed && size === 0) {
            taken.delete(originalName.toLowerCase());
            await rm(join(this.dir, storedName), { force: true });
            continue;
          }
          files.push({ originalName, storedName, size });
        }
      }
    } catch (error) {
      const code = error instanceof Error && 'code' in error ? error.code : undefined;
      if (error instanceof UploadTooLargeError || code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new ApiError(413, options.tooLarge);
      }
      if (code === 'FST_FILES_LIMIT') throw new ApiError(413, options.tooManyFiles);
      if (error instanceof ApiError || isServerFault(error)) throw error;
      // The body is not the multipart it claims to be (no boundary, cut short, a broken part) or
      // the client went away mid-upload: the client's fault, never a server error.
      throw new ApiError(400, MALFORMED_MULTIPART);
    } finally {
      releaseSlot?.();
    }
    return { fields, files };
  }

  /** Moves the staged files to their final folder (inside the item's transaction). */
  async publish(target: string): Promise<void> {
    await mkdir(join(target, '..'), { recursive: true });
    await rename(this.dir, target);
  }

  async discard(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
  }
}
