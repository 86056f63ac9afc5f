// Makes the migrated and seeded database that test files copy (scripts/test.mjs runs it once per
// database): `node --import tsx test/seeded-template.ts <dir> [<postgres url>]`. It does exactly
// what the database plugin does for an empty database, so a copy is what a fresh start would make.
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrations.js';
import { seedIfEmpty } from '../src/db/seed/seed.js';

process.env.LMS_PASSWORD_COST ??= '1024';

const [dataDir, databaseUrl] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: seeded-template.ts <dir> [<postgres url>]');
const db = openDatabase({ dataDir, databaseUrl });
try {
  await migrateToLatest(db, dataDir);
  await seedIfEmpty(db, dataDir);
} finally {
  // SQLite: closing the last connection folds the WAL into lms.sqlite, so the file copies alone.
  await db.kysely.destroy();
}
