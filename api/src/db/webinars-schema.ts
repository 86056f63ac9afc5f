// Webinars (see migrations/0080_webinars.ts).

import type { Generated } from 'kysely';

/** An online lesson a teacher schedules for a group they teach. */
export interface WebinarTable {
  id: Generated<number>;
  teacher_id: number;
  group_id: number;
  discipline_id: number;
  /** The semester of its date (schedule's semesterOf), so a semester's schedule finds it. */
  year_id: number;
  ws_id: number;
  /** 'YYYY-MM-DD' and 'HH:MM' in the university's time zone. */
  start_date: string;
  start_time: string;
  /** Epoch ms of the start. */
  starts_at: number;
  duration_min: number;
  /** The meeting's id at the engine (BigBlueButton's meetingID; random, never guessed). */
  meeting_key: string;
  created_at: number;
  /** Epoch ms of the cancellation; null while it holds. */
  cancelled_at: number | null;
  /**
   * Epoch ms the group's push reminder went out (migrations/0126_schedule_notices.ts); null:
   * still pending. Claimed once, so one process of the cluster sends it.
   */
  reminded_at: Generated<number | null>;
}

/** Who joined a webinar (users.id) and when: the first join and the latest. */
export interface WebinarAttendanceTable {
  id: Generated<number>;
  webinar_id: number;
  user_id: number;
  first_joined_at: number;
  last_joined_at: number;
}

export interface WebinarsTables {
  webinars: WebinarTable;
  webinar_attendance: WebinarAttendanceTable;
}
