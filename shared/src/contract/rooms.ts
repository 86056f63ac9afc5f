import { Type, type Static } from '@sinclair/typebox';
import { BOOKING_KINDS, ROOM_EQUIPMENT } from './constants.js';
import { withSchemas } from './endpoint.js';
import { ROOMS_ADDRESSES } from './endpoints/rooms.js';
import { EmptyBody, Id } from './envelope.js';
import { TimeId } from './visitlog.js';

// Rooms (api/src/areas/rooms): the university's rooms, their week, the search for a free room
// and a teacher's booking of one. Routes under /lms/api/rooms, signed in; the registrar edits
// rooms, teachers book them. Dates are the university's ('YYYY-MM-DD').

export const RoomEquipmentItem = Type.Union(ROOM_EQUIPMENT.map((item) => Type.Literal(item)));
const Equipment = Type.Array(RoomEquipmentItem, {
  maxItems: ROOM_EQUIPMENT.length,
  uniqueItems: true,
});

const Kind = Type.Union(BOOKING_KINDS.map((kind) => Type.Literal(kind)));

export const ROOM_CAPACITY_MAX = 1000;
export const ROOM_NAME_MAX_LENGTH = 20;
export const ROOM_BUILDING_MAX_LENGTH = 100;
export const BOOKING_NOTE_MAX_LENGTH = 200;

const LocalDate = Type.String({
  pattern: '^20[0-9]{2}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$',
  examples: ['2026-11-18'],
});

export const Room = Type.Object({
  id: Id,
  /** The room's number, e.g. "1-101". */
  name: Type.String(),
  building: Type.String(),
  capacity: Type.Integer(),
  equipment: Equipment,
});
export type Room = Static<typeof Room>;

/** POST rooms/list.json {}: every room, by building and number. */
export const RoomListResponse = Type.Array(Room);
export type RoomListResponse = Static<typeof RoomListResponse>;

/** POST rooms/save.json (the registrar): a new room (no id) or a room changed. */
export const RoomSaveBody = Type.Object({
  id: Type.Optional(Id),
  name: Type.String({ minLength: 1, maxLength: ROOM_NAME_MAX_LENGTH, examples: ['3-101'] }),
  building: Type.String({
    minLength: 1,
    maxLength: ROOM_BUILDING_MAX_LENGTH,
    examples: ['Главный корпус'],
  }),
  capacity: Type.Integer({ minimum: 1, maximum: ROOM_CAPACITY_MAX, examples: [30] }),
  equipment: Equipment,
});
export type RoomSaveBody = Static<typeof RoomSaveBody>;

/** One thing in a room at a lesson period of a date: a timetable lesson or a booking. */
export const RoomEntry = Type.Object({
  date: Type.String(),
  day_number: Type.Integer({ minimum: 1, maximum: 7 }),
  id_time: TimeId,
  start: Type.String(),
  end: Type.String(),
  /** 'lesson' (the timetable) or a booking's kind. */
  kind: Type.Union([Type.Literal('lesson'), Kind]),
  /** A booking's id (null for a timetable lesson). */
  booking: Type.Union([Id, Type.Null()]),
  discipline: Type.String(),
  group: Type.String(),
  teacher: Type.String(),
});
export type RoomEntry = Static<typeof RoomEntry>;

/** POST rooms/week.json {id, date?}: the room's week holding `date` (today when left out). */
export const RoomWeekBody = Type.Object({ id: Id, date: Type.Optional(LocalDate) });
export type RoomWeekBody = Static<typeof RoomWeekBody>;
export const RoomWeekResponse = Type.Object({
  room: Room,
  /** The Monday and Saturday of the week shown. */
  from: Type.String(),
  to: Type.String(),
  /** The week's parity: odd (числитель) or even (знаменатель) ISO week. */
  parity: Type.Union([Type.Literal('odd'), Type.Literal('even')]),
  entries: Type.Array(RoomEntry),
});
export type RoomWeekResponse = Static<typeof RoomWeekResponse>;

/**
 * POST rooms/free.json: the rooms free at a date and lesson period (now: today and the period
 * running or next, when both are left out) with at least `seats` seats and all the equipment.
 */
