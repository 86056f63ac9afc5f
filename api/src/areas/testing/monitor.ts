import type { Kysely } from 'kysely';
import type { Language, TestingMonitorResponse, TestingMonitorRow } from '@lms/shared/contract';
import { localized } from '../../lib/catalogue-names.js';
import type { Database } from '../../db/schema.js';
import { createAdmissionRepository } from './admission-repository.js';
import { monitorState, slotIntervalMs, type AdmissionSettings } from './admission-rules.js';
import { drawnOf, type AttemptRow } from './attempt-repository.js';
import type { TestRow } from './repository.js';

/**
 * The teacher's live view of a running test (teacher/monitor.json): every student of the groups
 * it is open to, with who waits for admission and their place, who is taking it with progress
 * and deadline, and when each device was last heard from. Reads only: an attempt past its
 * deadline is shown finished without being closed here.
 */
export function createMonitor(db: Kysely<Database>, settings: AdmissionSettings) {
  const tickets = createAdmissionRepository(db);

  const students = (lng: Language, testId: number) =>
    db
      .selectFrom('testing_windows as w')
      .innerJoin('students as s', 's.group_id', 'w.group_id')
      .innerJoin('persons as p', 'p.id', 's.person_id')
      .innerJoin('groups as g', 'g.id', 's.group_id')
      .select(['s.id', 'p.full_name', localized(lng, 'g.name').as('group')])
      .where('w.test_id', '=', testId)
      .orderBy('group')
      .orderBy('p.full_name')
      .execute();

  const latestAttempts = async (testId: number): Promise<Map<number, AttemptRow>> => {
    const rows = await db
      .selectFrom('testing_attempts')
      .selectAll()
      .where('test_id', '=', testId)
      .orderBy('number')
      .execute();
    return new Map(rows.map((row) => [row.student_id, row]));
  };

  const answeredCounts = async (attemptIds: number[]): Promise<Map<number, number>> => {
    if (attemptIds.length === 0) return new Map();
    const rows = await db
      .selectFrom('testing_answers')
      .select(['attempt_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('attempt_id', 'in', attemptIds)
      .groupBy('attempt_id')
      .execute();
    return new Map(rows.map((row) => [row.attempt_id, Number(row.n)]));
  };

  return async function monitor(
    lng: Language,
    test: TestRow,
    now: number,
  ): Promise<TestingMonitorResponse> {
    const people = await students(lng, test.id);
    const attempts = await latestAttempts(test.id);
    const answered = await answeredCounts([...attempts.values()].map((a) => a.id));
    const queued = await tickets.queued(test.id);
    const ticketOf = new Map(queued.map((ticket) => [ticket.student_id, ticket]));
    // Places: the waiting tickets in slot order.
    const waiting = queued
      .map((ticket) => Number(ticket.slot_at))
      .filter((slot) => slot > now)
      .sort((a, b) => a - b);
    const rows = people.map((person): TestingMonitorRow => {
      const attempt = attempts.get(person.id);
      const ticket = ticketOf.get(person.id);
      const slotAt = ticket ? Number(ticket.slot_at) : null;
      const seen = monitorState({
        now,
        attempt: attempt
          ? {
              open: attempt.open !== null,
              deadline: Number(attempt.deadline_at),
              lastContactAt:
                attempt.last_contact_at === null ? null : Number(attempt.last_contact_at),
            }
          : null,
        slotAt,
        seenAt: ticket?.seen_at == null ? null : Number(ticket.seen_at),
        offlineAfterMs: settings.offlineAfterMs,
      });
      return {
        studentId: person.id,
        student: person.full_name,
        group: person.group,
        state: seen.state,
        place: seen.state === 'waiting' && slotAt !== null ? waiting.indexOf(slotAt) + 1 : null,
        attempt: attempt?.number ?? null,
        startedAt: attempt ? Number(attempt.started_at) : null,
        deadline: attempt ? Number(attempt.deadline_at) : null,
        answered: attempt ? (answered.get(attempt.id) ?? 0) : 0,
        total: attempt ? drawnOf(attempt).length : 0,
        lastContactAt: seen.lastContactAt,
        online: seen.online,
      };
    });
    return {
      testId: test.id,
      title: test.title,
      serverNow: now,
      offlineAfterMs: settings.offlineAfterMs,
      startsPerSecond: 1000 / slotIntervalMs(settings.startsPerSecond),
      rows,
    };
  };
}

export type Monitor = ReturnType<typeof createMonitor>;
