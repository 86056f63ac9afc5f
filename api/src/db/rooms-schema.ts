// Rooms' bookings (see migrations/0060_rooms.ts; the rooms themselves are schedule-schema.ts's).

import type { Generated } from 'kysely';

/** A room a teacher booked for one of their groups at a date and lesson period. */
export interface RoomBookingTable {
  id: Generated<number>;
  room_id: number;
  /** 'YYYY-MM-DD' in the university's time zone. */
  booking_date: string;
  time_id: number;
  /** The semester of the date (schedule's semesterOf), so a semester's schedule finds it. */
  year_id: number;
  ws_id: number;
  teacher_id: number;
  group_id: number;
  discipline_id: number;
  /** BOOKING_KINDS: 'extra' | 'consultation' | 'exam'. */
  kind: string;
  note: Generated<string>;
  created_at: number;
  /** Epoch ms of the cancellation; null while it holds. */
  cancelled_at: number | null;
}

export interface RoomsTables {
  room_bookings: RoomBookingTable;
}
