import { SCHEDULE_ENDPOINTS } from '@lms/shared/contract';
import { serverUrl } from '../../lib/endpoints.js';
import { JOURNAL_PREFIXES } from '../journal/index.js';
import { SCHEDULE_PREFIXES } from '../schedule/index.js';

/**
 * The URL prefixes the QR's plugins serve (the spec's legacy prefixes): the check-in's own, the
 * phones', and the teacher's QR of a lesson and its list under the schedule's and the visit
 * log's prefixes.
 */
export const PREFIXES = {
  qr: '/lms/api/qr',
  passkeys: '/lms/api/qr/passkeys',
  lessonQr: SCHEDULE_PREFIXES.schedule,
  qrVisitlog: JOURNAL_PREFIXES.visitlog,
} as const;

/** The scan screen; what it needs goes in the fragment (never sent to a server, never logged). */
export const SCAN_PATH = '/lms/schedule/scan';
/** The address in the QR (qr/scan): it turns a fresh token into a claim, then opens SCAN_PATH. */
export const SCAN_API_PATH = serverUrl(SCHEDULE_ENDPOINTS.qrScan);
