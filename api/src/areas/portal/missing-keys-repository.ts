import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface MissingKeyRow {
  lng: string;
  ns: string;
  key: string;
  firstSeenAt: number;
  lastSeenAt: number;
  reports: number;
}

/**
 * Missing translations reported by browsers (docs/i18n-missing-keys.md). A key is kept once per
 * language and namespace (the primary key); missing-keys-service.ts records a report in one
 * transaction, which the writes here take first.
 */
export function createMissingKeysRepository(db: Kysely<Database>) {
  return {
    /** Which of `keys` are stored for the language and namespace. */
    async stored(
      trx: Kysely<Database>,
      lng: string,
      ns: string,
      keys: readonly string[],
    ): Promise<string[]> {
      const rows = await trx
        .selectFrom('missing_keys')
        .select('key')
        .where('lng', '=', lng)
        .where('ns', '=', ns)
        .where('key', 'in', [...keys])
        .execute();
      return rows.map((row) => row.key);
    },

    /** Stored keys reported again: one report more, and its time. */
    async touch(
      trx: Kysely<Database>,
      lng: string,
      ns: string,
      keys: readonly string[],
      now: number,
    ): Promise<void> {
      await trx
        .updateTable('missing_keys')
        .set((eb) => ({ reports: eb('reports', '+', 1), last_seen_at: now }))
        .where('lng', '=', lng)
        .where('ns', '=', ns)
        .where('key', 'in', [...keys])
        .execute();
    },

    /** How many keys the language and namespace hold. */
    async count(trx: Kysely<Database>, lng: string, ns: string): Promise<number> {
      const { n } = await trx
        .selectFrom('missing_keys')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('lng', '=', lng)
        .where('ns', '=', ns)
        .executeTakeFirstOrThrow();
      return Number(n);
    },

    /**
     * Stores new keys; one stored meanwhile by another report is kept once. Answers how many
     * were stored.
     */
    async insert(
      trx: Kysely<Database>,
      lng: string,
      ns: string,
      keys: readonly string[],
      now: number,
    ): Promise<number> {
      const result = await trx
        .insertInto('missing_keys')
        .values(
          keys.map((key) => ({
            lng,
            ns,
            key,
            first_seen_at: now,
            last_seen_at: now,
            reports: 1,
          })),
        )
        .onConflict((oc) => oc.columns(['lng', 'ns', 'key']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? keys.length);
    },

    /** Every stored key, by language, namespace and key. */
    async list(): Promise<MissingKeyRow[]> {
      const rows = await db
        .selectFrom('missing_keys')
        .selectAll()
        .orderBy('lng')
        .orderBy('ns')
        .orderBy('key')
        .execute();
      return rows.map((row) => ({
        lng: row.lng,
        ns: row.ns,
        key: row.key,
        firstSeenAt: Number(row.first_seen_at),
        lastSeenAt: Number(row.last_seen_at),
        reports: Number(row.reports),
      }));
    },
  };
}

export type MissingKeysRepository = ReturnType<typeof createMissingKeysRepository>;
