import { Type, type Static } from '@sinclair/typebox';
import { withSchemas } from './endpoint.js';
import { PUSH_ADDRESSES } from './endpoints/push.js';

/**
 * Notifications with the page closed (Web Push, RFC 8030/8291/8292): a user opts in on a device
 * (the browser's push subscription) and chooses the kinds. Routes under /lms/api/push, signed in.
 */

/** What a user may be notified of; each device's subscription chooses among them. */
export const PUSH_KINDS = [
  'chat',
  'orders',
  'marks',
  'news',
  'waitlist',
  'schedule',
  'teaching',
] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** A push service's endpoint: the URL the browser's PushSubscription gives. */
export const PushEndpoint = Type.String({
  pattern: '^https?://[^\\s]+$',
  maxLength: 2048,
  examples: ['https://fcm.googleapis.com/fcm/send/device-1'],
});

/** The kinds a device wants, and whether a chat notification may show the message's text. */
export const PushPreferences = Type.Object({
  chat: Type.Boolean(),
  orders: Type.Boolean(),
  marks: Type.Boolean(),
  news: Type.Boolean(),
  waitlist: Type.Boolean(),
  /**
   * Changes to the group's timetable: a cancelled room booking, an online lesson about to start.
   * Optional so a client that does not know the kind yet still subscribes (it is then on).
   */
  schedule: Type.Optional(Type.Boolean()),
  /**
   * A teacher's statements: a retake sheet assigned to them, a statement past its deadline and
   * not signed. Optional like `schedule` (a client that does not know it subscribes; it is on).
   */
  teaching: Type.Optional(Type.Boolean()),
  allowPreviews: Type.Boolean(),
});
export type PushPreferences = Static<typeof PushPreferences>;

/** GET push/key.json: the server's VAPID public key (base64url), the `applicationServerKey`. */
export const PushKeyResponse = Type.Object({ publicKey: Type.String() });
export type PushKeyResponse = Static<typeof PushKeyResponse>;

/**
 * POST push/subscribe.json: the browser's subscription (`PushSubscription.toJSON()`: endpoint and
 * keys) and the preferences. Subscribing again with the same endpoint changes its preferences
 * and language (the language of the request: notifications are written in it).
 */
export const PushSubscribeBody = Type.Object({
  endpoint: PushEndpoint,
  keys: Type.Object({
    /** The device's P-256 public key, base64url (65 bytes uncompressed). */
    p256dh: Type.String({
      pattern: '^[A-Za-z0-9_-]{86,88}={0,2}$',
      examples: [`B${'A'.repeat(86)}`],
    }),
    /** The 16-byte authentication secret, base64url. */
    auth: Type.String({ pattern: '^[A-Za-z0-9_-]{21,24}={0,2}$', examples: ['A'.repeat(22)] }),
  }),
  preferences: PushPreferences,
});
export type PushSubscribeBody = Static<typeof PushSubscribeBody>;

/** POST push/unsubscribe.json and push/status.json: the device's endpoint. */
export const PushEndpointBody = Type.Object({ endpoint: PushEndpoint });
export type PushEndpointBody = Static<typeof PushEndpointBody>;

/** This device's subscription as stored (preferences null when it is not this user's). */
export const PushStatusResponse = Type.Object({
  subscribed: Type.Boolean(),
  preferences: Type.Union([PushPreferences, Type.Null()]),
});
export type PushStatusResponse = Static<typeof PushStatusResponse>;

/** What a push message carries to the service worker (encrypted): what to show and open. */
export interface PushPayload {
  kind: PushKind;
  title: string;
  body: string;
  /** The portal route to open on a click, e.g. /lms/chat. */
  url: string;
  /** Notifications with the same tag replace each other (one per conversation or order). */
  tag: string;
}

/** The push notifications endpoints for the API: each address with the schemas it validates. */
export const PUSH_ENDPOINTS = withSchemas(PUSH_ADDRESSES, {
  key: { response: PushKeyResponse },
  subscribe: { body: PushSubscribeBody, response: PushStatusResponse },
  status: { body: PushEndpointBody, response: PushStatusResponse },
  unsubscribe: { body: PushEndpointBody, response: PushStatusResponse },
});
