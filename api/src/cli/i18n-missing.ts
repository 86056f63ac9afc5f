// `npm run i18n:missing`: lists the missing translations browsers reported
// (docs/i18n-missing-keys.md), from the database the server uses: PostgreSQL when DATABASE_URL
// names one, otherwise <LMS_DATA_DIR or the repository's data/>/lms.sqlite. `--json` prints JSON.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isPostgresUrl, openDatabase } from '../db/database.js';
import { REPO_ROOT } from '../options.js';
import { createMissingKeysRepository, type MissingKeyRow } from '../areas/portal/index.js';

export interface DatabaseLocation {
  dataDir: string;
  databaseUrl?: string;
}

/** Where the server keeps its data (api/src/server.ts reads the same variables). */
export function serverDatabase(env: NodeJS.ProcessEnv = process.env): DatabaseLocation {
  return {
    dataDir: resolve(env.LMS_DATA_DIR || join(REPO_ROOT, 'data')),
    ...(isPostgresUrl(env.DATABASE_URL) ? { databaseUrl: env.DATABASE_URL } : {}),
  };
}

/**
 * The stored keys, or a sentence saying why there are none to read: no SQLite file yet, or a
 * database the server has not migrated to the reports' table yet. Reads only; never creates.
 */
export async function readMissingKeys(
  location: DatabaseLocation,
): Promise<{ rows: MissingKeyRow[] } | { problem: string }> {
  if (!location.databaseUrl && !existsSync(join(location.dataDir, 'lms.sqlite'))) {
    return {
      problem: `No database at ${join(location.dataDir, 'lms.sqlite')}: start the server once.`,
    };
  }
  const db = openDatabase(location);
  try {
    const tables = await db.kysely.introspection.getTables();
    if (!tables.some((table) => table.name === 'missing_keys')) {
      return { problem: 'The database has no missing_keys table yet: start the server once.' };
    }
    return { rows: await createMissingKeysRepository(db.kysely).list() };
  } finally {
    await db.kysely.destroy();
  }
}

/** One line per key under a header: language, namespace, key, first and latest report, count. */
export function formatMissingKeys(rows: readonly MissingKeyRow[]): string {
  if (rows.length === 0) return 'No missing translations reported.';
  const table = [
    ['lng', 'ns', 'key', 'first seen', 'last seen', 'reports'],
    ...rows.map((row) => [
      row.lng,
      row.ns,
      row.key,
      new Date(row.firstSeenAt).toISOString(),
      new Date(row.lastSeenAt).toISOString(),
      String(row.reports),
    ]),
  ];
  const widths = table[0]!.map((_, column) =>
    Math.max(...table.map((line) => line[column]!.length)),
  );
  const lines = table.map((line) =>
    line
      .map((cell, column) => (column === line.length - 1 ? cell : cell.padEnd(widths[column]!)))
      .join('  '),
  );
  return `${lines.join('\n')}\n\n${rows.length} key${rows.length === 1 ? '' : 's'}`;
}

async function main(): Promise<void> {
  const result = await readMissingKeys(serverDatabase());
  if ('problem' in result) {
    console.error(result.problem);
    process.exitCode = 1;
    return;
  }
  console.log(
    process.argv.includes('--json')
      ? JSON.stringify(result.rows, null, 2)
      : formatMissingKeys(result.rows),
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  await main();
}
