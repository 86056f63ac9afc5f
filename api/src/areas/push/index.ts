// Push: notifications with the page closed (Web Push), each device's subscription and the sender.
import { area } from '../../lib/plugin.js';
import { createPushRepository } from './repository.js';
import pushRoutes from './routes.js';
import { startPushSender } from './sender.js';
import { vapidKeys, type PushOptions } from './vapid.js';
import { DEFAULT_PUSH_SERVICES, pushServicePatterns } from './endpoint-rules.js';

export type { PushOptions } from './vapid.js';

/** The spec's URL prefix of the area. */
export const PREFIXES = { push: '/lms/api/push' } as const;

export interface PushAreaOptions {
  dataDir: string;
  push: PushOptions;
  /** The VAPID subject when none is configured. */
  fallbackSubject: string;
}

/** The push routes, and the sender of the events this process publishes (every area's buses). */
export const pushArea = area(
  'push',
  {
    dependencies: [
      'auth',
      'chat',
      'news',
      'orders',
      'journal',
      'qr',
      'registration',
      'rooms',
      'statements',
    ],
  },
  async (app, options: PushAreaOptions) => {
    const vapid = await vapidKeys(options.dataDir, options.push, options.fallbackSubject);
    const push = createPushRepository(app.db.kysely);
    const services = pushServicePatterns(options.push.services ?? DEFAULT_PUSH_SERVICES);
    const plainHttp = options.push.plainHttp ?? false;
    await app.register(pushRoutes, {
      prefix: PREFIXES.push,
      push,
      publicKey: vapid.publicKey,
      plainHttp,
      services,
    });
    const stop = startPushSender({
      push,
      vapid,
      repos: app.repos,
      buses: {
        chat: app.chatEvents,
        order: app.orderEvents,
        visit: app.visitEvents,
        journal: app.journalEvents,
        news: app.newsEvents,
        registration: app.registrationEvents,
        schedule: app.scheduleNotices,
        statement: app.statementNotices,
      },
      log: app.log,
      services,
      plainHttp,
    });
    app.addHook('onClose', async () => stop());
  },
);
