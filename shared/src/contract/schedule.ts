import { Type, type Static } from '@sinclair/typebox';
import { Id } from './envelope.js';
import { Ws } from './discipline.js';
import { TimeId } from './visitlog.js';
import type { MarkSource } from './constants.js';
import { withSchemas } from './endpoint.js';
import { SCHEDULE_ADDRESSES } from './endpoints/schedule.js';
import { EmptyBody } from './envelope.js';
import { VisitSmsResponse } from './visitlog.js';
import { Booking } from './rooms.js';
import { Webinar } from './webinars.js';

// The schedule and QR attendance (spec §1, §3 "Schedule item", "Schedule QR payload", "QR visit",
// §4 Schedule, §7 Schedule and QR). Identity comes from the session: `id` in a body is the
// caller's own teacher or student id, anything else is refused (403).

const Year = Type.Integer({ minimum: 0, maximum: 99 });
const DayNumber = Type.Integer({ minimum: 1, maximum: 6 });
/** Degrees; the contract keeps them finite and on the globe. */
const Latitude = Type.Number({ minimum: -90, maximum: 90 });
const Longitude = Type.Number({ minimum: -180, maximum: 180 });

// ---- Schedule ----

/**
 * POST schedule/teacher.json and schedule/student.json {ws, year, id}. `version` is the one the
 * device holds: when the schedule has not changed since, the answer says so without the days.
 */
export const ScheduleBody = Type.Object({
  ws: Ws,
  year: Year,
  id: Id,
  version: Type.Optional(Type.String({ maxLength: 64 })),
});
export type ScheduleBody = Static<typeof ScheduleBody>;

/** One lesson of the week (spec: fields beyond day_number and lessons are the portal's own). */
export const ScheduleLesson = Type.Object({
  /** The timetable slot's id (idShed of the QR visit). */
  idShed: Id,
  day_number: DayNumber,
  id_time: TimeId,
  /** 0 every week, 1 odd ISO weeks (числитель), 2 even ISO weeks (знаменатель). */
  week_kind: Type.Integer({ minimum: 0, maximum: 2 }),
  /** 'HH:MM' */
  start: Type.String(),
  end: Type.String(),
  id_discipline: Id,
  discipline: Type.String(),
  id_vid_zaniatiy: Id,
  lessonType: Type.String(),
  id_group: Id,
  group: Type.String(),
  id_subgroup: Type.Union([Id, Type.Null()]),
  subgroup: Type.Union([Type.String(), Type.Null()]),
  audid: Id,
  auditoryName: Type.String(),
  id_teacher: Id,
  teacher: Type.String(),
});
export type ScheduleLesson = Static<typeof ScheduleLesson>;

/** Spec §3 "Schedule item": a day and its lessons in lesson order. */
export const ScheduleDay = Type.Object({
  day_number: DayNumber,
  lessons: Type.Array(ScheduleLesson),
});
export type ScheduleDay = Static<typeof ScheduleDay>;

/**
 * Today by the server's clock in the university's time zone (never the device's): its date, its
 * day, and the lessons of the asked week that take place today (the day, the week's parity and
 * the running semester), i.e. those whose QR opens now.
 */
export const ScheduleToday = Type.Object({
  /** 'YYYY-MM-DD' */
  date: Type.String(),
  /** 1 Monday … 7 Sunday */
  day_number: Type.Integer({ minimum: 1, maximum: 7 }),
  /** idShed of the lessons of today. */
  lessons: Type.Array(Id),
});
export type ScheduleToday = Static<typeof ScheduleToday>;

export const ScheduleResponse = Type.Object({
  /** Changes whenever any lesson of this schedule changes. */
  version: Type.String(),
  /** false: the body's version is current and `days` is empty. */
  changed: Type.Boolean(),
  days: Type.Array(ScheduleDay),
  /** Sent whether the week changed or not. */
  today: ScheduleToday,
  /**
   * Rooms booked for this schedule's teacher or group (extra lessons, consultations, exams) from
   * today on, by date and period; a cancelled one stays, marked, so the group learns of it.
   */
  bookings: Type.Optional(Type.Array(Booking)),
  /** Online lessons of this schedule's teacher or group from today on; cancelled ones marked. */
  webinars: Type.Optional(Type.Array(Webinar)),
});
export type ScheduleResponse = Static<typeof ScheduleResponse>;

