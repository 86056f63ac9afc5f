import type { Language, PushKind, PushPreferences } from '@lms/shared/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** A subscription as the sender needs it: where to send, the keys, the language, previews. */
export interface PushTarget {
  id: number;
  userId: number;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  lang: Language;
  allowPreviews: boolean;
}

/** Who a subscription's user is, to ask whether a group chat's message concerns them. */
export interface PushTargetPerson extends PushTarget {
  role: 1 | 2;
  personId: number;
}

const flag = (value: boolean) => (value ? 1 : 0);

/** Devices one user may have subscribed at once; a further one replaces the least recent. */
export const PUSH_DEVICES_PER_USER = 10;

/** Web Push subscriptions: one row per device endpoint, owned by one user. */
export function createPushRepository(db: Kysely<Database>) {
  const targets = (kind: PushKind) =>
    db
      .selectFrom('push_subscriptions as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select([
        'p.id',
        'p.user_id',
        'p.endpoint',
        'p.p256dh',
        'p.auth',
        'p.lang',
        'p.allow_previews',
        'u.role',
        'u.teacher_id',
        'u.student_id',
      ])
      .where(`p.${kind}`, '=', 1);
  type Row = Awaited<ReturnType<ReturnType<typeof targets>['execute']>>[number];
  const toTarget = (row: Row): PushTargetPerson => ({
    id: row.id,
    userId: row.user_id,
    endpoint: row.endpoint,
    keys: { p256dh: row.p256dh, auth: row.auth },
    lang: row.lang as Language,
    allowPreviews: row.allow_previews === 1,
    role: row.role,
    personId: (row.role === 1 ? row.teacher_id : row.student_id) ?? 0,
  });

  return {
    /** The owner of an endpoint's subscription (undefined: none). */
    async ownerOf(endpoint: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('push_subscriptions')
        .select('user_id')
        .where('endpoint', '=', endpoint)
        .executeTakeFirst();
      return row?.user_id;
    },

    /**
     * Stores the user's subscription, or changes its keys, preferences and language; the user's
     * oldest device goes when they have more than PUSH_DEVICES_PER_USER. False when the endpoint
     * is another user's (nothing is written).
     */
    async save(
      userId: number,
      endpoint: string,
      keys: { p256dh: string; auth: string },
      preferences: PushPreferences,
      lang: Language,
      now: number,
    ): Promise<boolean> {
      const values = {
        p256dh: keys.p256dh,
        auth: keys.auth,
        lang,
        chat: flag(preferences.chat),
        orders: flag(preferences.orders),
        marks: flag(preferences.marks),
        news: flag(preferences.news),
        waitlist: flag(preferences.waitlist),
        schedule: flag(preferences.schedule ?? true),
        teaching: flag(preferences.teaching ?? true),
        allow_previews: flag(preferences.allowPreviews),
        updated_at: now,
      };
      const saved = await db
        .insertInto('push_subscriptions')
        .values({ user_id: userId, endpoint, ...values })
        .onConflict((c) =>
          c.column('endpoint').doUpdateSet(values).where('push_subscriptions.user_id', '=', userId),
        )
        .returning('id')
        .executeTakeFirst();
      if (saved === undefined) return false;
      // Beyond the cap, the least recently subscribed devices of the user go (one statement).
      const kept = db
        .selectFrom('push_subscriptions')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .limit(PUSH_DEVICES_PER_USER);
      await db
        .deleteFrom('push_subscriptions')
        .where('user_id', '=', userId)
        .where('id', 'not in', (eb) => eb.selectFrom(kept.as('k')).select('k.id'))
        .execute();
      return true;
    },

    /** The user's subscription of that endpoint (undefined: none of theirs). */
    async find(userId: number, endpoint: string) {
      const row = await db
        .selectFrom('push_subscriptions')
        .selectAll()
        .where('endpoint', '=', endpoint)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!row) return undefined;
      const preferences: PushPreferences = {
        chat: row.chat === 1,
        orders: row.orders === 1,
        marks: row.marks === 1,
        news: row.news === 1,
        waitlist: row.waitlist === 1,
        schedule: row.schedule === 1,
        teaching: row.teaching === 1,
        allowPreviews: row.allow_previews === 1,
      };
      return { preferences, lang: row.lang as Language };
    },

    /** Removes the user's subscription of that endpoint; the number removed (0 or 1). */
    async remove(userId: number, endpoint: string): Promise<number> {
      const result = await db
        .deleteFrom('push_subscriptions')
        .where('endpoint', '=', endpoint)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** A subscription the push service says is gone (404/410). */
    async drop(id: number): Promise<void> {
      await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
    },

    /** The subscriptions of one person (role and teachers.id/students.id) wanting a kind. */
    async ofPerson(kind: PushKind, role: 1 | 2, personId: number): Promise<PushTargetPerson[]> {
      const rows = await targets(kind)
        .where('u.role', '=', role)
        .where(role === 1 ? 'u.teacher_id' : 'u.student_id', '=', personId)
        .execute();
      return rows.map(toTarget);
    },

    /** Every subscription wanting a kind (the caller decides who may read the item). */
    async wanting(kind: PushKind): Promise<PushTargetPerson[]> {
      return (await targets(kind).execute()).map(toTarget);
    },

    /** The subscriptions wanting a kind of the students of one group. */
    async ofGroupStudents(kind: PushKind, groupId: number): Promise<PushTargetPerson[]> {
      const rows = await targets(kind)
        .innerJoin('students as s', 's.id', 'u.student_id')
        .where('u.role', '=', 2)
        .where('s.group_id', '=', groupId)
        .execute();
      return rows.map(toTarget);
    },

    /**
     * The chat subscriptions that may concern a group chat: the group's students and every
     * teacher (the caller asks each whether they teach the discipline to the group).
     */
    async groupChatCandidates(groupId: number): Promise<PushTargetPerson[]> {
      const rows = await targets('chat')
        .leftJoin('students as s', 's.id', 'u.student_id')
        .where((eb) => eb.or([eb('u.role', '=', 1), eb('s.group_id', '=', groupId)]))
        .execute();
      return rows.map(toTarget);
    },
  };
}

export type PushRepository = ReturnType<typeof createPushRepository>;
