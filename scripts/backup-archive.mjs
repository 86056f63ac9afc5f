// The backup archive (scripts/backup.mjs writes it, scripts/restore.mjs reads it): a gzipped
// POSIX tar (pax), readable with any `tar`, holding
//   database/lms.sqlite or database/lms.pgdump   the database snapshot
//   data/<path>                                   the data folder (uploads, releases, secrets…)
//   manifest.json                                 last: what it holds, with a sha256 per file
// Each file is read once: its checksum is computed from the very bytes written to the archive.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { once } from 'node:events';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGunzip, createGzip } from 'node:zlib';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const MANIFEST = 'manifest.json';
export const FORMAT = 'lms-backup';
export const FORMAT_VERSION = 1;
/** lms-backup-2026-11-28T213000Z.tar.gz, or …Z-2.tar.gz for a second one in the same second. */
export const ARCHIVE_NAME = /^lms-backup-(\d{4}-\d\d-\d\dT\d{6}Z)(?:-(\d+))?\.tar\.gz$/;

/** The server's settings, read as the server reads them (api/src/server.ts). */
export function settings() {
  return {
    dataDir: resolve(process.env.LMS_DATA_DIR || join(ROOT, 'data')),
    databaseUrl: /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '')
      ? process.env.DATABASE_URL
      : undefined,
    backupDir: resolve(process.env.LMS_BACKUP_DIR || join(ROOT, 'backups')),
  };
}

/** A refusal or failure the operator can act on: printed without a stack trace. */
export class OperatorError extends Error {}

export function fail(error) {
  console.error(`error: ${error instanceof OperatorError ? error.message : error?.stack}`);
  process.exit(1);
}

