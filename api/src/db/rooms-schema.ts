// Rooms' bookings and the slots they and webinars hold (see migrations/0060_rooms.ts and
// 0120_slot_holds.ts; the rooms themselves are schedule-schema.ts's).

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

/**
 * A minute a room booking or a webinar takes of a room, a teacher or a group (rooms/slots.ts;
 * migrations/0120_slot_holds.ts): unique per holder and minute.
 */
export interface SlotHoldTable {
  id: Generated<number>;
  /** SlotSource: 'room_bookings' | 'webinars'. */
  source: string;
  source_id: number;
  /** SlotHolder: 'room' | 'teacher' | 'group'. */
  holder: string;
  holder_id: number;
  /** The university-local minute (slots.ts's localMinute). */
  minute: number;
}

export interface RoomsTables {
  room_bookings: RoomBookingTable;
  slot_holds: SlotHoldTable;
}
