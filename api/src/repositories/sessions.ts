import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

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
        })
        .execute();
      return token;
    },

    async find(token: string): Promise<{ id: number; userId: number } | undefined> {
      const row = await db
        .selectFrom('sessions')
        .select(['id', 'user_id'])
        .where('token_hash', '=', hashToken(token))
        .where('expires_at', '>', Date.now())
        .executeTakeFirst();
      return row && { id: row.id, userId: row.user_id };
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

    async deleteExpired(): Promise<void> {
      await db.deleteFrom('sessions').where('expires_at', '<=', Date.now()).execute();
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
