import {
  ApiError,
  getEndpoint,
  postEndpoint,
  PUSH_API,
  ROLE,
  type PushKind,
  type PushPreferences,
} from '@lms/shared';

const pushStatus = postEndpoint(PUSH_API.status);
const subscribe = postEndpoint(PUSH_API.subscribe);
const unsubscribe = postEndpoint(PUSH_API.unsubscribe);
const serverKey = getEndpoint(PUSH_API.key);

/** The kinds a user chooses among, in the order the profile lists them. */
export const PUSH_KIND_ORDER: readonly PushKind[] = [
  'chat',
  'orders',
  'marks',
  'news',
  'waitlist',
  'schedule',
  'teaching',
];

/**
 * The kinds the server sends to each role (api/src/areas/push/sender.ts): a student hears of
 * their orders, marks, waiting lists and group's timetable; a teacher of their statements; both
 * of chat and news.
 */
const ROLE_KINDS: Record<'student' | 'teacher', readonly PushKind[]> = {
  student: ['chat', 'orders', 'marks', 'news', 'waitlist', 'schedule'],
  teacher: ['chat', 'news', 'teaching'],
};

/** The kinds a user of that role is offered: only those the server sends that role. */
export function pushKindsFor(role: number | undefined): readonly PushKind[] {
  const kinds = role === ROLE.teacher ? ROLE_KINDS.teacher : ROLE_KINDS.student;
  return PUSH_KIND_ORDER.filter((kind) => kinds.includes(kind));
}

/** What a device gets until the user chooses: every kind, without message texts. */
export const DEFAULT_PREFERENCES: PushPreferences = {
  chat: true,
  orders: true,
  marks: true,
  news: true,
  waitlist: true,
  schedule: true,
  teaching: true,
  allowPreviews: false,
};

/** Whether this browser can receive the portal's notifications with the page closed. */
export function pushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker.getRegistration('/lms/');
}

/** This device's subscription, if it has one the server knows as this user's. */
export async function currentPush(): Promise<PushPreferences | null> {
  const subscription = await (await registration())?.pushManager.getSubscription();
  if (!subscription) return null;
  const status = await pushStatus({
    endpoint: subscription.endpoint,
  });
  return status.subscribed ? status.preferences : null;
}

async function send(subscription: PushSubscription, preferences: PushPreferences) {
  // A push subscription always carries its keys (Push API); the type of toJSON() does not say so.
  const { keys } = subscription.toJSON();
  return subscribe({
    endpoint: subscription.endpoint,
    keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' },
    preferences,
  });
}

/**
 * Opts this device in (or saves its choices): the browser's subscription with the server's key,
 * then the server's record of it. A subscription left by another user of the browser is replaced.
 */
export async function savePush(preferences: PushPreferences): Promise<'saved' | 'denied'> {
  if ((await Notification.requestPermission()) !== 'granted') return 'denied';
  const worker = (await registration()) ?? (await navigator.serviceWorker.ready);
  let subscription = await worker.pushManager.getSubscription();
  if (!subscription) {
    const { publicKey } = await serverKey();
    subscription = await worker.pushManager.subscribe({
      userVisibleOnly: true,
      // The browser takes the key as base64url.
      applicationServerKey: publicKey,
    });
  }
  try {
    await send(subscription, preferences);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 403) throw error;
    await subscription.unsubscribe();
    const { publicKey } = await serverKey();
    const fresh = await worker.pushManager.subscribe({
      userVisibleOnly: true,
      // The browser takes the key as base64url.
      applicationServerKey: publicKey,
    });
    await send(fresh, preferences);
  }
  return 'saved';
}

/**
 * Opts this device out: the server forgets it, and the browser drops the subscription (also at
 * sign-out, so the next user of the browser never gets the previous one's notifications).
 */
export async function removePush(): Promise<void> {
  const subscription = await (await registration())?.pushManager.getSubscription();
  if (!subscription) return;
  try {
    await unsubscribe({
      endpoint: subscription.endpoint,
    });
  } finally {
    // Even offline: the push service then answers 410 and the server forgets the device.
    await subscription.unsubscribe();
  }
}