export const FreeRoomsBody = Type.Object({
  date: Type.Optional(LocalDate),
  id_time: Type.Optional(TimeId),
  seats: Type.Optional(Type.Integer({ minimum: 1, maximum: ROOM_CAPACITY_MAX })),
  equipment: Type.Optional(Equipment),
});
export type FreeRoomsBody = Static<typeof FreeRoomsBody>;
export const FreeRoomsResponse = Type.Object({
  date: Type.String(),
  id_time: TimeId,
  start: Type.String(),
  end: Type.String(),
  rooms: Type.Array(Room),
});
export type FreeRoomsResponse = Static<typeof FreeRoomsResponse>;

/** POST rooms/teaching.json {} (teachers): the groups and disciplines the teacher teaches now. */
export const TeachingChoice = Type.Object({
  id_group: Id,
  group: Type.String(),
  id_discipline: Id,
  discipline: Type.String(),
  /** How many students the group has. */
  students: Type.Integer(),
});
export type TeachingChoice = Static<typeof TeachingChoice>;
export const TeachingChoicesResponse = Type.Array(TeachingChoice);
export type TeachingChoicesResponse = Static<typeof TeachingChoicesResponse>;

/** POST rooms/book.json (teachers): a free room at a date and period for one of their groups. */
export const BookRoomBody = Type.Object({
  room: Id,
  date: LocalDate,
  id_time: TimeId,
  id_group: Id,
  id_discipline: Id,
  kind: Kind,
  note: Type.Optional(Type.String({ maxLength: BOOKING_NOTE_MAX_LENGTH })),
});
export type BookRoomBody = Static<typeof BookRoomBody>;

/** A booking, as its teacher, its group's schedule and the room's week show it. */
export const Booking = Type.Object({
  id: Id,
  room: Id,
  roomName: Type.String(),
  building: Type.String(),
  date: Type.String(),
  id_time: TimeId,
  start: Type.String(),
  end: Type.String(),
  kind: Kind,
  id_group: Id,
  group: Type.String(),
  id_discipline: Id,
  discipline: Type.String(),
  id_teacher: Id,
  teacher: Type.String(),
  note: Type.String(),
  /** Cancelled bookings stay in the group's schedule, marked, so the group learns of it. */
  cancelled: Type.Boolean(),
});
export type Booking = Static<typeof Booking>;

/** POST rooms/bookings.json {} (teachers): the teacher's bookings from today on. */
export const BookingsResponse = Type.Array(Booking);
export type BookingsResponse = Static<typeof BookingsResponse>;

/** POST rooms/cancel.json {id} (the booking's teacher): cancelled, the group is told. */
export const CancelBookingBody = Type.Object({ id: Id });
export type CancelBookingBody = Static<typeof CancelBookingBody>;

/**
 * GET rooms/sheet.file?id=&date= (everyone signed in): the room's week holding `date` (today
 * when left out) as a printable PDF in the reader's language, with a QR of its live timetable.
 */
export const RoomSheetQuery = Type.Object({
  id: Type.String({ pattern: '^[1-9][0-9]{0,9}$', examples: ['1'] }),
  date: Type.Optional(LocalDate),
});
export type RoomSheetQuery = Static<typeof RoomSheetQuery>;

/** The path of a room's live timetable in the portal (its sheet's QR leads there). */
export const roomTimetablePath = (id: number) => `/lms/rooms/${id}`;

export const ROOMS_ENDPOINTS = withSchemas(ROOMS_ADDRESSES, {
  list: { body: EmptyBody, response: RoomListResponse },
  save: { body: RoomSaveBody, response: Room },
  week: { body: RoomWeekBody, response: RoomWeekResponse },
  free: { body: FreeRoomsBody, response: FreeRoomsResponse },
  teaching: { body: EmptyBody, response: TeachingChoicesResponse },
  book: { body: BookRoomBody, response: Booking },
  bookings: { body: EmptyBody, response: BookingsResponse },
  cancel: { body: CancelBookingBody, response: Booking },
  sheet: { querystring: RoomSheetQuery },
});
