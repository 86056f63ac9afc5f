// QR: a lesson's rotating QR, the students' check-ins and the phones (passkeys) that sign them.
import type { QrVisitEvent } from '@lms/shared/contract';
import { createEventBus } from '../../lib/event-bus.js';
import { area } from '../../lib/plugin.js';
import type { CommonSettings } from '../../lib/settings.js';
import type { ScheduleOptions } from '../schedule/index.js';
import { qrLessonRoutes } from './lesson-routes.js';
import { createPasskeyRepository, type PasskeyRepository } from './passkey-repository.js';
import { passkeyRoutes } from './passkey-routes.js';
import type { PasskeySettings } from './passkeys.js';
import { PREFIXES } from './paths.js';
import { createQrRepository, type QrRepository } from './repository.js';
import { qrRoutes } from './routes.js';
import { createCheckInService } from './service.js';
import { teacherLessons } from './teacher-lessons.js';
import { VISIT_CHANNEL } from './visit-events.js';
import { qrVisitlogRoutes } from './visitlog-routes.js';

export { passkeySettings, type PasskeySettings } from './passkeys.js';
// A statement's signature (areas/statements) is the teacher's passkey too.
export {
  PASSKEY_CHALLENGE_TTL_MS,
  signedChallenge,
  verifyCheckIn as verifyPasskeyAssertion,
} from './passkeys.js';
export type { PasskeyRecord } from './passkey-repository.js';
// What a passkey signs beyond a check-in: a statement's digest, a test attempt's chain head.
export { digestSigning, type PasskeyRefusal } from './digest-sign.js';
export { PREFIXES as QR_PREFIXES, SCAN_PATH } from './paths.js';
export { DEVICE_COOKIE } from './device.js';
export { createQrRepository, type QrRepository } from './repository.js';
export { createPasskeyRepository, type PasskeyRepository } from './passkey-repository.js';
// A lesson's check-ins and hand marks (the teacher's live QR list): see visit-events.ts.
export { VISIT_CHANNEL } from './visit-events.js';

declare module '../../lib/repositories.js' {
  interface Repositories {
    qr: QrRepository;
    passkeys: PasskeyRepository;
  }
}

export interface QrAreaOptions extends Pick<CommonSettings, 'databaseUrl'> {
  /** The schedule's clock and the QR's settings (rotation, window, geofence, claims). */
  schedule: ScheduleOptions;
  secureCookies: boolean;
  /** The relying party of the students' phones. */
  passkeys: PasskeySettings;
}

/**
 * QR attendance: its repositories (`app.repos.qr`: sessions and check-ins, `.passkeys`: the
 * phones), its live events (a lesson's check-ins), the check-in service, and its routes: the
 * check-in's and the phones' own prefixes, and the teacher's QR of a lesson under the schedule's
 * and the visit log's. A check-in writes the student's journal cell.
 */
export const qrArea = area(
  'qr',
  { dependencies: ['auth', 'schedule', 'journal', 'audit'] },
  async (app, options: QrAreaOptions) => {
    const db = app.db.kysely;
    const { schedule, journal, throttle } = app.repos;
    const qr = createQrRepository(db, journal);
    const passkeys = createPasskeyRepository(db);
    app.repos.qr = qr;
    app.repos.passkeys = passkeys;
    app.decorate(
      'visitEvents',
      await createEventBus<QrVisitEvent>(app, VISIT_CHANNEL, options.databaseUrl),
    );

    const settings = options.schedule;
    const checkIns = createCheckInService({
      db,
      schedule,
      qr,
      passkeys,
      throttle,
      journal,
      trail: app.repos.auditTrail,
      publishVisit: (event) => app.visitEvents.publish(event),
      settings,
      passkeySettings: options.passkeys,
    });
    const lessons = teacherLessons({ db, schedule, qr, journal });
    await app.register(qrLessonRoutes, { prefix: PREFIXES.lessonQr, schedule: settings, lessons });
    await app.register(qrRoutes, {
      prefix: PREFIXES.qr,
      schedule: settings,
      secureCookies: options.secureCookies,
      checkIns,
    });
    await app.register(passkeyRoutes, {
      prefix: PREFIXES.passkeys,
      passkeys: options.passkeys,
      clock: settings.clock,
    });
    await app.register(qrVisitlogRoutes, { prefix: PREFIXES.qrVisitlog, lessons });
  },
);
