import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** How stale a session's last-seen time may get before a request writes it again. */
const SEEN_RESOLUTION_MS = 60 * 1000;

export function createSessionsRepository(db: Kysely<Database>) {
  return {
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

    /** The live session of a token: not past its lifetime, and used within `idleMs`. */
    async find(
      token: string,
      idleMs: number,
      now = Date.now(),
    ): Promise<{ id: number; userId: number } | undefined> {
      const row = await db
        .selectFrom('sessions')
        .select(['id', 'user_id', 'last_seen_at'])
        .where('token_hash', '=', hashToken(token))
        .where('expires_at', '>', now)
        .where('last_seen_at', '>', now - idleMs)
        .executeTakeFirst();
      if (!row) return undefined;
      // The idle clock restarts; written at most once a minute, not on every request.
      if (Number(row.last_seen_at) < now - SEEN_RESOLUTION_MS) {
        await db
          .updateTable('sessions')
          .set({ last_seen_at: now })
          .where('id', '=', row.id)
          .execute();
      }
      return { id: row.id, userId: row.user_id };
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
