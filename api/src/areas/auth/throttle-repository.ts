import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';
import { TokenBuckets } from '../../lib/token-bucket.js';
import { normalizeLogin } from './users-repository.js';

/**
 * Sign-in throttling (docs/security.md): attempts free of delay per account-and-address pair,
 * per account from any address, and per address (a campus behind one NAT); past them each
 * attempt waits a delay that doubles from `baseDelayMs` up to `maxDelayMs`. A key's count starts
 * again after `resetAfterMs` without attempts.
 */
export interface ThrottleOptions {
  freePerPair: number;
  freePerLogin: number;
  freePerAddress: number;
  baseDelayMs: number;
  maxDelayMs: number;
  resetAfterMs: number;
  /**
   * Typed QR codes (the fallback beside the QR) a student may get wrong before each further
   * attempt waits, doubling from baseDelayMs: six digits must not be guessable by trying.
   */
  freeCodesPerStudent: number;
  /**
   * The login page's recovery check (asked before every sign-in) gives its attempt back, up to
   * this many times a minute per address and API process; past that (a flood of checks, each
   * costing a password hash) the checks count like any attempt.
   */
  recoveryReleasesPerMinute: number;
}

/**
 * Sign-in throttling (docs/security.md), and the typed QR code's, in the database so that every API process sees the same
 * counts. An attempt is counted before the password is checked, in one UPDATE per key whose
 * condition is "the key's delay has passed": simultaneous guesses are counted one by one and
 * the ones past the limit are refused without a check. A successful attempt is forgiven.
 *
 * Keys: the account-and-address pair (what slows a guesser down without locking the owner out
 * elsewhere), the account from any address (a guesser spreading over many addresses), and the
 * address (many accounts guessed from one place; high enough for a campus behind one NAT).
 */
