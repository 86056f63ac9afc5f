import { ROOM_EQUIPMENT, type RoomEquipment } from '@lms/shared/contract';

// Rooms' decisions: pure functions of facts already read (no database, no Fastify, no texts),
// unit-tested in api/test/unit/rooms-rules.test.ts.

const DAY_MS = 86_400_000;

/** The stored bits of a room's equipment. */
export function equipmentMask(items: readonly RoomEquipment[]): number {
  return items.reduce((mask, item) => mask | (1 << ROOM_EQUIPMENT.indexOf(item)), 0);
}

/** The equipment a room's bits stand for, in ROOM_EQUIPMENT's order. */
export function equipmentOf(mask: number): RoomEquipment[] {
  return ROOM_EQUIPMENT.filter((_, bit) => (Number(mask) & (1 << bit)) !== 0);
}

/** A room's number and building as stored and compared: trimmed, runs of spaces one space. */
export function normalizedText(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

export const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** A real calendar date (the contract's pattern lets 2026-02-31 through). */
export function isCalendarDate(date: string): boolean {
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date;
}

/** The Monday and Saturday of the week holding `date` (dayNumber: 1 Monday … 7 Sunday). */
export function weekAround(date: string, dayNumber: number): { from: string; to: string } {
  const from = addDays(date, 1 - dayNumber);
  return { from, to: addDays(from, 5) };
}

export interface Period {
  id: number;
  start: string;
  end: string;
}

/**
 * The lesson period a search "now" means: the one running at `time`, else the next one today;
 * after the last, the first of the next teaching day (Sunday is skipped).
 */
export function periodNow(
  periods: readonly Period[],
  date: string,
  dayNumber: number,
  time: string,
): { date: string; period: Period } | null {
  const sorted = [...periods].sort((a, b) => a.start.localeCompare(b.start));
  const first = sorted[0];
  if (!first) return null;
  if (dayNumber !== 7) {
    const today = sorted.find((period) => time < period.end);
    if (today) return { date, period: today };
  }
  return { date: addDays(date, dayNumber === 6 ? 2 : 1), period: first };
}

/** Why a booking is refused; each code has its text in messages.ts and its status in service.ts. */
export type BookingRefusal =
  | 'badDate'
  | 'sunday'
  | 'past'
  | 'notTeaching'
  | 'tooSmall'
  | 'roomBusy'
  | 'teacherBusy'
  | 'groupBusy';

/** What a booking is decided on, read in its transaction. */
export interface BookingFacts {
  date: string;
  dayNumber: number;
  /** The period's start 'HH:MM'. */
  start: string;
  /** The university's date and time now. */
  today: string;
  nowTime: string;
  teaches: boolean;
  capacity: number;
  students: number;
  roomBusy: boolean;
  teacherBusy: boolean;
  groupBusy: boolean;
}

/** Whether a room may be booked: the refusal the teacher should hear first, or null. */
export function bookingRefusal(facts: BookingFacts): BookingRefusal | null {
  if (!isCalendarDate(facts.date)) return 'badDate';
  if (facts.dayNumber === 7) return 'sunday';
  if (facts.date < facts.today || (facts.date === facts.today && facts.start <= facts.nowTime)) {
    return 'past';
  }
  if (!facts.teaches) return 'notTeaching';
  if (facts.students > facts.capacity) return 'tooSmall';
  if (facts.roomBusy) return 'roomBusy';
  if (facts.teacherBusy) return 'teacherBusy';
  if (facts.groupBusy) return 'groupBusy';
  return null;
}

/** Why a cancellation is refused. */
export type CancelRefusal = 'alreadyCancelled' | 'over';

export function cancelRefusal(facts: {
  cancelled: boolean;
  date: string;
  end: string;
  today: string;
  nowTime: string;
}): CancelRefusal | null {
  if (facts.cancelled) return 'alreadyCancelled';
  if (facts.date < facts.today || (facts.date === facts.today && facts.end <= facts.nowTime)) {
    return 'over';
  }
  return null;
}
