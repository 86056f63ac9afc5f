import { createHash, randomBytes } from 'node:crypto';
import type { SessionUser } from '@lms/shared/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hiddenRecord, ownRecord } from '../../access/index.js';
import type { Language } from '../../lib/catalogue-names.js';
import { SCHEDULE_PREFIXES, type ScheduleOptions, type SlotRecord } from '../schedule/index.js';
import type { PasskeySettings } from './passkeys.js';
import type { QrSessionRecord } from './qr-repository.js';

/** What the QR's plugins are registered with. */
export interface QrRouteOptions {
  schedule: ScheduleOptions;
  secureCookies: boolean;
  passkeys: PasskeySettings;
}

/** The URL prefixes the QR's plugins serve (spec's legacy prefixes). */
export const PREFIXES = {
  lessonQr: SCHEDULE_PREFIXES.schedule,
  qr: '/lms/api/qr',
  passkeys: '/lms/api/qr/passkeys',
  qrVisitlog: '/lms/api/visitlog',
} as const;

/** The scan screen; what it needs goes in the fragment (never sent to a server, never logged). */
export const SCAN_PATH = '/lms/schedule/scan';
/** The address in the QR (qr/scan): it turns a fresh token into a claim, then opens SCAN_PATH. */
export const SCAN_API_PATH = `${PREFIXES.qr}/scan`;

/** The device cookie: one device checks in one student per lesson (it outlives sign-out). */
export const DEVICE_COOKIE = 'lms_qr_device';
const DEVICE_COOKIE_MAX_AGE_S = 400 * 24 * 3600;

/** The device's hash; a device without the cookie gets one now. */
export function deviceHashOf(
  request: FastifyRequest,
  reply: FastifyReply,
  secureCookies: boolean,
): string {
  let device = request.cookies[DEVICE_COOKIE];
  if (!device || !/^[A-Za-z0-9_-]{24,64}$/.test(device)) {
    device = randomBytes(24).toString('base64url');
    reply.setCookie(DEVICE_COOKIE, device, {
      path: '/lms',
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookies,
      maxAge: DEVICE_COOKIE_MAX_AGE_S,
    });
  }
  return createHash('sha256').update(`device:${device}`).digest('base64url');
}

/** The teacher's lessons and QR sessions: their own only (another's and a missing one alike). */
export function teacherLessons(app: FastifyInstance) {
  const { schedule, qr } = app.repos;

  const ownSlot = async (lng: Language, user: SessionUser, slotId: number): Promise<SlotRecord> =>
    ownRecord(user, await schedule.slot(lng, slotId), (slot) => slot.teacherId);

  /** The teacher's own QR session with its slot. */
  const ownSession = async (lng: Language, user: SessionUser, sessionId: number) => {
    const session = await qr.session(sessionId);
    if (!session) throw hiddenRecord();
    const slot = await ownSlot(lng, user, session.slotId);
    return { session, slot };
  };

  /** The lesson's list and who has checked in. */
  const checkInsOf = async (slot: SlotRecord, session: QrSessionRecord) => {
    const students = await qr.checkIns(slot, session);
    return {
      id_qr: session.id,
      id_lesson: session.journalLessonId,
      open: session.open,
      checkedIn: students.filter((s) => s.marked).length,
      expected: students.length,
      students,
    };
  };

  return { ownSlot, ownSession, checkInsOf };
}
