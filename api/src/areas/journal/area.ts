import type { FastifyPluginAsync } from 'fastify';
import type { ScheduleOptions } from './schedule-options.js';
import { passkeyRoutes } from './passkey-routes.js';
import type { PasskeySettings } from './passkeys.js';
import { PREFIXES as SCHEDULE_PREFIXES } from './qr-lessons.js';
import { qrRoutes } from './qr-routes.js';
import { qrVisitlogRoutes } from './qr-visitlog-routes.js';
import { calendarFeedRoutes } from './schedule-calendar-routes.js';
import { scheduleRoutes } from './schedule-routes.js';
import visitlogRoutes, { VISITLOG_PREFIXES } from './visitlog-routes.js';

export interface JournalAreaOptions {
  /** Attendance below this percent is flagged in the grid. */
  attendanceThreshold: number;
  schedule: ScheduleOptions;
  secureCookies: boolean;
  /** The relying party of the students' phones (QR check-in). */
  passkeys: PasskeySettings;
}

/**
 * The journal area: the visit log, the schedule and its calendar feed, QR check-in and the
 * phones' passkeys, each under the spec's legacy prefix.
 */
const journalRoutes: FastifyPluginAsync<JournalAreaOptions> = async (app, options) => {
  const { attendanceThreshold, ...schedule } = options;
  await app.register(visitlogRoutes, { prefix: VISITLOG_PREFIXES.visitlog, attendanceThreshold });
  await app.register(scheduleRoutes, { prefix: SCHEDULE_PREFIXES.schedule, ...schedule });
  await app.register(calendarFeedRoutes, { prefix: SCHEDULE_PREFIXES.schedule, ...schedule });
  await app.register(qrRoutes, { prefix: SCHEDULE_PREFIXES.qr, ...schedule });
  await app.register(passkeyRoutes, {
    prefix: SCHEDULE_PREFIXES.passkeys,
    passkeys: options.passkeys,
    clock: options.schedule.clock,
  });
  await app.register(qrVisitlogRoutes, { prefix: SCHEDULE_PREFIXES.qrVisitlog, ...schedule });
};

export default journalRoutes;
