// The controlled start's decisions: pure functions of facts already read (no database), unit
// tested in api/test/unit/testing-admission-rules.test.ts.
import { TESTING_ADMISSION_RETRY_MAX_MS, type TestingMonitorState } from '@lms/shared/contract';

/** Testing's admission settings (AppOptions.testing; LMS_TESTING_* in server.ts). */
export interface AdmissionSettings {
  /** Starts admitted per second per test, across every API process on the database. */
  startsPerSecond: number;
  /** A device not heard from for this long is shown offline on the teacher's monitor. */
  offlineAfterMs: number;
}

export const DEFAULT_ADMISSION: AdmissionSettings = {
  startsPerSecond: 50,
  offlineAfterMs: 90_000,
};

/**
 * The milliseconds between two admissions at `startsPerSecond`, rounded up so the rate is never
 * exceeded (at least 1 ms: at most 1,000 starts a second per test).
 */
export const slotIntervalMs = (startsPerSecond: number): number =>
  Math.max(1, Math.ceil(1000 / startsPerSecond));

/**
 * When a waiting student should ask again: at their slot when it is near (2 s or less), else
 * after half the wait (between 2 s and the contract's maximum), so a long queue is asked a few
 * times with its place shown anew each time, not hammered.
 */
export function retryAfterMs(slotAt: number, now: number): number {
  const left = Math.max(0, slotAt - now);
  if (left <= 2000) return left;
  return Math.min(TESTING_ADMISSION_RETRY_MAX_MS, Math.max(2000, Math.ceil(left / 2)));
}

/** What the teacher's monitor knows of one student. */
export interface MonitorFacts {
  now: number;
  /** The latest attempt. */
  attempt: { open: boolean; deadline: number; lastContactAt: number | null } | null;
  /** Their ticket once they pressed "Start" (null: not in the queue). */
  slotAt: number | null;
  seenAt: number | null;
  offlineAfterMs: number;
}

/** The student's state, their last contact and whether they count as online. */
export function monitorState(facts: MonitorFacts): {
  state: TestingMonitorState;
  lastContactAt: number | null;
  online: boolean;
} {
  const { now, attempt } = facts;
  const heard = (at: number | null) => at !== null && now - at < facts.offlineAfterMs;
  if (attempt?.open && now < attempt.deadline) {
    return {
      state: 'taking',
      lastContactAt: attempt.lastContactAt,
      online: heard(attempt.lastContactAt),
    };
  }
  if (facts.slotAt !== null) {
    const state = facts.slotAt > now ? 'waiting' : 'admitted';
    return { state, lastContactAt: facts.seenAt, online: heard(facts.seenAt) };
  }
  if (attempt) return { state: 'finished', lastContactAt: attempt.lastContactAt, online: false };
  return { state: 'absent', lastContactAt: null, online: false };
}
