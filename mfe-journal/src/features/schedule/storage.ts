import {
  SCHEDULE_REFRESH_MS,
  type Booking,
  type RoleId,
  type ScheduleDay,
  type Webinar,
} from '@lms/shared';

/**
 * The schedule kept on the device (spec §3 "Schedule item", §4): per user, year and semester,
 * with uid, role, year, ws and the date of the last update, so the week opens without network.
 */
export interface StoredSchedule {
  uid: number;
  role: RoleId;
  year: number;
  ws: number;
  /** Epoch ms of the last full download. */
  date: number;
  version: string;
  days: ScheduleDay[];
  /** Rooms booked for the person or their group from that day on (rooms area). */
  bookings?: Booking[];
  /** Online lessons of the person or their group from that day on (webinars area). */
  webinars?: Webinar[];
}

export const storageKey = (uid: number, year: number, ws: number) =>
  `schedule:${uid}:${year}:${ws}`;

function isStoredSchedule(value: unknown): value is StoredSchedule {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.uid === 'number' &&
    typeof v.role === 'number' &&
    typeof v.year === 'number' &&
    typeof v.ws === 'number' &&
    typeof v.date === 'number' &&
    typeof v.version === 'string' &&
    Array.isArray(v.days)
  );
}

/** The stored week of that user and semester; a stored value of the wrong shape is ignored. */
export function readStored(uid: number, year: number, ws: number): StoredSchedule | null {
  try {
    const raw = localStorage.getItem(storageKey(uid, year, ws));
    const value: unknown = raw ? JSON.parse(raw) : null;
    return isStoredSchedule(value) && value.uid === uid ? value : null;
  } catch {
    return null;
  }
}

export function writeStored(schedule: StoredSchedule): void {
  try {
    localStorage.setItem(
      storageKey(schedule.uid, schedule.year, schedule.ws),
      JSON.stringify(schedule),
    );
  } catch {
    // Storage full or disabled: the week is simply asked for again next time.
  }
}

/**
 * Spec §4: a stored week is downloaded again in full only on Saturday or Sunday when it is 7 or
 * more days old; otherwise a cheap version check decides (the server says whether it changed).
 */
export function needsFullRefresh(stored: StoredSchedule | null, now: Date): boolean {
  if (!stored) return true;
  const weekend = now.getDay() === 0 || now.getDay() === 6;
  return weekend && now.getTime() - stored.date >= SCHEDULE_REFRESH_MS;
}
