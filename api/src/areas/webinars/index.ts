// Webinars: online lessons for a group, joined from the portal (attendance kept), on
// BigBlueButton when configured, else in the portal's embedded small-group room.
import { area } from '../../lib/plugin.js';
import type { ScheduleOptions } from '../schedule/index.js';
import { universityClock } from '../rooms/index.js';
import type { BbbConfig } from './bbb.js';
import { createWebinarsRepository, type WebinarsRepository } from './repository.js';
import { startReminders } from './reminders.js';
import { createWebinarJournal } from './journal-marks.js';
import { createRooms } from './room.js';
import webinarsRoutes, { PREFIXES } from './routes.js';
import { createWebinarsService, type WebinarsServiceOptions } from './service.js';
export { createWebinarsRepository, type WebinarsRepository } from './repository.js';
export { bbbConfigOf, type BbbConfig } from './bbb.js';

declare module '../../lib/repositories.js' {
  interface Repositories {
    webinars: WebinarsRepository;
  }
}

export interface WebinarsAreaOptions {
  schedule: ScheduleOptions;
  /** BigBlueButton (LMS_BBB_URL and LMS_BBB_SECRET); null: the embedded room. */
  bbb: BbbConfig | null;
  publicOrigin: string;
  fetch?: WebinarsServiceOptions['fetch'];
  heartbeatMs?: number;
}

/** Webinars: its repository (`app.repos.webinars`), its service and its routes. */
export const webinarsArea = area(
  'webinars',
  { dependencies: ['auth', 'audit', 'journal', 'schedule', 'rooms', 'chat'] },
  async (app, options: WebinarsAreaOptions) => {
    const db = app.db.kysely;
    const webinars = createWebinarsRepository(db);
    app.repos.webinars = webinars;
    const clock = universityClock(options.schedule);
    const reminders = startReminders({
      db,
      bus: app.scheduleNotices,
      now: options.schedule.clock,
      log: app.log,
    });
    app.addHook('onReady', async () => {
      await reminders.wake();
    });
    app.addHook('onClose', async () => reminders.stop());
    const service = createWebinarsService(db, webinars, {
      chat: app.chatNotices,
      reminders,
      log: app.log,
      clock,
      utcOffsetMinutes: options.schedule.utcOffsetMinutes,
      bbb: options.bbb,
      publicOrigin: options.publicOrigin,
      fetch: options.fetch ?? ((url) => fetch(url, { signal: AbortSignal.timeout(10_000) })),
    });
    const journal = createWebinarJournal({
      db,
      webinars,
      journal: app.repos.journal,
      access: app.repos.access,
      trail: app.repos.auditTrail,
      periods: () => app.repos.rooms.periods(),
      shape: service.shape,
      now: () => clock.now().instant,
    });
    await app.register(webinarsRoutes, {
      prefix: PREFIXES.webinars,
      webinars,
      service,
      journal,
      rooms: createRooms(),
      teaching: app.repos.rooms,
      clock,
      ...(options.heartbeatMs === undefined ? {} : { heartbeatMs: options.heartbeatMs }),
    });
  },
);
