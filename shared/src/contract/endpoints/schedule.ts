import type { SCHEDULE_ENDPOINTS } from '../schedule.js';
import { events, file, get, post, type ApiOf } from '../endpoint.js';

/** Where the schedule, QR check-in and passkeys endpoints answer; their schemas are in ../schedule.ts. */
export const SCHEDULE_ADDRESSES = {
  teacherWeek: post('/api/schedule/teacher.json'),
  studentWeek: post('/api/schedule/student.json'),
  qr: post('/api/schedule/qr.json'),
  qrSwitch: post('/api/schedule/qr/switch.json'),
  qrMark: post('/api/schedule/qr/mark.json'),
  qrToday: get('/api/schedule/qr/today.json'),
  qrEvents: events('/api/schedule/qr/events'),
  calendar: post('/api/schedule/calendar.json'),
  calendarRevoke: post('/api/schedule/calendar/revoke.json'),
  export: file('/api/schedule/export.ics'),
  qrTime: get('/api/qr/time.json'),
  qrClaim: post('/api/qr/claim.json'),
  qrScan: file('/api/qr/scan'),
  qrChallenge: post('/api/qr/student/challenge.json'),
  qrVisit: post('/api/qr/student/visit.json'),
  passkeyOptions: post('/api/qr/passkeys/options.json'),
  passkeyRegister: post('/api/qr/passkeys/register.json'),
  passkeys: post('/api/qr/passkeys/list.json'),
  passkeyDelete: post('/api/qr/passkeys/delete.json'),
  qrStudents: post('/api/visitlog/getqrstudentslist.json'),
};

/** The schedule, QR check-in and passkeys endpoints for the browser: addresses typed by their schemas. */
export const SCHEDULE_API: ApiOf<typeof SCHEDULE_ENDPOINTS> = SCHEDULE_ADDRESSES;
