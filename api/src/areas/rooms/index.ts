// Rooms: the university's rooms, their weeks, the search for a free room and teachers' bookings.
import { area } from '../../lib/plugin.js';
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
  { dependencies: ['auth', 'schedule'] },
  async (app, options: { schedule: ScheduleOptions }) => {
    const db = app.db.kysely;
    const rooms = createRoomsRepository(db);
    app.repos.rooms = rooms;
    const clock = universityClock(options.schedule);
    const service = createRoomsService(db, rooms, clock);
    await app.register(roomsRoutes, { prefix: PREFIXES.rooms, rooms, service, clock });
  },
);
export { universityClock, type UniversityClock } from './time.js';