/** pg_dump / pg_restore arguments and environment: the password travels in PGPASSWORD, not argv. */
export function postgresConnection(databaseUrl) {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return {
    dbname: url.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

const BLOCK = 512;

function octal(value, width) {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

/** A pax record `<length> <key>=<value>\n`, the length counting itself. */
function paxRecord(key, value) {
  const body = ` ${key}=${value}\n`;
  const bodyLength = Buffer.byteLength(body);
  let length = bodyLength + 1;
  while (String(length).length + bodyLength !== length) length = String(length).length + bodyLength;
  return `${length}${body}`;
}

function header({ name, size, mode, mtime, type }) {
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, 100, 'utf8');
  block.write(octal(mode & 0o7777, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(Math.floor(mtime), 12), 136, 'ascii');
  block.write(' '.repeat(8), 148, 'ascii');
  block.write(type, 156, 'ascii');
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

const MAX_USTAR_SIZE = 0o77777777777;

/** The tar header(s) of one file: a pax header first when the name or size does not fit ustar. */
function headersFor(path, size, mode, mtime) {
  const records = [];
  const plainName = Buffer.byteLength(path) <= 100 && /^[\x20-\x7e]*$/.test(path);
  if (!plainName) records.push(paxRecord('path', path));
  if (size > MAX_USTAR_SIZE) records.push(paxRecord('size', String(size)));
  const file = header({
    name: plainName ? path : path.replace(/[^\x20-\x7e]/g, '_').slice(-100),
    size: size > MAX_USTAR_SIZE ? 0 : size,
    mode,
    mtime,
    type: '0',
  });
  if (records.length === 0) return [file];
  const pax = Buffer.from(records.join(''), 'utf8');
  return [
    header({ name: 'PaxHeader', size: pax.length, mode: 0o644, mtime, type: 'x' }),
    pax,
    Buffer.alloc(padding(pax.length)),
    file,
  ];
}

function padding(size) {
  return (BLOCK - (size % BLOCK)) % BLOCK;
}

/** Files up to this size are read whole before their header is written. */
const SMALL_FILE = 8 * 1024 * 1024;

/**
 * Writes a .tar.gz: `add` appends one file from disk (read once, hashed as written), `addBuffer`
 * one from memory; `finish` ends the archive and resolves when it is on disk (fsync'd).
 */
export async function archiveWriter(file, { level = 6 } = {}) {
  const gzip = createGzip({ level });
  const out = createWriteStream(file, { mode: 0o600 });
  gzip.pipe(out);
  let failure;
  gzip.on('error', (error) => (failure = error));
  out.on('error', (error) => (failure = error));
  /** Resolves when gzip wants more, or when either stream failed (`failure` says which). */
  const drained = () =>
    new Promise((resolvePromise) => {
      const done = () => {
        gzip.off('drain', done);
        gzip.off('error', done);
        out.off('error', done);
        resolvePromise();
      };
      gzip.on('drain', done);
      gzip.on('error', done);
      out.on('error', done);
    });
  const write = async (buffer) => {
    if (failure) throw failure;
    if (!gzip.write(buffer)) await drained();
    if (failure) throw failure;
  };
  const hashed = async (path, mode, mtime, chunks, size) => {
    const hash = createHash('sha256');
    for (const part of headersFor(path, size, mode, mtime)) await write(part);
    let written = 0;
    for await (const chunk of chunks) {
      hash.update(chunk);
      written += chunk.length;
      await write(chunk);
    }
    await write(Buffer.alloc(padding(size)));
    return { path, size: written, sha256: hash.digest('hex') };
  };
  return {
    async addBuffer(path, buffer, mode = 0o644, mtime = Date.now() / 1000) {
      return hashed(path, mode, mtime, [buffer], buffer.length);
    },
    /** One file from disk; undefined when it vanished before it could be opened. */
    async add(path, source) {
      let handle;
      try {
        handle = await open(source, 'r');
      } catch (error) {
        if (error.code === 'ENOENT') return undefined;
        throw error;
      }
      try {
        const stat = await handle.stat();
        const mtime = stat.mtimeMs / 1000;
        if (stat.size <= SMALL_FILE) {
          const content = await handle.readFile();
          return await hashed(path, stat.mode, mtime, [content], content.length);
        }
        const size = stat.size;
        async function* exactly() {
          const buffer = Buffer.alloc(1024 * 1024);
          let left = size;
          while (left > 0) {
            const { bytesRead } = await handle.read(buffer, 0, Math.min(left, buffer.length));
            if (bytesRead === 0) {
              throw new OperatorError(
                `${source} became shorter while it was being read: run the backup again`,
              );
            }
            left -= bytesRead;
            yield Buffer.from(buffer.subarray(0, bytesRead));
          }
        }
        return await hashed(path, stat.mode, mtime, exactly(), size);
      } finally {
        await handle.close();
      }
    },
    async finish() {
      await write(Buffer.alloc(BLOCK * 2));
      gzip.end();
      await once(out, 'close');
      if (failure) throw failure;
      const handle = await open(file, 'r+');
      await handle.sync();
      await handle.close();
    },
    /** Stops writing after a failure (the caller removes the file). */
    abort() {
      gzip.destroy();
      out.destroy();
    },
  };
}

/** Reads bytes from a stream on demand: a whole header, or a file's content piece by piece. */
class ByteReader {
  constructor(stream) {
    this.chunks = stream[Symbol.asyncIterator]();
    this.pending = Buffer.alloc(0);
  }

  async more() {
    const { value, done } = await this.chunks.next();
    if (done) return false;
    this.pending = this.pending.length ? Buffer.concat([this.pending, value]) : value;
    return true;
  }

  async exactly(size) {
    while (this.pending.length < size) {
      if (!(await this.more())) return undefined;
    }
    const taken = this.pending.subarray(0, size);
    this.pending = this.pending.subarray(size);
    return taken;
  }

  async *pieces(size) {
    let left = size;
    while (left > 0) {
      if (this.pending.length === 0 && !(await this.more())) {
        throw new OperatorError('the archive ends in the middle of a file');
      }
      const piece = this.pending.subarray(0, Math.min(left, this.pending.length));
      this.pending = this.pending.subarray(piece.length);
      left -= piece.length;
      yield piece;
    }
  }
}

function text(block, start, length) {
  const raw = block.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

function number(block, start, length) {
  const value = text(block, start, length).trim();
  return value === '' ? 0 : parseInt(value, 8);
}

function checksumOk(block) {
  let sum = 0;
  for (let index = 0; index < BLOCK; index++) {
    sum += index >= 148 && index < 156 ? 0x20 : block[index];
  }
  return sum === number(block, 148, 8);
}

function paxFields(buffer) {
  const fields = {};
  let at = 0;
  while (at < buffer.length) {
    const space = buffer.indexOf(0x20, at);
    const length = parseInt(buffer.subarray(at, space).toString('ascii'), 10);
    if (space === -1 || !(length > 0)) break;
    const record = buffer.subarray(space + 1, at + length - 1).toString('utf8');
    const equals = record.indexOf('=');
    fields[record.slice(0, equals)] = record.slice(equals + 1);
    at += length;
  }
  return fields;
}

/**
 * The files of a .tar.gz in order: for each, `visit({ path, size, mode, mtime }, pieces)` where
 * `pieces` yields its content (the visitor must consume it). A damaged gzip stream or tar header
 * is an OperatorError saying so.
 */
export async function readArchive(file, visit) {
  const gunzip = createGunzip();
  const input = createReadStream(file);
  input.on('error', (error) => gunzip.destroy(error));
  const reader = new ByteReader(input.pipe(gunzip));
  try {
    let extended = {};
    for (;;) {
      const block = await reader.exactly(BLOCK);
      if (!block) throw new OperatorError('the archive ends before its end marker (truncated)');
      if (block.every((byte) => byte === 0)) {
        // Read on to the end, so that gzip checks its CRC over the whole archive too.
        while (await reader.more()) reader.pending = Buffer.alloc(0);
        return;
      }
      if (!checksumOk(block)) throw new OperatorError('a tar header is damaged');
      const type = String.fromCharCode(block[156] || 0x30);
      const prefix = text(block, 345, 155);
      const name = text(block, 0, 100);
      let size = number(block, 124, 12);
      if (extended.size !== undefined) size = Number(extended.size);
      if (type === 'x' || type === 'g' || type === 'L') {
        const content = await reader.exactly(size + padding(size));
        if (!content) throw new OperatorError('the archive ends in the middle of a header');
        if (type === 'x') extended = paxFields(content.subarray(0, size));
        if (type === 'L') extended = { path: text(content, 0, size) };
        continue;
      }
      const path = extended.path ?? (prefix ? `${prefix}/${name}` : name);
      extended = {};
      if (type === '5') continue;
      if (type !== '0') throw new OperatorError(`${path}: not a regular file (tar type ${type})`);
      const entry = { path, size, mode: number(block, 100, 8), mtime: number(block, 136, 12) };
      await visit(entry, reader.pieces(size));
      if (!(await reader.exactly(padding(size)))) {
        throw new OperatorError('the archive ends in the middle of a file');
      }
    }
  } catch (error) {
    if (error instanceof OperatorError) throw error;
    if (error.code?.startsWith?.('Z_') || error.code === 'ERR_STREAM_PREMATURE_CLOSE') {
      throw new OperatorError(`it is damaged or not a .tar.gz (${error.message})`);
    }
    throw error;
  } finally {
    input.destroy();
  }
}

/** The sha256 of a content stream, consuming it. */
export async function digest(pieces, sink) {
  const hash = createHash('sha256');
  let size = 0;
  for await (const piece of pieces) {
    hash.update(piece);
    size += piece.length;
    if (sink) await sink(piece);
  }
  return { size, sha256: hash.digest('hex') };
}
