import type { WebinarState } from '@lms/shared/contract';

// Webinars' decisions: pure functions of facts already read (no database, no Fastify, no
// texts), unit-tested in api/test/unit/webinars-rules.test.ts.

/** A start 'YYYY-MM-DDTHH:MM' that names a real date and time, split; null otherwise. */
export function parseLocalStart(start: string): { date: string; time: string } | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(start);
  if (!match) return null;
  const [, date, hours, minutes] = match as unknown as [string, string, string, string];
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date) return null;
  if (Number(hours) > 23 || Number(minutes) > 59) return null;
  return { date, time: `${hours}:${minutes}` };
}

/** Why scheduling is refused; each code has its text in messages.ts and its status in service.ts. */
export type ScheduleRefusal =
  'badStart' | 'past' | 'tooFar' | 'notTeaching' | 'teacherBusy' | 'groupBusy';

/** How far ahead a webinar may be scheduled. */
const MAX_AHEAD_MS = 366 * 86_400_000;

export interface ScheduleFacts {
  /** The start's instant; null when the start is no real date and time. */
  startsAt: number | null;
  now: number;
  teaches: boolean;
  teacherBusy: boolean;
  groupBusy: boolean;
}

/** Whether a webinar may be scheduled: the refusal the teacher should hear first, or null. */
export function scheduleRefusal(facts: ScheduleFacts): ScheduleRefusal | null {
  if (facts.startsAt === null) return 'badStart';
  if (facts.startsAt <= facts.now) return 'past';
  if (facts.startsAt - facts.now > MAX_AHEAD_MS) return 'tooFar';
  if (!facts.teaches) return 'notTeaching';
  if (facts.teacherBusy) return 'teacherBusy';
  if (facts.groupBusy) return 'groupBusy';
  return null;
}

/** Do two spans [start, start + minutes) overlap? */
export function overlaps(
  a: { startsAt: number; duration: number },
  b: { startsAt: number; duration: number },
): boolean {
  return (
    a.startsAt < b.startsAt + b.duration * 60_000 && b.startsAt < a.startsAt + a.duration * 60_000
  );
}

/** Why a cancellation is refused. */
export type CancelRefusal = 'alreadyCancelled' | 'over';

export function cancelRefusal(state: WebinarState): CancelRefusal | null {
  if (state === 'cancelled') return 'alreadyCancelled';
  if (state === 'over') return 'over';
  return null;
}

/** Why joining is refused. */
export type JoinRefusal = 'notYourGroup' | 'cancelled' | 'notYet' | 'over' | 'roomFull';

/**
 * Whether a person may enter: only the webinar's teacher and the students of its group, and
 * only while it is open (from shortly before its start to its end).
 */
export function joinRefusal(facts: { member: boolean; state: WebinarState }): JoinRefusal | null {
  if (!facts.member) return 'notYourGroup';
  if (facts.state === 'cancelled') return 'cancelled';
  if (facts.state === 'scheduled') return 'notYet';
  if (facts.state === 'over') return 'over';
  return null;
}
