import type { Generated } from 'kysely';

// The schedule's and QR attendance's tables (see migrations/0011_schedule.ts).

/** A teaching room with its geofence: the centre (degrees) and a radius in metres. */
export interface RoomTable {
  id: Generated<number>;
  name: string;
  building: string;
  capacity: number;
  latitude: number;
  longitude: number;
  radius_m: number;
  /** A bit per ROOM_EQUIPMENT item (migrations/0060_rooms.ts). */
  equipment: Generated<number>;
}

/**
 * One weekly timetable slot: a teaching assignment's lesson on a day (1 Monday … 6 Saturday) at a
 * lesson order, every week or every other week, in a room. No teacher, room or group is booked
 * twice at one slot (the unique keys, and the seed's timetable for every-week versus odd/even).
 */
export interface ScheduleLessonTable {
  id: Generated<number>;
  year_id: number;
  ws_id: number;
  day_number: number;
  time_id: number;
  /** 0 every week, 1 odd ISO weeks, 2 even ISO weeks (WEEK_KINDS). */
  week_kind: number;
  teacher_id: number;
  discipline_id: number;
  group_id: number;
  subgroup_id: number | null;
  /** subgroup_id, or 0 for the whole group. */
  subgroup_key: number;
  lesson_type_id: number;
  room_id: number;
  updated_at: number;
}

/** One dated occurrence of a slot opened for QR check-in, with its journal lesson. */
export interface QrSessionTable {
  id: Generated<number>;
  schedule_lesson_id: number;
  /** ISO date YYYY-MM-DD (the university's time zone). */
  lesson_date: string;
  journal_lesson_id: number;
  /** The HMAC key of this session's rotating tokens and codes (hex). */
  secret: string;
  is_open: number;
  opened_by: number;
  created_at: number;
  updated_at: number;
}

/** A check-in by QR: one per student and one per device in a session. */
export interface QrVisitTable {
  id: Generated<number>;
  qr_session_id: number;
  student_id: number;
  /** sha256 of the device cookie. */
  device_hash: string;
  latitude: number;
  longitude: number;
  accuracy: number | null;
  distance_m: number;
  /** sha256 of the passkey credential id that signed the check-in (none before passkeys). */
  passkey_hash: string | null;
  created_at: number;
}

/** A student's registered phone: the WebAuthn credential that signs QR check-ins (one each). */
export interface QrPasskeyTable {
  id: Generated<number>;
  /** users.id of the student (unique: one registered phone per account). */
  user_id: number;
  /** base64url credential id (unique). */
  credential_id: string;
  /** base64url COSE public key. */
  public_key: string;
  /** The authenticator's signature counter (0 when it keeps none). */
  counter: number;
  /** Comma-separated transports the authenticator reported. */
  transports: string;
  /** What the student sees, e.g. the browser and system that registered it. */
  name: string;
  created_at: number;
  last_used_at: number | null;
}

/** The private calendar-subscription token of a user (revoking replaces it). */
export interface CalendarTokenTable {
  id: Generated<number>;
  user_id: number;
  token: string;
  created_at: number;
}

export interface ScheduleTables {
  rooms: RoomTable;
  schedule_lessons: ScheduleLessonTable;
  qr_sessions: QrSessionTable;
  qr_visits: QrVisitTable;
  qr_passkeys: QrPasskeyTable;
  calendar_tokens: CalendarTokenTable;
}
