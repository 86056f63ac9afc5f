#!/usr/bin/env node
// npm run restore -- <archive> [--force] [--check]: puts a backup of scripts/backup.mjs back
// (README "Backups").
//   - Every file's checksum is verified against the archive's manifest before anything is
//     touched; a damaged archive is refused, naming the file. --check stops there.
//   - The data folder (LMS_DATA_DIR) must be missing or empty, and a PostgreSQL database
//     (DATABASE_URL) must have no tables: live data is never overwritten without --force.
//     With --force the data folder in the way is kept beside it (<folder>.replaced-<instant>),
//     and PostgreSQL objects are dropped and recreated (pg_restore --clean --if-exists).
//   - The files are unpacked beside the data folder and put in place with one rename;
//     pg_restore runs in a single transaction. Stop the portal first.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { chmod, mkdir, readdir, rename, rm, rmdir, stat, utimes } from 'node:fs/promises';
import { once } from 'node:events';
import { basename, dirname, join, resolve } from 'node:path';
import pg from 'pg';
import {
  digest,
  fail,
  FORMAT,
  MANIFEST,
  OperatorError,
  postgresConnection,
  readArchive,
  settings,
} from './backup-archive.mjs';

const args = process.argv.slice(2);
// `npm run restore x.tar.gz --force` hands --force to npm, which passes it on as npm_config_force.
const force = args.includes('--force') || process.env.npm_config_force === 'true';
const checkOnly = args.includes('--check');
const archiveArg = args.find((arg) => !arg.startsWith('--'));
const { dataDir, databaseUrl } = settings();

/** A path inside the archive that stays inside the folder it is unpacked to. */
function safePath(path) {
  const parts = path.split('/');
  return (
    path.length > 0 &&
    !path.startsWith('/') &&
    parts.every((part) => part !== '' && part !== '.' && part !== '..') &&
    !path.includes('\\')
  );
}

/**
 * Pass 1: every file of the archive hashed and compared with the manifest (the archive's last
 * file). Resolves with the manifest; a missing, extra, changed or truncated file is refused.
 */
async function verify(archive) {
  const seen = new Map();
  let manifestText;
  await readArchive(archive, async (entry, pieces) => {
    if (seen.has(entry.path)) {
      throw new OperatorError(`${entry.path} appears twice in the archive`);
    }
    if (entry.path === MANIFEST) {
      const chunks = [];
      for await (const piece of pieces) chunks.push(piece);
      manifestText = Buffer.concat(chunks).toString('utf8');
      return;
    }
    if (manifestText !== undefined) {
      throw new OperatorError(`${entry.path} comes after the manifest: not a portal backup`);
    }
    seen.set(entry.path, await digest(pieces));
  });
  if (manifestText === undefined) {
    throw new OperatorError('it has no manifest.json: not a portal backup, or cut short');
  }
  let manifest;
  try {
    manifest = JSON.parse(manifestText);
  } catch {
    throw new OperatorError('its manifest.json is damaged (not JSON)');
  }
  if (manifest.format !== FORMAT || !Array.isArray(manifest.files)) {
    throw new OperatorError('its manifest.json is not a portal backup manifest');
  }
  const listed = new Set();
  for (const file of manifest.files) {
    listed.add(file.path);
    if (!safePath(file.path)) throw new OperatorError(`${file.path}: a path outside the folder`);
    const found = seen.get(file.path);
    if (!found) throw new OperatorError(`${file.path} is listed in the manifest but missing`);
    if (found.size !== file.size || found.sha256 !== file.sha256) {
      throw new OperatorError(
        `${file.path} is damaged: its sha256 is ${found.sha256} (${found.size} bytes), ` +
          `the manifest says ${file.sha256} (${file.size} bytes)`,
      );
    }
  }
  for (const path of seen.keys()) {
    if (!listed.has(path)) throw new OperatorError(`${path} is not listed in the manifest`);
  }
  const database = manifest.files.find((file) => file.path === manifest.database?.file);
  if (!database || !['sqlite', 'postgres'].includes(manifest.database.kind)) {
    throw new OperatorError('its manifest names no database snapshot');
  }
  return manifest;
}

/** What is in the data folder now: nothing (missing or empty), live data, or other files. */
async function dataFolderState() {
  let names;
  try {
    names = await readdir(dataDir);
  } catch (error) {
    if (error.code === 'ENOENT') return { empty: true };
    throw error;
  }
  return {
    empty: names.length === 0,
    live: names.includes('lms.sqlite') || names.includes('uploads'),
    names,
  };
}

async function postgresTables() {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
  } catch (error) {
    throw new OperatorError(`cannot connect to the database of DATABASE_URL: ${error.message}`);
  }
  try {
    const { rows } = await client.query(
      "SELECT count(*)::int AS tables FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')",
    );
    return rows[0].tables;
  } finally {
    await client.end();
  }
}