/** POST schedule/calendar.json {ws, year}: the private subscription address (created once). */
export const CalendarBody = Type.Object({ ws: Ws, year: Year });
export type CalendarBody = Static<typeof CalendarBody>;
/** POST schedule/calendar/revoke.json {}: the old address stops working. */
export const CalendarResponse = Type.Object({
  /** Path under the portal, e.g. /lms/api/schedule/ical/<token>.ics (no session needed). */
  url: Type.String(),
});
export type CalendarResponse = Static<typeof CalendarResponse>;

/**
 * GET schedule/export.ics?year&ws: the semester as an iCalendar file (with the session);
 * GET schedule/ical/<token>.ics: the same for calendar apps, by the private token.
 */
export const CalendarExportQuery = Type.Object({
  year: Type.String({ pattern: '^[0-9]{1,2}$' }),
  ws: Type.Union([Type.Literal('1'), Type.Literal('2'), Type.Literal('3')]),
});
export type CalendarExportQuery = Static<typeof CalendarExportQuery>;
export const CalendarTokenParams = Type.Object({
  token: Type.String({ pattern: '^[A-Za-z0-9_-]{20,64}\\.ics$' }),
});
export type CalendarTokenParams = Static<typeof CalendarTokenParams>;

// ---- QR ----

/** POST schedule/qr.json {idShed}: today's occurrence of the teacher's lesson, opened for QR. */
export const QrBody = Type.Object({ idShed: Id });
export type QrBody = Static<typeof QrBody>;

/** Spec §3 "Schedule QR payload", plus the rotating token and what the screen needs. */
export const QrPayload = Type.Object({
  audid: Id,
  auditoryName: Type.String(),
  /** The room's latitude and longitude (degrees). */
  xGps: Type.Number(),
  yGps: Type.Number(),
  yearid: Year,
  wsid: Ws,
  /** The teacher's account. */
  uid: Id,
  gid: Id,
  /** idShed */
  id: Id,
  specid: Id,
  role: Type.Integer(),
  timeid: TimeId,
  teacherid: Id,
  /** The group's study semester of this discipline. */
  semid: Type.Integer({ minimum: 1, maximum: 12 }),
  daynum: DayNumber,
  isSelect: Type.Integer({ minimum: 0, maximum: 1 }),
  sidFaculty: Id,
  /** The lesson's QR session and its journal lesson. */
  id_qr: Id,
  id_lesson: Id,
  date: Type.String(),
  /** The signed token of this moment and the typed code of the same moment. */
  token: Type.String(),
  code: Type.String(),
  /** The address a phone's camera app opens (path under the portal, token in the fragment). */
  url: Type.String(),
  /** Server epoch ms: now, when this token stops being shown, and the rotation period. */
  serverTime: Type.Number(),
  rotatesAt: Type.Number(),
  rotateMs: Type.Integer(),
  /** Marks are accepted between these instants (the lesson plus the margin). */
  windowStart: Type.Number(),
  windowEnd: Type.Number(),
  /** The same window as 'HH:MM' in the university's time zone (what the screen shows). */
  windowFrom: Type.String(),
  windowTo: Type.String(),
  radius: Type.Number(),
  open: Type.Boolean(),
  /** Students checked in / students of the lesson. */
  checkedIn: Type.Integer({ minimum: 0 }),
  expected: Type.Integer({ minimum: 0 }),
});
export type QrPayload = Static<typeof QrPayload>;

/** POST schedule/qr/switch.json {id_qr, open}: the teacher switches a lesson's QR off or on. */
export const QrSwitchBody = Type.Object({ id_qr: Id, open: Type.Boolean() });
export type QrSwitchBody = Static<typeof QrSwitchBody>;
export const QrSwitchResponse = Type.Object({ open: Type.Boolean() });
export type QrSwitchResponse = Static<typeof QrSwitchResponse>;

/**
 * One of the teacher's lessons of today (the running semester, today's day and week parity) and
 * the window its QR is shown in: from the margin before it starts to the margin after it ends.
 * Before and after the window the QR is not opened (schedule/qr.json answers 409).
 */
export const QrTodayLesson = Type.Object({
  idShed: Id,
  discipline: Type.String(),
  lessonType: Type.String(),
  group: Type.String(),
  subgroup: Type.Union([Type.String(), Type.Null()]),
  auditoryName: Type.String(),
  /** The window in server epoch ms. */
  windowStart: Type.Number(),
  windowEnd: Type.Number(),
  /** The same window as 'HH:MM' in the university's time zone (what the screen shows). */
  windowFrom: Type.String(),
  windowTo: Type.String(),
});
export type QrTodayLesson = Static<typeof QrTodayLesson>;

