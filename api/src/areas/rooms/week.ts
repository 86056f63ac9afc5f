import type { RoomEntry } from '@lms/shared/contract';
import type { Language } from '../../lib/catalogue-names.js';
import type { RoomsRepository } from './repository.js';
import { addDays, weekAround } from './rules.js';
import type { UniversityClock } from './time.js';

/**
 * A room's week (Monday to Saturday) around a date: the timetable's lessons whose week kind
 * falls on each date, and the bookings that hold, by date and period.
 */
export async function roomWeek(
  rooms: RoomsRepository,
  clock: UniversityClock,
  lng: Language,
  roomId: number,
  date: string,
) {
  const { from, to } = weekAround(date, clock.slotAt(date, 1).dayNumber);
  const entries: RoomEntry[] = [];
  const lessonsOf = new Map<string, Awaited<ReturnType<RoomsRepository['roomLessons']>>>();
  for (let offset = 0; offset < 6; offset++) {
    const day = addDays(from, offset);
    const slot = clock.slotAt(day, 1);
    const key = `${slot.yearId}-${slot.ws}`;
    if (!lessonsOf.has(key)) {
      lessonsOf.set(key, await rooms.roomLessons(lng, roomId, slot.yearId, slot.ws));
    }
    for (const lesson of lessonsOf.get(key) ?? []) {
      if (lesson.day_number !== slot.dayNumber) continue;
      if (!slot.weekKinds.includes(Number(lesson.week_kind) as 0 | 1 | 2)) continue;
      entries.push({
        date: day,
        day_number: slot.dayNumber,
        id_time: lesson.id_time,
        start: lesson.start,
        end: lesson.end,
        kind: 'lesson',
        booking: null,
        discipline: lesson.discipline,
        group: lesson.group,
        teacher: lesson.teacher,
      });
    }
  }
  for (const booking of await rooms.roomBookings(lng, roomId, from, to)) {
    entries.push({
      date: booking.date,
      day_number: clock.slotAt(booking.date, 1).dayNumber,
      id_time: booking.id_time,
      start: booking.start,
      end: booking.end,
      kind: booking.kind,
      booking: booking.id,
      discipline: booking.discipline,
      group: booking.group,
      teacher: booking.teacher,
    });
  }
  entries.sort((a, b) => a.date.localeCompare(b.date) || a.id_time - b.id_time);
  const parity: 'odd' | 'even' = clock.slotAt(from, 1).weekKinds[1] === 1 ? 'odd' : 'even';
  return { from, to, parity, entries };
}
