import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { MissingKeysRepository } from './missing-keys-repository.js';

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
 * Records browsers' reports of missing translations (docs/i18n-missing-keys.md). A language and
 * namespace keep at most `cap` keys, so reports cannot fill the disk.
 */
export function createMissingKeysService(db: Kysely<Database>, missingKeys: MissingKeysRepository) {
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
        const known = new Set(await missingKeys.stored(trx, lng, ns, keys));
        if (known.size > 0) await missingKeys.touch(trx, lng, ns, [...known], now);
        const fresh = keys.filter((key) => !known.has(key));
        if (fresh.length === 0) return { added: 0, known: known.size, dropped: 0 };
        const room = Math.max(0, cap - (await missingKeys.count(trx, lng, ns)));
        const admitted = fresh.slice(0, room);
        const added =
          admitted.length > 0 ? await missingKeys.insert(trx, lng, ns, admitted, now) : 0;
        return {
          added,
          known: known.size + (admitted.length - added),
          dropped: fresh.length - admitted.length,
        };
      });
    },
  };
}
