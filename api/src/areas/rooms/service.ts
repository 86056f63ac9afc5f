import type { BookRoomBody, Booking, RoomSaveBody } from '@lms/shared/contract';
import type { Kysely } from 'kysely';
import { createAccessRepository } from '../../access/index.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Database } from '../../db/schema.js';
import type { Language } from '../../lib/catalogue-names.js';
import { ApiError, MESSAGES } from '../../lib/http.js';
import { hiddenRecord } from '../../access/index.js';
import { ROOMS_MESSAGES } from './messages.js';
import { createRoomsRepository, type RoomsRepository } from './repository.js';
import { createSlots, localMinute, SlotTaken } from './slots.js';
import {
  bookingRefusal,
  cancelRefusal,
  equipmentMask,
  normalizedText,
  type BookingRefusal,
} from './rules.js';
import type { GroupNotices } from './notices.js';
import type { UniversityClock } from './time.js';

/** The HTTP status of each refusal: a slot someone holds is a conflict, the rest bad input. */
const BOOKING_STATUS: Record<BookingRefusal, 400 | 403 | 409> = {
  badDate: 400,
  sunday: 400,
  past: 400,
  notTeaching: 403,
  tooSmall: 409,
  roomBusy: 409,
  teacherBusy: 409,
  groupBusy: 409,
};

/** Which of the booking's unique indexes refused it (PostgreSQL names it, SQLite its columns). */
function heldBy(error: unknown): 'roomBusy' | 'teacherBusy' | 'groupBusy' {
  const { constraint, message } = error as { constraint?: string; message?: string };
  const said = `${constraint ?? ''} ${message ?? ''}`;
  if (said.includes('room_id')) return 'roomBusy';
  if (said.includes('teacher_id')) return 'teacherBusy';
  if (said.includes('group_id')) return 'groupBusy';
  return 'roomBusy';
}

/**
 * Rooms' writes. Each opens ONE transaction, reads its facts on a repository built on it, asks
 * the rules, then writes; the partial unique indexes refuse what two transactions at once could
 * both have read as free (a clear 409, as the rule's).
 */
export function createRoomsService(
  db: Kysely<Database>,
  rooms: RoomsRepository,
  clock: UniversityClock,
  notices: GroupNotices,
) {
  return {
    /** A new room or a room changed (the registrar's). */
    async saveRoom(body: RoomSaveBody): Promise<number> {
      const room = {
        name: normalizedText(body.name),
        building: normalizedText(body.building),
        capacity: body.capacity,
        equipment: equipmentMask(body.equipment),
      };
      if (room.name === '' || room.building === '') throw new ApiError(400, ROOMS_MESSAGES.blank);
      try {
        return await db.transaction().execute(async (trx) => {
          const inTransaction = createRoomsRepository(trx);
          if (body.id !== undefined && !(await inTransaction.find(body.id))) throw hiddenRecord();
          if (await inTransaction.nameTaken(room.building, room.name, body.id)) {
            throw new ApiError(409, ROOMS_MESSAGES.roomTaken);
          }
          if (body.id === undefined) return inTransaction.insertRoom(room);
          await inTransaction.updateRoom(body.id, room);
          return body.id;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new ApiError(409, ROOMS_MESSAGES.roomTaken);
        throw error;
      }
    },

    /** A room booked by a teacher for one of their groups. */
    async book(lng: Language, teacherId: number, body: BookRoomBody): Promise<Booking> {
      const now = clock.now();
      let id: number;
      try {
        id = await db.transaction().execute(async (trx) => {
          const inTransaction = createRoomsRepository(trx);
          const room = await inTransaction.find(body.room);
          if (!room) throw hiddenRecord();
          const period = await inTransaction.period(body.id_time);
          if (!period) throw new ApiError(400, ROOMS_MESSAGES.badDate);
          const slot = clock.slotAt(body.date, body.id_time);
          const teaches = await createAccessRepository(trx).teaches(teacherId, {
            disciplineId: body.id_discipline,
            groupId: body.id_group,
            yearId: slot.yearId,
            ws: slot.ws,
          });
          const busy = await inTransaction.busy(slot, {
            roomId: body.room,
            teacherId,
            groupId: body.id_group,
          });
          const refusal = bookingRefusal({
            date: body.date,
            dayNumber: slot.dayNumber,
            start: period.start,
            today: now.date,
            nowTime: now.time,
            teaches,
            capacity: room!.capacity,
            students: await inTransaction.groupSize(body.id_group),
            roomBusy: busy.room,
            teacherBusy: busy.teacher,
            groupBusy: busy.group,
          });
          if (refusal) throw new ApiError(BOOKING_STATUS[refusal], ROOMS_MESSAGES[refusal]);
          const minutes = localMinute(body.date, period.end) - localMinute(body.date, period.start);
          const holders = { room: body.room, teacher: teacherId, group: body.id_group };
          const claim = { holders, date: body.date, time: period.start, minutes };
          return createSlots(trx).book(
            'room_bookings',
            {
              room_id: body.room,
              booking_date: body.date,
              time_id: body.id_time,
              year_id: slot.yearId,
              ws_id: slot.ws,
              teacher_id: teacherId,
              group_id: body.id_group,
              discipline_id: body.id_discipline,
              kind: body.kind,
              note: normalizedText(body.note ?? ''),
              created_at: now.instant,
            },
            claim,
          );
        });
      } catch (error) {
        // Two bookings of one room (or teacher, or group) at once: the index refuses the second.
        if (isUniqueViolation(error)) throw new ApiError(409, ROOMS_MESSAGES[heldBy(error)]);
        // A webinar (or a booking) holds a minute of the slot for the teacher or the group.
        if (error instanceof SlotTaken)
          throw new ApiError(409, ROOMS_MESSAGES[`${error.holder}Busy`]);
        throw error;
      }
      const booked = await rooms.booking(lng, id);
      if (!booked) throw new ApiError(404, MESSAGES.notFound);
      return booked;
    },

    /**
     * The teacher's own booking cancelled; the group's schedule shows it cancelled, and the group
     * is told (its chat, its students' devices) once the cancellation is stored.
     */
    async cancel(lng: Language, teacherId: number, id: number): Promise<Booking> {
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const inTransaction = createRoomsRepository(trx);
        const booking = await inTransaction.booking(lng, id);
        if (!booking || booking.teacherId !== teacherId) throw hiddenRecord();
        const refusal = cancelRefusal({
          cancelled: booking!.cancelled,
          date: booking!.date,
          end: booking!.end,
          today: now.date,
          nowTime: now.time,
        });
        if (refusal) throw new ApiError(409, ROOMS_MESSAGES[refusal]);
        if (!(await createSlots(trx).free('room_bookings', id, now.instant))) {
          throw new ApiError(409, ROOMS_MESSAGES.alreadyCancelled);
        }
      });
      const cancelled = await rooms.booking(lng, id);
      if (!cancelled) throw new ApiError(404, MESSAGES.notFound);
      await notices.bookingCancelled(cancelled);
      return cancelled;
    },
  };
}

export type RoomsService = ReturnType<typeof createRoomsService>;
