import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { prepared } from '../db/prepared.js';
import type { Database } from '../db/schema.js';
import { accountsQuery, toAccountRecord, type AccountRecord } from './users.js';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** How stale a session's last-seen time may get before a request writes it again. */
const SEEN_RESOLUTION_MS = 60 * 1000;

export function createSessionsRepository(db: Kysely<Database>) {
  /** A live session and its account, in one read (built and compiled once). */
  const live = prepared(
    db,
    (tokenHash: string, now: number, idleSince: number) =>
      accountsQuery(db)
        .innerJoin('sessions as se', 'se.user_id', 'u.id')
        .select(['se.id as session_id', 'se.last_seen_at'])
        .where('se.token_hash', '=', tokenHash)
        .where('se.expires_at', '>', now)
        .where('se.last_seen_at', '>', idleSince),
    3,
  );
  const touch = prepared(
    db,
    (id: number, now: number) =>
      db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', id),
    2,
  );

  return {
    /**
     * The account of a live session (not past its lifetime, used within `idleMs`), read with
     * the session in one query; restarts the idle clock at most once a minute.
     */
    async resolve(
      token: string,
      idleMs: number,
      now = Date.now(),
    ): Promise<{ sessionId: number; account: AccountRecord } | undefined> {
      const [row] = await live(hashToken(token), now, now - idleMs);
      const account = toAccountRecord(row);
      if (!row || !account) return undefined;
      if (Number(row.last_seen_at) < now - SEEN_RESOLUTION_MS) await touch(row.session_id, now);
      return { sessionId: row.session_id, account };
    },

    /** Returns the cookie token; only its hash is stored. */
    async create(userId: number, ttlMs: number): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      const now = Date.now();
      await db
        .insertInto('sessions')
        .values({
          token_hash: hashToken(token),
          user_id: userId,
          created_at: now,
          expires_at: now + ttlMs,
          last_seen_at: now,
        })
        .execute();
      return token;
    },

    async delete(token: string): Promise<void> {
      await db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
    },

    /** Revokes every session of the user except `keepId` (none when omitted). */
    async deleteForUser(userId: number, keepId?: number): Promise<void> {
      let query = db.deleteFrom('sessions').where('user_id', '=', userId);
      if (keepId !== undefined) query = query.where('id', '!=', keepId);
      await query.execute();
    },

    async deleteExpired(idleMs: number): Promise<void> {
      const now = Date.now();
      await db
        .deleteFrom('sessions')
        .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', now - idleMs)]))
        .execute();
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
