// Schedule: the week's timetable, its calendar feed (iCal) and the university's clock.
import { area } from '../../lib/plugin.js';
import { calendarFeedRoutes, scheduleCalendarRoutes } from './calendar-routes.js';
import { PREFIXES } from './prefixes.js';
import { createScheduleRepository, type ScheduleRepository } from './repository.js';
import { scheduleRoutes } from './routes.js';
import type { ScheduleRouteOptions } from './settings.js';

export { PREFIXES as SCHEDULE_PREFIXES } from './prefixes.js';
export type { ScheduleOptions } from './settings.js';
export type { SlotRecord } from './slot-record.js';
export {
  createScheduleRepository,
  type ScheduleOwner,
  type ScheduleRepository,
} from './repository.js';
// The university's calendar arithmetic (its date and time, semesters, week parity).
export { dayNumberOf, instantOf, localDate, localTime, semesterOf, weekMatches } from './clock.js';
export { lessonsOfToday } from './rules.js';
export { bookingOf, bookingRows } from './bookings.js';
export { webinarOf, webinarRows, webinarState, type WebinarRow } from './webinars.js';
export { isoWeek } from './clock.js';
export { semesterRange } from './ical.js';

declare module '../../lib/repositories.js' {
  interface Repositories {
    schedule: ScheduleRepository;
  }
}

/**
 * The schedule: its repository (`app.repos.schedule`: weeks, slots, calendar tokens) and its
 * routes under the spec's prefix: the weeks, the calendar links and the calendar feed.
 */
export const scheduleArea = area(
  'schedule',
  { dependencies: ['auth'] },
  async (app, options: ScheduleRouteOptions) => {
    app.repos.schedule = createScheduleRepository(app.db.kysely);
    const { schedule } = options;
    await app.register(scheduleRoutes, { prefix: PREFIXES.schedule, schedule });
    await app.register(scheduleCalendarRoutes, { prefix: PREFIXES.schedule, schedule });
    await app.register(calendarFeedRoutes, { prefix: PREFIXES.schedule, schedule });
  },
);
