// Rooms: the university's rooms, their weeks, the search for a free room and teachers' bookings.
import { createEventBus } from '../../lib/event-bus.js';
import { area } from '../../lib/plugin.js';
import type { CommonSettings } from '../../lib/settings.js';
import { SCHEDULE_NOTICES_CHANNEL, type ScheduleNotice } from './events.js';
import { groupNotices } from './notices.js';
import type { ScheduleOptions } from '../schedule/index.js';
import { createRoomsRepository, type RoomsRepository } from './repository.js';
import roomsRoutes, { PREFIXES } from './routes.js';
import { createRoomsService } from './service.js';
import { universityClock } from './time.js';
export { createRoomsRepository, type RoomsRepository } from './repository.js';
export { equipmentMask } from './rules.js';
export {
  createSlots,
  SlotTaken,
  type SlotClaim,
  type SlotHolder,
  type SlotSource,
} from './slots.js';

declare module '../../lib/repositories.js' {
  interface Repositories {
    rooms: RoomsRepository;
  }
}

/** Rooms: its repository (`app.repos.rooms`), its service and its routes. */
export const roomsArea = area(
  'rooms',
  { dependencies: ['auth', 'schedule', 'chat'] },
  async (
    app,
    options: { schedule: ScheduleOptions; publicOrigin: string } & Pick<
      CommonSettings,
      'databaseUrl'
    >,
  ) => {
    const db = app.db.kysely;
    const rooms = createRoomsRepository(db);
    app.repos.rooms = rooms;
    const clock = universityClock(options.schedule);
    app.decorate(
      'scheduleNotices',
      await createEventBus<ScheduleNotice>(app, SCHEDULE_NOTICES_CHANNEL, options.databaseUrl),
    );
    const notices = groupNotices({
      chat: app.chatNotices,
      bus: app.scheduleNotices,
      clock,
      log: app.log,
    });
    const service = createRoomsService(db, rooms, clock, notices);
    await app.register(roomsRoutes, {
      prefix: PREFIXES.rooms,
      rooms,
      service,
      clock,
      publicOrigin: options.publicOrigin,
    });
  },
);
export { universityClock, type UniversityClock } from './time.js';
// Notices of a change to a group's timetable (cancelled bookings, online lessons soon).
export { SCHEDULE_NOTICES_CHANNEL, type ScheduleNotice, type ScheduleNoticeBus } from './events.js';
export { everyLanguage, type NoticeDeps } from './notices.js';
