import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** A student's registered phone (qr_passkeys). */
export interface PasskeyRecord {
  id: number;
  userId: number;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
}

/** A phone to register: the record's fields it is given, and when. */
export type NewPasskey = Omit<PasskeyRecord, 'id' | 'createdAt' | 'lastUsedAt'> & { now: number };

const toPasskey = (row: {
  id: number;
  user_id: number;
  credential_id: string;
  public_key: string;
  counter: number | string;
  transports: string;
  name: string;
  created_at: number | string;
  last_used_at: number | string | null;
}): PasskeyRecord => ({
  id: row.id,
  userId: row.user_id,
  credentialId: row.credential_id,
  publicKey: row.public_key,
  counter: Number(row.counter),
  transports: row.transports ? row.transports.split(',') : [],
  name: row.name,
  createdAt: Number(row.created_at),
  lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
});

/** The students' registered phones (qr_passkeys): at most one each. */
export function createPasskeyRepository(db: Kysely<Database>) {
  return {
    /** The student's registered phones (at most one). */
    async passkeysOf(userId: number): Promise<PasskeyRecord[]> {
      const rows = await db
        .selectFrom('qr_passkeys')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
      return rows.map(toPasskey);
    },

    async passkeyByCredential(credentialId: string): Promise<PasskeyRecord | undefined> {
      const row = await db
        .selectFrom('qr_passkeys')
        .selectAll()
        .where('credential_id', '=', credentialId)
        .executeTakeFirst();
      return row && toPasskey(row);
    },

    /**
     * Stores a registered phone: 'exists' when the account already has one, 'taken' when the
     * credential is registered (the unique keys decide, so simultaneous registrations too).
     */
    async addPasskey(input: NewPasskey): Promise<PasskeyRecord | 'exists' | 'taken'> {
      const inserted = await db
        .insertInto('qr_passkeys')
        .values({
          user_id: input.userId,
          credential_id: input.credentialId,
          public_key: input.publicKey,
          counter: input.counter,
          transports: input.transports.join(','),
          name: input.name,
          created_at: input.now,
          last_used_at: null,
        })
        .onConflict((oc) => oc.doNothing())
        .returningAll()
        .executeTakeFirst();
      if (inserted) return toPasskey(inserted);
      const mine = await db
        .selectFrom('qr_passkeys')
        .select('id')
        .where('user_id', '=', input.userId)
        .executeTakeFirst();
      return mine ? 'exists' : 'taken';
    },

    /** Removes the user's own registered phone; false when they have no such one. */
    async removePasskey(userId: number, id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('qr_passkeys')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type PasskeyRepository = ReturnType<typeof createPasskeyRepository>;
