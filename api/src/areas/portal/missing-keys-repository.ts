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

/** What became of one report's keys. */
export interface MissingKeyOutcome {
  /** Keys stored for the first time. */
  added: number;
  /** Keys already stored: their count and latest report were updated. */
  known: number;
  /** New keys not stored because the language and namespace hold the most allowed. */
  dropped: number;
}

/**
 * Missing translations reported by browsers (docs/i18n-missing-keys.md). A key is kept once per
 * language and namespace (the primary key); a language and namespace keep at most `cap` keys,
 * so reports cannot fill the disk.
 */
export function createMissingKeysRepository(db: Kysely<Database>) {
  return {
    /**
     * Records a report's keys (distinct, already validated). One transaction: known keys are
     * counted, new ones stored while there is room. Simultaneous reports on PostgreSQL may each
     * see the same room, so the cap can be passed by at most the keys of the reports in flight.
     */
    async record(
      lng: string,
      ns: string,
      keys: readonly string[],
      cap: number,
      now = Date.now(),
    ): Promise<MissingKeyOutcome> {
      if (keys.length === 0) return { added: 0, known: 0, dropped: 0 };
      return db.transaction().execute(async (trx) => {
        const stored = await trx
          .selectFrom('missing_keys')
          .select('key')
          .where('lng', '=', lng)
          .where('ns', '=', ns)
          .where('key', 'in', [...keys])
          .execute();
        const known = new Set(stored.map((row) => row.key));
        if (known.size > 0) {
          await trx
            .updateTable('missing_keys')
            .set((eb) => ({ reports: eb('reports', '+', 1), last_seen_at: now }))
            .where('lng', '=', lng)
            .where('ns', '=', ns)
            .where('key', 'in', [...known])
            .execute();
        }
        const fresh = keys.filter((key) => !known.has(key));
        if (fresh.length === 0) return { added: 0, known: known.size, dropped: 0 };
        const { n } = await trx
          .selectFrom('missing_keys')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('lng', '=', lng)
          .where('ns', '=', ns)
          .executeTakeFirstOrThrow();
        const room = Math.max(0, cap - Number(n));
        const admitted = fresh.slice(0, room);
        let added = 0;
        if (admitted.length > 0) {
          const result = await trx
            .insertInto('missing_keys')
            .values(
              admitted.map((key) => ({
                lng,
                ns,
                key,
                first_seen_at: now,
                last_seen_at: now,
                reports: 1,
              })),
            )
            // Another report stored the same key meanwhile: it is kept once.
            .onConflict((oc) => oc.columns(['lng', 'ns', 'key']).doNothing())
            .executeTakeFirst();
          added = Number(result.numInsertedOrUpdatedRows ?? admitted.length);
        }
        return {
          added,
          known: known.size + (admitted.length - added),
          dropped: fresh.length - admitted.length,
        };
      });
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
