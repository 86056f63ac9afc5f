import type { FastifyPluginAsync } from 'fastify';
import type { ScheduleOptions } from '../schedule/index.js';
import { passkeyRoutes } from './passkey-routes.js';
import type { PasskeySettings } from './passkeys.js';
import { PREFIXES as QR_PREFIXES } from './qr-lessons.js';
import { qrLessonRoutes } from './qr-lesson-routes.js';
import { qrRoutes } from './qr-routes.js';
import { qrVisitlogRoutes } from './qr-visitlog-routes.js';
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
 * The journal area: the visit log, QR check-in and the phones' passkeys, each under the spec's
 * legacy prefix.
 */
const journalRoutes: FastifyPluginAsync<JournalAreaOptions> = async (app, options) => {
  const { attendanceThreshold, ...qr } = options;
  await app.register(visitlogRoutes, { prefix: VISITLOG_PREFIXES.visitlog, attendanceThreshold });
  await app.register(qrLessonRoutes, { prefix: QR_PREFIXES.lessonQr, ...qr });
  await app.register(qrRoutes, { prefix: QR_PREFIXES.qr, ...qr });
  await app.register(passkeyRoutes, {
    prefix: QR_PREFIXES.passkeys,
    passkeys: options.passkeys,
    clock: options.schedule.clock,
  });
  await app.register(qrVisitlogRoutes, { prefix: QR_PREFIXES.qrVisitlog, ...qr });
};

export default journalRoutes;
