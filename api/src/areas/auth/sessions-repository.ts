import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { prepared } from '../../db/prepared.js';
import { boundedMemo } from '../../lib/memo.js';
import type { Database } from '../../db/schema.js';
import { accountsQuery, toAccountRecord, type AccountRecord } from './users-repository.js';

/** The stored form of a session token (remembered: the same token comes with every call). */
export const hashToken = boundedMemo(
  (token) => createHash('sha256').update(token).digest('hex'),
  10_000,
);

/** How stale a session's last-seen time may get before a request writes it again. */
const SEEN_RESOLUTION_MS = 60 * 1000;
/** Sessions remembered at most (see `rememberFor`); past this the oldest are forgotten. */
const MAX_REMEMBERED = 10_000;

/** A live session as last read from the database, by its token's hash. */
interface Remembered {
  readAt: number;
  sessionId: number;
  expiresAt: number;
  lastSeenAt: number;
  account: AccountRecord;
}

/** Not past its lifetime, and used within `idleMs`. */
function isLive(session: Remembered, idleMs: number, now: number): boolean {
  return session.expiresAt > now && session.lastSeenAt > now - idleMs;
}

export function createSessionsRepository(db: Kysely<Database>) {
  /** A live session and its account, in one read (built and compiled once). */
  const live = prepared(
    db,
    (tokenHash: string, now: number, idleSince: number) =>
      accountsQuery(db)
        .innerJoin('sessions as se', 'se.user_id', 'u.id')
        .select(['se.id as session_id', 'se.last_seen_at', 'se.expires_at'])
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

  let rememberMs = 0;
  const remembered = new Map<string, Remembered>();

  async function read(tokenHash: string, idleMs: number, now: number) {
    if (rememberMs > 0) {
      const known = remembered.get(tokenHash);
      if (known && now - known.readAt < rememberMs) return known;
    }
    const [row] = await live(tokenHash, now, now - idleMs);
    const account = toAccountRecord(row);
    remembered.delete(tokenHash);
    if (!row || !account) return undefined;
    const session: Remembered = {
      readAt: now,
      sessionId: row.session_id,
      expiresAt: Number(row.expires_at),
      lastSeenAt: Number(row.last_seen_at),
      account,
    };
    if (rememberMs > 0) {
      if (remembered.size >= MAX_REMEMBERED) {
        remembered.delete(remembered.keys().next().value ?? '');
      }
      remembered.set(tokenHash, session);
    }
    return session;
  }

  return {
    /**
     * Keeps what `resolve` read for up to `ms` in this process (0, the default: never). Sign-out
     * and revocations through this process take effect at once; through another process (or a
     * change to the account) within `ms`.
     */
    rememberFor(ms: number): void {
      rememberMs = ms;
      remembered.clear();
    },

    /**
     * `resolve` without a database read or a promise: the live session if this process read it
     * within the last `rememberFor` ms and its idle clock needs no restart; otherwise undefined
     * (call `resolve`).
     */
    recall(
      token: string,
      idleMs: number,
      now = Date.now(),
    ): { sessionId: number; account: AccountRecord } | undefined {
      if (rememberMs <= 0) return undefined;
      const known = remembered.get(hashToken(token));
      if (!known || now - known.readAt >= rememberMs || !isLive(known, idleMs, now)) {
        return undefined;
      }
      if (known.lastSeenAt < now - SEEN_RESOLUTION_MS) return undefined;
      return { sessionId: known.sessionId, account: known.account };
    },

    /**
     * The account of a live session (not past its lifetime, used within `idleMs`), read with
     * the session in one query; restarts the idle clock at most once a minute.
     */
    async resolve(
      token: string,
      idleMs: number,
      now = Date.now(),
    ): Promise<{ sessionId: number; account: AccountRecord } | undefined> {
      const session = await read(hashToken(token), idleMs, now);
      if (!session || !isLive(session, idleMs, now)) return undefined;
      if (session.lastSeenAt < now - SEEN_RESOLUTION_MS) {
        session.lastSeenAt = now;
        await touch(session.sessionId, now);
      }
      return { sessionId: session.sessionId, account: session.account };
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
      remembered.delete(hashToken(token));
      await db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
    },

    /**
     * Forgets what this process read of the account's sessions, so its next request reads the
     * account again (its rights changed); other processes read it within `rememberFor` ms.
     */
    forgetAccount(userId: number): void {
      for (const [tokenHash, session] of remembered) {
        if (session.account.uid === userId) remembered.delete(tokenHash);
      }
    },

    /** Revokes every session of the user except `keepId` (none when omitted). */
    async deleteForUser(userId: number, keepId?: number): Promise<void> {
      for (const [tokenHash, session] of remembered) {
        if (session.account.uid === userId && session.sessionId !== keepId) {
          remembered.delete(tokenHash);
        }
      }
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