/** Pass 2: the archive unpacked into `staging` (files hashed again as they are written). */
async function unpack(archive, manifest, staging, dumpFile) {
  const expected = new Map(manifest.files.map((file) => [file.path, file]));
  await readArchive(archive, async (entry, pieces) => {
    if (entry.path === MANIFEST) {
      for await (const piece of pieces) void piece;
      return;
    }
    const target =
      entry.path === manifest.database.file
        ? dumpFile
        : entry.path.startsWith('data/')
          ? join(staging, ...entry.path.slice('data/'.length).split('/'))
          : undefined;
    if (!target) throw new OperatorError(`${entry.path}: not a database or data-folder file`);
    await mkdir(dirname(target), { recursive: true });
    const out = createWriteStream(target, { mode: 0o600 });
    const written = await digest(pieces, async (piece) => {
      if (!out.write(piece)) await once(out, 'drain');
    });
    out.end();
    await once(out, 'close');
    if (written.sha256 !== expected.get(entry.path)?.sha256) {
      throw new OperatorError(`${entry.path} changed while the archive was being read`);
    }
    await chmod(target, entry.mode & 0o7777 || 0o600);
    await utimes(target, entry.mtime, entry.mtime);
  });
}

function pgRestore(dumpFile) {
  const connection = postgresConnection(databaseUrl);
  const options = ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error'];
  if (force) options.push('--clean', '--if-exists');
  return new Promise((resolvePromise, reject) => {
    const child = spawn('pg_restore', [...options, `--dbname=${connection.dbname}`, dumpFile], {
      env: connection.env,
      stdio: ['ignore', 'inherit', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk) => (errors += chunk));
    child.on('error', (error) =>
      reject(new OperatorError(`pg_restore could not be started: ${error.message}`)),
    );
    child.on('close', (code) =>
      code === 0
        ? resolvePromise()
        : reject(
            new OperatorError(
              `pg_restore failed (exit ${code}); the database is as it was: ${errors.trim()}`,
            ),
          ),
    );
  });
}

function stampNow() {
  return new Date()
    .toISOString()
    .replace(/:/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
}

async function main() {
  if (!archiveArg) {
    throw new OperatorError('usage: npm run restore -- <archive.tar.gz> [--force] [--check]');
  }
  const archive = resolve(archiveArg);
  try {
    await stat(archive);
  } catch {
    throw new OperatorError(`${archive} does not exist`);
  }
  const started = Date.now();
  console.log(`Checking ${archive}`);
  let manifest;
  try {
    manifest = await verify(archive);
  } catch (error) {
    if (error instanceof OperatorError) {
      throw new OperatorError(
        `refusing ${basename(archive)}: ${error.message}. Nothing was restored.`,
      );
    }
    throw error;
  }
  console.log(
    `All ${manifest.files.length} files match their checksums. Snapshot of ` +
      `${manifest.snapshotAt}, ${manifest.database.kind === 'postgres' ? 'PostgreSQL' : 'SQLite'} ` +
      `database at migration ${manifest.database.migration}, portal ${manifest.portal?.version}.`,
  );
  if (checkOnly) return;

  const isPostgres = manifest.database.kind === 'postgres';
  if (isPostgres && !databaseUrl) {
    throw new OperatorError(
      'the archive holds a PostgreSQL database: set DATABASE_URL to the (empty) database to restore into',
    );
  }
  if (!isPostgres && databaseUrl) {
    throw new OperatorError(
      'the archive holds an SQLite database, but DATABASE_URL names PostgreSQL: unset it to restore into LMS_DATA_DIR',
    );
  }
  const folder = await dataFolderState();
  if (!folder.empty && !force) {
    throw new OperatorError(
      folder.live
        ? `${dataDir} holds live data (${folder.names.filter((name) => name === 'lms.sqlite' || name === 'uploads').join(', ')}): ` +
            'refusing to restore over it. Restore into an empty LMS_DATA_DIR, or add --force ' +
            '(the folder is then kept beside it, renamed)'
        : `${dataDir} is not empty: restore into an empty LMS_DATA_DIR, or add --force`,
    );
  }
  if (isPostgres) {
    const tables = await postgresTables();
    if (tables > 0 && !force) {
      throw new OperatorError(
        `the database of DATABASE_URL has ${tables} tables: refusing to restore over live data. ` +
          'Restore into an empty database, or add --force (pg_restore --clean replaces its objects)',
      );
    }
  }

  const parent = dirname(dataDir);
  await mkdir(parent, { recursive: true });
  const staging = join(parent, `.${basename(dataDir)}.restore-${process.pid}`);
  const dumpFile = join(parent, `.${basename(dataDir)}.restore-${process.pid}.pgdump`);
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { mode: 0o700 });
  try {
    await unpack(archive, manifest, staging, isPostgres ? dumpFile : join(staging, 'lms.sqlite'));
    if (isPostgres) {
      console.log('Restoring the PostgreSQL database (pg_restore)');
      await pgRestore(dumpFile);
    }
    let replaced;
    if (!folder.empty) {
      replaced = `${dataDir}.replaced-${stampNow()}`;
      await rename(dataDir, replaced);
    } else if (folder.names) {
      await rmdir(dataDir);
    }
    await rename(staging, dataDir);
    console.log(
      `Restored ${manifest.files.length - 1} files into ${dataDir}` +
        `${isPostgres ? ' and the database into DATABASE_URL' : ''} in ` +
        `${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
    if (replaced) console.log(`The data folder that was there is kept as ${replaced}.`);
    console.log('Start the portal: it applies any newer migration of its build on start.');
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(dumpFile, { force: true });
  }
}

main().catch(fail);
