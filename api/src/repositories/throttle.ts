import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { normalizeLogin } from './users.js';

export interface ThrottleLimits {
  maxPerLogin: number;
  maxPerAddress: number;
  windowMs: number;
}

/**
 * Failed sign-ins, kept in the database so that every API process sees the same counts.
 * A login or an address is blocked once it reaches its limit within the sliding window.
 */
export function createThrottleRepository(db: Kysely<Database>, limits: ThrottleLimits) {
  const since = (now: number) => now - limits.windowMs;

  const windowStats = async (column: 'login' | 'address', value: string, now: number) => {
    const row = await db
      .selectFrom('login_failures')
      .select((eb) => [
        eb.fn.countAll<number>().as('count'),
        eb.fn.min<number>('failed_at').as('oldest'),
      ])
      .where(column, '=', value)
      .where('failed_at', '>', since(now))
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), oldest: row.oldest === null ? now : Number(row.oldest) };
  };

  return {
    /** Milliseconds until the next attempt is allowed, or 0 when not blocked. */
    async retryAfterMs(login: string, address: string, now = Date.now()): Promise<number> {
      const byLogin = await windowStats('login', normalizeLogin(login), now);
      const byAddress = await windowStats('address', address, now);
      let wait = 0;
      // The block lifts when the oldest failure in the window ages out of it.
      if (byLogin.count >= limits.maxPerLogin) wait = byLogin.oldest + limits.windowMs - now;
      if (byAddress.count >= limits.maxPerAddress) {
        wait = Math.max(wait, byAddress.oldest + limits.windowMs - now);
      }
      return Math.max(wait, 0);
    },

    async recordFailure(login: string, address: string, now = Date.now()): Promise<void> {
      await db
        .insertInto('login_failures')
        .values({ login: normalizeLogin(login), address, failed_at: now })
        .execute();
      // Housekeeping: rows older than the window never count again.
      await db.deleteFrom('login_failures').where('failed_at', '<=', since(now)).execute();
    },

    /** A successful sign-in forgives the login's failures (the address keeps its count). */
    async reset(login: string): Promise<void> {
      await db.deleteFrom('login_failures').where('login', '=', normalizeLogin(login)).execute();
    },
  };
}

export type ThrottleRepository = ReturnType<typeof createThrottleRepository>;