/** GET schedule/qr/today.json: the teacher's lessons of today, by the server's clock. */
export const QrTodayResponse = Type.Object({
  /** The server's clock when it answered (epoch ms): the windows are read against it. */
  now: Type.Number(),
  /** 'YYYY-MM-DD' in the university's time zone. */
  date: Type.String(),
  lessons: Type.Array(QrTodayLesson),
});
export type QrTodayResponse = Static<typeof QrTodayResponse>;

/** GET qr/time.json: the server's clock, so the teacher's countdown and the server agree. */
export const QrTimeResponse = Type.Object({ now: Type.Number() });
export type QrTimeResponse = Static<typeof QrTimeResponse>;

const Lang = Type.Union([Type.Literal('kg'), Type.Literal('ru'), Type.Literal('en')]);
/** base64url, as WebAuthn's JSON carries binary fields. */
const Base64Url = (maxLength: number) =>
  Type.String({ minLength: 1, maxLength, pattern: '^[A-Za-z0-9_-]+$' });

/**
 * A WebAuthn assertion as the browser gives it (@simplewebauthn/browser `startAuthentication`,
 * AuthenticationResponseJSON).
 */
export const PasskeyAssertion = Type.Object({
  id: Base64Url(1024),
  rawId: Base64Url(1024),
  type: Type.Literal('public-key'),
  response: Type.Object({
    clientDataJSON: Base64Url(4096),
    authenticatorData: Base64Url(4096),
    signature: Base64Url(1024),
    userHandle: Type.Optional(Base64Url(256)),
  }),
  clientExtensionResults: Type.Object({}),
  authenticatorAttachment: Type.Optional(Type.String({ maxLength: 32 })),
});
export type PasskeyAssertion = Static<typeof PasskeyAssertion>;

/** A WebAuthn registration as the browser gives it (RegistrationResponseJSON). */
export const PasskeyAttestation = Type.Object({
  id: Base64Url(1024),
  rawId: Base64Url(1024),
  type: Type.Literal('public-key'),
  response: Type.Object({
    clientDataJSON: Base64Url(4096),
    attestationObject: Base64Url(16384),
    transports: Type.Optional(Type.Array(Type.String({ maxLength: 32 }), { maxItems: 10 })),
  }),
  clientExtensionResults: Type.Object({}),
  authenticatorAttachment: Type.Optional(Type.String({ maxLength: 32 })),
});
export type PasskeyAttestation = Static<typeof PasskeyAttestation>;

/** What navigator.credentials.get needs (PublicKeyCredentialRequestOptionsJSON). */
export const PasskeyRequestOptions = Type.Object({
  challenge: Type.String(),
  timeout: Type.Optional(Type.Number()),
  rpId: Type.Optional(Type.String()),
  allowCredentials: Type.Optional(
    Type.Array(
      Type.Object({
        id: Type.String(),
        type: Type.String(),
        transports: Type.Optional(Type.Array(Type.String())),
      }),
    ),
  ),
  userVerification: Type.Optional(Type.String()),
});
export type PasskeyRequestOptions = Static<typeof PasskeyRequestOptions>;

/** What navigator.credentials.create needs (PublicKeyCredentialCreationOptionsJSON). */
export const PasskeyCreationOptions = Type.Object({
  rp: Type.Object({ name: Type.String(), id: Type.Optional(Type.String()) }),
  user: Type.Object({ id: Type.String(), name: Type.String(), displayName: Type.String() }),
  challenge: Type.String(),
  pubKeyCredParams: Type.Array(Type.Object({ alg: Type.Number(), type: Type.String() })),
  timeout: Type.Optional(Type.Number()),
  excludeCredentials: Type.Optional(
    Type.Array(
      Type.Object({
        id: Type.String(),
        type: Type.String(),
        transports: Type.Optional(Type.Array(Type.String())),
      }),
    ),
  ),
  authenticatorSelection: Type.Optional(
    Type.Object({
      authenticatorAttachment: Type.Optional(Type.String()),
      residentKey: Type.Optional(Type.String()),
      requireResidentKey: Type.Optional(Type.Boolean()),
      userVerification: Type.Optional(Type.String()),
    }),
  ),
  attestation: Type.Optional(Type.String()),
  extensions: Type.Optional(Type.Object({ credProps: Type.Optional(Type.Boolean()) })),
  hints: Type.Optional(Type.Array(Type.String())),
});
export type PasskeyCreationOptions = Static<typeof PasskeyCreationOptions>;