export function createThrottleRepository(db: Kysely<Database>, limits: ThrottleOptions) {
  /**
   * When the key's next attempt is allowed after this one (its n-th, n = before + 1, `before`
   * being the count so far): at once (0) while n < free, then `now` plus a delay doubling from
   * the base up to the maximum.
   */
  const nextAllowed = (
    free: number,
    now: number,
    before: RawBuilder<number> = sql`attempts`,
  ): RawBuilder<number> => {
    const steps: RawBuilder<unknown>[] = [];
    for (let k = 0, delay = limits.baseDelayMs; delay < limits.maxDelayMs; k++, delay *= 2) {
      steps.push(sql`when ${before} + 1 = ${sql.lit(free + k)} then ${sql.lit(delay)}`);
    }
    const delay = sql`case ${sql.join(steps, sql` `)} else ${sql.lit(limits.maxDelayMs)} end`;
    return sql<number>`case when ${before} + 1 < ${sql.lit(free)} then 0 else cast(${now} as bigint) + ${delay} end`;
  };

  /**
   * The address's count leaks one attempt per this many ms: a campus may fail `freePerAddress`
   * times per `resetAfterMs`, sustained, before anyone waits (an address that is never idle for
   * the reset time, as a campus's is not by day, would otherwise add its failures up all day).
   */
  const addressLeakMs = Math.max(1, Math.floor(limits.resetAfterMs / limits.freePerAddress));

  const keys = (login: string, address: string) => {
    const account = normalizeLogin(login);
    return [
      { key: `pair:${account}|${address}`, free: limits.freePerPair },
      { key: `login:${account}`, free: limits.freePerLogin },
      { key: `address:${address}`, free: limits.freePerAddress, leakMs: addressLeakMs },
    ];
  };

  /**
   * A known device (a valid device cookie for the login, device-cookie.ts) is counted on its
   * own key only: guesses from elsewhere do not hold it back, and it gets the pair's free
   * attempts and delays, so a device cookie that keeps failing is held back itself.
   */
  const deviceKey = (device: string) => ({
    key: `device:${device}`,
    free: limits.freePerPair,
    leakMs: undefined,
  });
  const keysOf = (login: string, address: string, device?: string | null) =>
    device ? [deviceKey(device)] : keys(login, address);

  const releases = new TokenBuckets(
    limits.recoveryReleasesPerMinute,
    limits.recoveryReleasesPerMinute,
  );

  const codeKey = (studentId: number) => `qrcode:${studentId}`;

  /**
   * What counting an attempt writes to a key that leaks (`leakMs`): the attempts leaked since
   * `last_at` are gone, and `last_at` moves on by whole leaks only, so the part of a leak under
   * way is kept for the next attempt (a campus's attempts come every few seconds).
   */
  const leakyCount = (now: number, leakMs: number) => {
    const at = sql<number>`cast(${now} as bigint)`;
    const leak = sql.lit(leakMs);
    const leaked = sql<number>`(case when ${at} > last_at then cast((${at} - last_at) / ${leak} as integer) else 0 end)`;
    const left = sql<number>`(case when attempts > ${leaked} then attempts - ${leaked} else 0 end)`;
    return {
      left,
      lastAt: sql<number>`case when attempts > ${leaked} then last_at + ${leaked} * ${leak} else ${at} end`,
    };
  };

  /**
   * Takes `attempts` back from a key's count; back under its free attempts, the delay a counted
   * attempt set is gone too.
   */
  const giveBack = async (key: string, free: number, attempts: number): Promise<void> => {
    const back = sql.lit(attempts);
    await db
      .updateTable('login_attempts')
      .set({
        attempts: sql`case when attempts > ${back} then attempts - ${back} else 0 end`,
        next_at: sql`case when attempts - ${back} < ${sql.lit(free)} then 0 else next_at end`,
      })
      .where('key', '=', key)
      .execute();
  };

  /** Counts an attempt of a key; answers 0, or the milliseconds until one is allowed. */
  const count = async (key: string, free: number, now: number, leakMs = 0): Promise<number> => {
    const stale = now - limits.resetAfterMs;
    await db
      .insertInto('login_attempts')
      .values({ key, attempts: 0, last_at: now, next_at: 0 })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    const fresh = sql<boolean>`last_at <= ${stale}`;
    const leaky = leakMs > 0 ? leakyCount(now, leakMs) : null;
    const result = await db
      .updateTable('login_attempts')
      .set(
        leaky
          ? {
              attempts: sql`${leaky.left} + 1`,
              next_at: nextAllowed(free, now, leaky.left),
              last_at: leaky.lastAt,
            }
          : {
              attempts: sql`case when ${fresh} then 1 else attempts + 1 end`,
              // A key idle for the reset time counts this attempt as its first.
              next_at: sql`case when ${fresh} then 0 else ${nextAllowed(free, now)} end`,
              last_at: now,
            },
      )
      .where('key', '=', key)
      .where((eb) => eb.or([eb('next_at', '<=', now), eb('last_at', '<=', stale)]))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) return 0;
    const row = await db
      .selectFrom('login_attempts')
      .select('next_at')
      .where('key', '=', key)
      .executeTakeFirst();
    return Math.max(1, Number(row?.next_at ?? now) - now);
  };

  return {
    /**
     * Counts a sign-in attempt for the login from the address (or, from a known device, on the
     * device's key alone). 0 when it may go ahead; otherwise the milliseconds to wait (the
     * attempt is then refused, and not counted further).
     */
    async attempt(
      login: string,
      address: string,
      now = Date.now(),
      device?: string | null,
    ): Promise<number> {
      let wait = 0;
      for (const { key, free, leakMs } of keysOf(login, address, device)) {
        wait = Math.max(wait, await count(key, free, now, leakMs));
        if (wait > 0) break;
      }
      // Housekeeping: keys idle for the reset time count from zero anyway.
      if (Math.random() < 0.01) {
        await db
          .deleteFrom('login_attempts')
          .where('last_at', '<=', now - limits.resetAfterMs)
          .execute();
      }
      return wait;
    },

    /**
     * Counts a student's typed QR code before it is checked (the same schedule of delays, in the
     * database, so guesses spread over several API processes are counted together). 0 when it
     * may be checked; otherwise the milliseconds to wait.
     */
    typedCode(studentId: number, now = Date.now()): Promise<number> {
      return count(codeKey(studentId), limits.freeCodesPerStudent, now);
    },

    /** The typed code was right: the student's wrong ones are forgotten. */
    async forgiveCode(studentId: number): Promise<void> {
      await db.deleteFrom('login_attempts').where('key', '=', codeKey(studentId)).execute();
    },

    /**
     * The attempt checked no password after all (auth/recovery for an account that need not
     * change its credentials, the first step of every sign-in on the login page): it is given
     * back on every key, as if it had not been counted (up to `recoveryReleasesPerMinute` per
     * address). Unlike `forgive` nothing is reset, so a guesser cannot clear an account's
     * failures by asking the recovery check.
     */
    async release(login: string, address: string, device?: string | null): Promise<void> {
      // A flood of checks from one address is not given back: each costs a password hash.
      if (!releases.take(address)) return;
      for (const { key, free } of keysOf(login, address, device)) await giveBack(key, free, 1);
    },

    /**
     * The attempt succeeded: the pair and the account start again. The address gets back this
     * attempt and the owner's failures from it before (a campus whose students mistype now and
     * then, all day long, is not a guesser; it would otherwise run out of attempts by noon).
     * A guesser's failures on other accounts stay counted. From a known device only the
     * device's count starts again.
     */
    async forgive(login: string, address: string, device?: string | null): Promise<void> {
      const [pair, account, place] = keys(login, address);
      if (device) {
        // A known device counted on its own key only, and forgives only that: guesses at the
        // account from elsewhere stay counted (the owner's sign-ins do not hand a guesser fresh
        // attempts), and the address, which counted nothing, gets nothing back.
        await db.deleteFrom('login_attempts').where('key', '=', deviceKey(device).key).execute();
        return;
      }
      const counted = await db
        .selectFrom('login_attempts')
        .select('attempts')
        .where('key', '=', pair!.key)
        .executeTakeFirst();
      await db.deleteFrom('login_attempts').where('key', 'in', [pair!.key, account!.key]).execute();
      await giveBack(place!.key, place!.free, Math.max(1, Number(counted?.attempts ?? 1)));
    },
  };
}

export type ThrottleRepository = ReturnType<typeof createThrottleRepository>;
