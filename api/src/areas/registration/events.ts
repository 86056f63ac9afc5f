import type { EventBus } from '../../lib/event-bus.js';
import { courseOf } from './rules.js';

/**
 * What the waiting lists publish (channel `lms_registration`, the SSE event `waitlist`):
 * `promoted` when a freed seat registered a waiting student, `skipped` when a student could no
 * longer take it (`reason` is the refusal code of rules.ts). Push notifications hook here too.
 */
export interface WaitlistEvent {
  kind: 'promoted' | 'skipped';
  /** students.id of the student concerned. */
  studentId: number;
  streamId: number;
  disciplineId: number;
  /** The registration the promotion made (null when skipped). */
  registrationId: number | null;
  reason: string | null;
}

/**
 * Registration's live events, for every API process (PostgreSQL LISTEN/NOTIFY on
 * `lms_registration`, in-process with SQLite). Published after the write commits:
 *
 * - `{ kind: 'promoted', studentId, streamId, disciplineId, registrationId, reason: null }`: a freed
 *   seat registered the student from the stream's waiting list;
 * - `{ kind: 'skipped', studentId, streamId, disciplineId, registrationId: null, reason }`: the
 *   student's turn came but the rules refused them (`reason`, a refusal code of rules.ts);
 * - `{ kind: 'holds', studentId }`: the registrar set or lifted a hold on the student;
 * - `{ kind: 'slots', yearId, ws, course, facultyId }`: a year of study's appointment was set or
 *   removed (`facultyId` null: university-wide);
 * - `{ kind: 'lists', studentId }`: one of the student's waiting lists changed (they joined or
 *   left it, or the students ahead of them left or were promoted, so their position moved).
 *
 * The student's open registration page hears the events meant for them through GET
 * /lms/api/regfordisciplines/events (SSE event `waitlist` for the first two, `status` for the
 * others; `concerns` decides whom an event is for); other listeners (push notifications)
 * subscribe to `app.registrationEvents`.
 */
export type RegistrationEvent =
  | WaitlistEvent
  | { kind: 'holds'; studentId: number }
  | { kind: 'slots'; yearId: number; ws: number; course: number; facultyId: number | null }
  | { kind: 'lists'; studentId: number };

export type RegistrationEventBus = EventBus<RegistrationEvent>;

declare module 'fastify' {
  interface FastifyInstance {
    registrationEvents: RegistrationEventBus;
  }
}

export const REGISTRATION_CHANNEL = 'lms_registration';

/** Who listens on a student's stream: the student, their faculty and their group's admission. */
export interface Listener {
  studentId: number;
  facultyId: number;
  /** The group's two-digit year of admission (undefined: unknown, no appointment reaches them). */
  admissionYear: number | undefined;
}

/**
 * Whether an event is for the student: their own waiting lists and holds, and the appointments
 * of their year of study (university-wide or their faculty's). Nobody else's.
 */
export function concerns(event: RegistrationEvent, listener: Listener): boolean {
  if (event.kind === 'slots') {
    return (
      listener.admissionYear !== undefined &&
      (event.facultyId === null || event.facultyId === listener.facultyId) &&
      courseOf(event.yearId, listener.admissionYear) === event.course
    );
  }
  return event.studentId === listener.studentId;
}
