#!/usr/bin/env node
// npm run backup: a consistent snapshot of the portal while it serves (README "Backups").
//   1. the database: SQLite through its online backup API (never a copy of the live file),
//      PostgreSQL with `pg_dump -Fc` (one transaction's snapshot);
//   2. the data folder (LMS_DATA_DIR): uploads, module releases, the registry, logo, secrets;
//      not the live database files, uploads still arriving (uploads/incoming) or temporary files;
//   3. manifest.json: a sha256 per file, the database kind, the snapshot instant (taken just
//      before the database snapshot starts: every write acknowledged before it is in the
//      archive), the portal's version and the database's latest migration.
// One archive, lms-backup-<instant>.tar.gz, in LMS_BACKUP_DIR (default backups/), written under a
// temporary name and renamed when complete; the newest LMS_BACKUP_KEEP (7) archives are kept.
import { spawn } from 'node:child_process';
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import {
  ARCHIVE_NAME,
  archiveWriter,
  fail,
  FORMAT,
  FORMAT_VERSION,
  MANIFEST,
  OperatorError,
  postgresConnection,
  ROOT,
  settings,
} from './backup-archive.mjs';

const started = Date.now();
const { dataDir, databaseUrl, backupDir } = settings();

function keepCount(raw) {
  if (raw === undefined || raw === '') return 7;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    throw new OperatorError(`LMS_BACKUP_KEEP must be a whole number of 1 or more (not "${raw}")`);
  }
  return value;
}

/** 2026-11-28T213000Z: an instant as it appears in archive names (UTC, to the second). */
function stampOf(instant) {
  return new Date(instant)
    .toISOString()
    .replace(/:/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
}

/** The live database's files and what else never belongs in a backup. */
function skipped(path) {
  const top = !path.includes(sep);
  if (top && /^lms\.sqlite(-wal|-shm|-journal)?$/.test(path)) return true;
  // Readiness probes (.ready-*) and secrets being written (.<name>.<pid>.<hex>).
  if (top && path.startsWith('.')) return true;
  // Uploads of requests still in flight: stored only once their record is.
  if (path === join('uploads', 'incoming')) return true;
  // Files written under a temporary name and renamed into place (the registry, …).
  return path.endsWith('.tmp');
}

/** The data folder's files, sorted, relative to it (the backup folder excluded if inside). */
async function dataFiles() {
  const files = [];
  const walk = async (folder) => {
    let entries;
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch (error) {
      if (error.code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const full = join(folder, entry.name);
      const path = relative(dataDir, full);
      if (skipped(path) || full === backupDir) continue;
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) files.push(path);
      else console.warn(`warning: ${full} is not a regular file or folder: not backed up`);
    }
  };
  await walk(dataDir);
  return files.sort();
}

function run(command, args, env) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'inherit', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk) => (errors += chunk));
    child.on('error', (error) =>
      reject(new OperatorError(`${command} could not be started: ${error.message}`)),
    );
    child.on('close', (code) =>
      code === 0
        ? resolvePromise()
        : reject(new OperatorError(`${command} failed (exit ${code}): ${errors.trim()}`)),
    );
  });
}

/** The latest migration applied and how many: the portal build this database belongs to. */
function migrationOf(rows) {
  const names = rows.map((row) => row.name).sort();
  return { migration: names.at(-1) ?? null, migrations: names.length };
}

