// `npm run audit:verify`: checks the audit trail's hash chain (areas/audit rules.ts) in the
// database the server uses (PostgreSQL when DATABASE_URL names one, otherwise
// <LMS_DATA_DIR or the repository's data/>/lms.sqlite) and names the first broken row. Exit code
// 0: the chain holds; 1: a row is broken, or there is no trail to read. Reads only.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openDatabase } from '../db/database.js';
import { createAuditRepository, verifyChain, type ChainReport } from '../areas/audit/index.js';
import { serverDatabase, type DatabaseLocation } from './i18n-missing.js';

/** The chain's report, or a sentence saying why there is no trail to check. */
export async function checkTrail(
  location: DatabaseLocation,
): Promise<ChainReport | { problem: string }> {
  if (!location.databaseUrl && !existsSync(join(location.dataDir, 'lms.sqlite'))) {
    return {
      problem: `No database at ${join(location.dataDir, 'lms.sqlite')}: start the server once.`,
    };
  }
  const db = openDatabase(location);
  try {
    const tables = await db.kysely.introspection.getTables();
    if (!tables.some((table) => table.name === 'audit_trail')) {
      return { problem: 'The database has no audit_trail table yet: start the server once.' };
    }
    return await verifyChain(createAuditRepository(db.kysely));
  } finally {
    await db.kysely.destroy();
  }
}

/** The report as the operator reads it. */
export function formatReport(report: ChainReport): string {
  if (!report.broken) {
    return `Audit trail intact: ${report.checked} row${report.checked === 1 ? '' : 's'} verified.`;
  }
  const why =
    report.broken.reason === 'link'
      ? 'it does not point at the row before it (a row before it was removed, added or edited)'
      : 'its content does not match its digest (the row was edited)';
  return (
    `Audit trail BROKEN at row ${report.broken.id}: ${why}. ` +
    `${report.checked} row${report.checked === 1 ? '' : 's'} before it verified.`
  );
}

async function main(): Promise<void> {
  const result = await checkTrail(serverDatabase());
  if ('problem' in result) {
    console.error(result.problem);
    process.exitCode = 1;
    return;
  }
  if (process.argv.includes('--json')) console.log(JSON.stringify(result));
  else console.log(formatReport(result));
  if (result.broken) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  await main();
}