/**
 * POST qr/student/challenge.json: the first step of a check-in. The proof of presence is the QR's
 * `token`, a `claim` of it (qr/claim.json, or an earlier answer of this call), or the typed `code`
 * (then idShed may be absent: the student's lesson open now is found). idStud must be the
 * session's student (403). The answer carries a claim of the lesson for this device (good for a
 * few minutes: registering the phone may outlast the token) and, when the student has a
 * registered phone, the passkey ceremony's options, whose challenge names the lesson and the
 * student.
 */
export const QrChallengeBody = Type.Object({
  idShed: Type.Optional(Id),
  idStud: Id,
  idAud: Type.Optional(Id),
  token: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  claim: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  code: Type.Optional(Type.String({ pattern: '^[0-9]{6}$' })),
  /** The language of the refusal's reason (default: the lang cookie, else ru). */
  lang: Type.Optional(Lang),
});
export type QrChallengeBody = Static<typeof QrChallengeBody>;
export const QrChallengeResponse = Type.Object({
  claim: Type.String(),
  expiresAt: Type.Number(),
  /** null: the student has no registered phone yet (register it, then ask again with `claim`). */
  options: Type.Union([PasskeyRequestOptions, Type.Null()]),
});
export type QrChallengeResponse = Static<typeof QrChallengeResponse>;

/**
 * POST qr/student/visit.json (spec §3 "QR visit" {idShed, idStud, idAud, x, y}): x is the
 * latitude, y the longitude, `accuracy` the position's accuracy in metres. `passkey` is the
 * assertion of the student's registered phone over the challenge qr/student/challenge.json gave:
 * it names the lesson. idStud must be the session's student (403).
 */
export const QrVisitBody = Type.Object({
  idShed: Type.Optional(Id),
  idStud: Id,
  idAud: Type.Optional(Id),
  x: Latitude,
  y: Longitude,
  accuracy: Type.Optional(Type.Number({ minimum: 0, maximum: 100_000 })),
  passkey: PasskeyAssertion,
  /** The language of the refusal's reason (default: the lang cookie, else ru). */
  lang: Type.Optional(Lang),
});
export type QrVisitBody = Static<typeof QrVisitBody>;

/** POST qr/passkeys/options.json {}: the registration ceremony's options (students only). */
/** POST qr/passkeys/register.json: the phone's new passkey, stored once verified. */
export const PasskeyRegisterBody = Type.Object({
  response: PasskeyAttestation,
  /** What the student will see in the list (e.g. "Chrome on Android"). */
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 60 })),
});
export type PasskeyRegisterBody = Static<typeof PasskeyRegisterBody>;

export const RegisteredPasskey = Type.Object({
  id: Id,
  name: Type.String(),
  created_at: Type.Number(),
  last_used_at: Type.Union([Type.Number(), Type.Null()]),
});
export type RegisteredPasskey = Static<typeof RegisteredPasskey>;
/** POST qr/passkeys/list.json {}: the student's registered phone (at most one). */
export const PasskeyListResponse = Type.Object({ passkeys: Type.Array(RegisteredPasskey) });
export type PasskeyListResponse = Static<typeof PasskeyListResponse>;
/** POST qr/passkeys/delete.json {id}: removes the student's own registered phone. */
export const PasskeyDeleteBody = Type.Object({ id: Id });
export type PasskeyDeleteBody = Static<typeof PasskeyDeleteBody>;

/**
 * POST qr/claim.json {token} (no session needed): a phone's camera app opened the QR's address
 * before its owner signed in. A fresh token is exchanged for a claim bound to this device
 * (cookie) that the visit accepts for a few minutes, so signing in does not outlast the token.
 */
export const QrClaimBody = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });
export type QrClaimBody = Static<typeof QrClaimBody>;
export const QrClaimResponse = Type.Object({ claim: Type.String(), expiresAt: Type.Number() });
export type QrClaimResponse = Static<typeof QrClaimResponse>;

