import type { Kysely } from 'kysely';
import { prepared } from './prepared.js';
import type { Database } from './schema.js';

/**
 * The reader of one `data_versions` row (migration 0018): the version the database's triggers
 * move on every change of what a cache holds, as text ('none' while the row is missing). A cache
 * kept in the process compares it before it answers, so every process invalidates alike.
 */
export function dataVersion(db: Kysely<Database>, name: string): () => Promise<string> {
  const read = prepared(
    db,
    () => db.selectFrom('data_versions').select('version').where('name', '=', name),
    0,
  );
  return async () => {
    const [row] = await read();
    return row ? String(row.version) : 'none';
  };
}