async function snapshotSqlite(target) {
  const file = join(dataDir, 'lms.sqlite');
  let source;
  try {
    source = new SQLite(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new OperatorError(
      `no SQLite database at ${file} (${error.message}): is LMS_DATA_DIR the portal's data ` +
        'folder, or does the portal use PostgreSQL (DATABASE_URL)?',
    );
  }
  try {
    source.pragma('busy_timeout = 5000');
    // The first step copies 100 pages; then the rest in one step (all pages), a single read
    // transaction: writers are not blocked (WAL), and the copy cannot be restarted by them.
    await source.backup(target, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
  const copy = new SQLite(target);
  try {
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new OperatorError(`the database snapshot fails its check: ${check}`);
    return {
      kind: 'sqlite',
      ...migrationOf(copy.prepare('SELECT name FROM kysely_migration').all()),
    };
  } finally {
    copy.close();
  }
}

async function snapshotPostgres(target) {
  const connection = postgresConnection(databaseUrl);
  await run(
    'pg_dump',
    ['--format=custom', '--no-owner', '--no-privileges', `--file=${target}`, connection.dbname],
    connection.env,
  );
  // After the dump: a migration run meanwhile would show here as newer than the dump's.
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const server = await client.query('SHOW server_version');
    const { rows } = await client.query('SELECT name FROM kysely_migration');
    return {
      kind: 'postgres',
      serverVersion: server.rows[0].server_version,
      ...migrationOf(rows),
    };
  } finally {
    await client.end();
  }
}

/** Archives over the newest `keep` are removed, oldest first. */
async function prune(keep) {
  const archives = (await readdir(backupDir))
    .map((name) => ({ name, match: ARCHIVE_NAME.exec(name) }))
    .filter(({ match }) => match)
    .sort((a, b) =>
      a.match[1] === b.match[1]
        ? Number(a.match[2] ?? 1) - Number(b.match[2] ?? 1)
        : a.match[1] < b.match[1]
          ? -1
          : 1,
    );
  const removed = archives.slice(0, Math.max(0, archives.length - keep));
  for (const { name } of removed) await rm(join(backupDir, name));
  return removed.map(({ name }) => name);
}

/** Partial archives of backups that died (kill -9, power loss): their process is gone. */
async function removeAbandoned() {
  for (const name of await readdir(backupDir)) {
    const pid = /^\.lms-backup-.*\.partial-(\d+)$/.exec(name)?.[1];
    if (!pid) continue;
    try {
      process.kill(Number(pid), 0);
    } catch {
      await rm(join(backupDir, name), { recursive: true, force: true });
    }
  }
}

function megabytes(bytes) {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

async function main() {
  const keep = keepCount(process.env.LMS_BACKUP_KEEP);
  try {
    await stat(dataDir);
  } catch {
    throw new OperatorError(`the data folder ${dataDir} does not exist (LMS_DATA_DIR)`);
  }
  await mkdir(backupDir, { recursive: true });
  await removeAbandoned();
  const portal = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8'));

  const snapshotAt = Date.now();
  let name = `lms-backup-${stampOf(snapshotAt)}.tar.gz`;
  for (let copy = 2; (await stat(join(backupDir, name)).catch(() => null)) !== null; copy++) {
    name = `lms-backup-${stampOf(snapshotAt)}-${copy}.tar.gz`;
  }
  const work = join(backupDir, `.${name}.partial-${process.pid}`);
  await mkdir(work, { mode: 0o700 });
  const cleanUp = () => rm(work, { recursive: true, force: true });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      console.error(`error: ${signal}: backup abandoned, no archive written`);
      cleanUp().finally(() => process.exit(1));
    });
  }
  try {
    const kind = databaseUrl ? 'PostgreSQL' : 'SQLite';
    console.log(`Backing up the portal's ${kind} database and ${dataDir}`);
    const dumpName = databaseUrl ? 'lms.pgdump' : 'lms.sqlite';
    const dump = join(work, dumpName);
    const database = databaseUrl ? await snapshotPostgres(dump) : await snapshotSqlite(dump);
    const snapshotDone = Date.now();
    console.log(
      `Database snapshot taken in ${((snapshotDone - snapshotAt) / 1000).toFixed(1)} s ` +
        `(migration ${database.migration}); snapshot instant ${new Date(snapshotAt).toISOString()}`,
    );

    const archive = join(work, name);
    const writer = await archiveWriter(archive, {
      level: Number(process.env.LMS_BACKUP_GZIP_LEVEL || 6),
    });
    const files = [];
    try {
      files.push(await writer.add(`database/${dumpName}`, dump));
      for (const path of await dataFiles()) {
        const entry = await writer.add(`data/${path.split(sep).join('/')}`, join(dataDir, path));
        if (entry) files.push(entry);
      }
      const manifest = {
        format: FORMAT,
        formatVersion: FORMAT_VERSION,
        snapshotAt: new Date(snapshotAt).toISOString(),
        finishedAt: new Date().toISOString(),
        portal: { name: portal.name, version: portal.version },
        database: { ...database, file: `database/${dumpName}` },
        files,
      };
      await writer.addBuffer(MANIFEST, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
      await writer.finish();
    } catch (error) {
      writer.abort();
      throw error;
    }
    const target = join(backupDir, name);
    await rename(archive, target);
    await cleanUp();
    const size = (await stat(target)).size;
    const dataBytes = files.slice(1).reduce((sum, file) => sum + file.size, 0);
    console.log(
      `Wrote ${target}: ${megabytes(size)}; database ${megabytes(files[0].size)}, ` +
        `${files.length - 1} files of the data folder (${megabytes(dataBytes)}), ` +
        `in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    const removed = await prune(keep);
    if (removed.length > 0) {
      console.log(
        `Removed ${removed.length} older backup(s), keeping ${keep}: ${removed.join(', ')}`,
      );
    }
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

main().catch(fail);
