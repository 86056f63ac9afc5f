// Web Push subscriptions (see migrations/0027_push_subscriptions.ts).

import type { Generated } from 'kysely';

/** One device's push subscription of one user, with the kinds it wants and its language. */
export interface PushSubscriptionTable {
  id: Generated<number>;
  /** users.id of the subscriber. */
  user_id: number;
  /** The push service's URL for this device; unique. */
  endpoint: string;
  /** The device's P-256 public key and auth secret (base64url), for the payload's encryption. */
  p256dh: string;
  auth: string;
  /** The language notifications are written in ('kg' | 'ru' | 'en'). */
  lang: string;
  /** 0/1 per kind, and whether a chat notification may show the message's text. */
  chat: number;
  orders: number;
  marks: number;
  news: number;
  waitlist: number;
  /** Changes to the group's timetable (migrations/0126_schedule_notices.ts); 1 by default. */
  schedule: Generated<number>;
  /** A teacher's statements (migrations/0156_statement_notices.ts); 1 by default. */
  teaching: Generated<number>;
  allow_previews: number;
  /** Epoch ms of the subscription (or its last change). */
  updated_at: number;
}

export interface PushTables {
  push_subscriptions: PushSubscriptionTable;
}
