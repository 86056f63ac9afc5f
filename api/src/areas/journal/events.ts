import type { Mark } from '@lms/shared/contract';
import type { EventBus } from '../../lib/event-bus.js';

/**
 * A teacher wrote a mark or an absence in a student's journal cell (studentvisitupdate and
 * studentvisitupdate2), published after the write commits. `studentId` is `students.id`;
 * `mark` a value of the grade scale or the absence mark (`ABSENCE_MARK`); a cell set back to
 * "present" with no grade is not announced.
 */
export interface JournalMarkEvent {
  kind: 'mark';
  studentId: number;
  lessonId: number;
  mark: Exclude<Mark, null>;
}

/** The journal's live events, for every API process (channel `lms_journal`). */
export type JournalEventBus = EventBus<JournalMarkEvent>;

declare module 'fastify' {
  interface FastifyInstance {
    journalEvents: JournalEventBus;
  }
}

export const JOURNAL_CHANNEL = 'lms_journal';