/**
 * GET qr/scan?t=<token>&s=<idShed>&a=<room id>: the address inside the QR. A phone's camera app
 * opens it, signed in or not: a fresh token becomes a claim for this device and the browser goes
 * on to the scan screen (/lms/schedule/scan#claim=…), which signs in first when needed.
 */
export const QrScanQuery = Type.Object({
  t: Type.String({ minLength: 1, maxLength: 200 }),
  s: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,9}$' })),
  a: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,9}$' })),
});
export type QrScanQuery = Static<typeof QrScanQuery>;

export const QrVisitResponse = Type.Object({
  /** false: the student was already marked on this lesson (a repeat changes nothing). */
  marked: Type.Boolean(),
  discipline: Type.String(),
  date: Type.String(),
  id_time: TimeId,
  sms: Type.String(),
});
export type QrVisitResponse = Static<typeof QrVisitResponse>;

/** POST visitlog/getqrstudentslist.json {id_qr}: who has checked in, and the lesson's list. */
export const QrStudentsBody = Type.Object({ id_qr: Id });
export type QrStudentsBody = Static<typeof QrStudentsBody>;
export const QrStudent = Type.Object({
  id_student: Id,
  s_fio: Type.String(),
  /** The journal cell (null = present); absent from the lesson's list: not marked. */
  marked: Type.Boolean(),
  otsenka: Type.Union([Type.String(), Type.Null()]),
  /** How and when the mark was made. */
  source: Type.Union([Type.String(), Type.Null()]),
  at: Type.Union([Type.Number(), Type.Null()]),
});
export type QrStudent = Static<typeof QrStudent>;
export const QrStudentsResponse = Type.Object({
  id_qr: Id,
  id_lesson: Id,
  open: Type.Boolean(),
  checkedIn: Type.Integer({ minimum: 0 }),
  expected: Type.Integer({ minimum: 0 }),
  students: Type.Array(QrStudent),
});
export type QrStudentsResponse = Static<typeof QrStudentsResponse>;

/** POST schedule/qr/mark.json: the teacher marks (or unmarks) a student by hand. */
export const QrManualMarkBody = Type.Object({
  id_qr: Id,
  id_student: Id,
  present: Type.Boolean(),
});
export type QrManualMarkBody = Static<typeof QrManualMarkBody>;

/**
 * GET schedule/qr/events?id_qr=: Server-Sent Events (event name `visit`) as students of that
 * QR session check in or are marked by hand.
 */
export interface QrVisitEvent {
  id_qr: number;
  id_student: number;
  source: MarkSource;
  present: boolean;
}
export const QrEventsQuery = Type.Object({ id_qr: Type.String({ pattern: '^[1-9][0-9]{0,9}$' }) });
export type QrEventsQuery = Static<typeof QrEventsQuery>;

/** The schedule, QR check-in and passkeys endpoints for the API: each address with the schemas it validates. */
export const SCHEDULE_ENDPOINTS = withSchemas(SCHEDULE_ADDRESSES, {
  teacherWeek: { body: ScheduleBody, response: ScheduleResponse },
  studentWeek: { body: ScheduleBody, response: ScheduleResponse },
  qr: { body: QrBody, response: QrPayload },
  qrSwitch: { body: QrSwitchBody, response: QrSwitchResponse },
  qrMark: { body: QrManualMarkBody, response: VisitSmsResponse },
  qrToday: { response: QrTodayResponse },
  qrEvents: { querystring: QrEventsQuery },
  calendar: { body: CalendarBody, response: CalendarResponse },
  calendarRevoke: { body: EmptyBody, response: VisitSmsResponse },
  export: { querystring: CalendarExportQuery },
  qrTime: { response: QrTimeResponse },
  qrClaim: { body: QrClaimBody, response: QrClaimResponse },
  qrScan: { querystring: QrScanQuery },
  qrChallenge: { body: QrChallengeBody, response: QrChallengeResponse },
  qrVisit: { body: QrVisitBody, response: QrVisitResponse },
  passkeyOptions: { body: EmptyBody, response: PasskeyCreationOptions },
  passkeyRegister: { body: PasskeyRegisterBody, response: PasskeyListResponse },
  passkeys: { body: EmptyBody, response: PasskeyListResponse },
  passkeyDelete: { body: PasskeyDeleteBody, response: VisitSmsResponse },
  qrStudents: { body: QrStudentsBody, response: QrStudentsResponse },
});
