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

/** Why marking the joiners in the journal is refused. */
export type JournalRefusal = 'journalNotYet' | 'cancelled' | 'noneJoined' | 'noLessonType';

/**
 * Whether the students who joined may be marked in the journal: once the webinar is open (during
 * or after it), not cancelled, someone joined, and the teacher gives the group a lesson type.
 */
export function journalRefusal(facts: {
  state: WebinarState;
  joined: number;
  lessonTypeId: number | null;
}): JournalRefusal | null {
  if (facts.state === 'cancelled') return 'cancelled';
  if (facts.state === 'scheduled') return 'journalNotYet';
  if (facts.joined === 0) return 'noneJoined';
  if (facts.lessonTypeId === null) return 'noLessonType';
  return null;
}

/** The lecture's lesson type, the one a webinar's journal lesson is when the teacher gives it. */
export const LECTURE_TYPE = 1;

/** The lesson type of the journal lesson: the lecture when given, else the first type given. */
export function journalLessonType(given: readonly number[]): number | null {
  if (given.includes(LECTURE_TYPE)) return LECTURE_TYPE;
  return given.length === 0 ? null : Math.min(...given);
}

/**
 * The schedule period of a start 'HH:MM': the one containing it (start ≤ t < end), else the last
 * that began before it (a webinar in the evening), else the first (one before the day's first).
 */
export function periodOf<P extends { id: number; start: string; end: string }>(
  time: string,
  periods: readonly P[],
): P | undefined {
  const sorted = [...periods].sort((a, b) => a.start.localeCompare(b.start));
  const minutes = (hhmm: string) => {
    const [h, m] = hhmm.split(':');
    return Number(h) * 60 + Number(m);
  };
  const t = minutes(time);
  const containing = sorted.find((p) => minutes(p.start) <= t && t < minutes(p.end));
  if (containing) return containing;
  return sorted.filter((p) => minutes(p.start) <= t).at(-1) ?? sorted[0];
}
