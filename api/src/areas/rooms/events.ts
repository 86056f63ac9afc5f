import type { EventBus } from '../../lib/event-bus.js';

/**
 * Notices of a change to a group's timetable, for its students' push notifications (channel
 * `lms_schedule_notices`): a teacher's room booking cancelled, or an online lesson about to
 * start (published by the webinars' reminders). `place` is the room (building and number) or
 * empty for an online lesson; `date` and `start` are the university's.
 */
export interface ScheduleNotice {
  kind: 'bookingCancelled' | 'webinarSoon';
  /** The booking's or the webinar's id. */
  id: number;
  groupId: number;
  date: string;
  start: string;
  place: string;
}

export type ScheduleNoticeBus = EventBus<ScheduleNotice>;

declare module 'fastify' {
  interface FastifyInstance {
    scheduleNotices: ScheduleNoticeBus;
  }
}

export const SCHEDULE_NOTICES_CHANNEL = 'lms_schedule_notices';
