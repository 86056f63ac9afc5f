import { existsSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import type { Actor } from '../../access/index.js';
import { openDatabase } from '../../db/database.js';
import { createAuditTrail, type AuditChange } from './trail.js';

/** The operator at the console (a release script run on the server): their system account. */
export function consoleActor(what: string): Actor {
  let account = 'unknown';
  try {
    account = userInfo().username;
  } catch {
    // No account name (a container without one): the process still says what it was.
  }
  return { userId: null, role: null, address: null, device: `console:${what}:${account}` };
}

/**
 * Records a change made outside the portal's requests (a module's release from the console) as
 * one row of the trail, in a transaction of its own, in the database the server uses. Answers
 * why nothing was recorded when there is no trail yet (a server never started).
 */
export async function recordConsoleChange(
  location: { dataDir: string; databaseUrl?: string },
  actor: Actor,
  change: AuditChange,
): Promise<{ recorded: true } | { problem: string }> {
  if (!location.databaseUrl && !existsSync(join(location.dataDir, 'lms.sqlite'))) {
    return { problem: `no database at ${join(location.dataDir, 'lms.sqlite')}` };
  }
  const db = openDatabase(location);
  try {
    const tables = await db.kysely.introspection.getTables();
    if (!tables.some((table) => table.name === 'audit_trail')) {
      return { problem: 'the database has no audit_trail table yet: start the server once' };
    }
    const trail = createAuditTrail(db.dialect);
    await db.kysely.transaction().execute((trx) => trail.record(trx, actor, change));
    return { recorded: true };
  } finally {
    await db.kysely.destroy();
  }
}
