import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { TestingAdmissionWait } from '@lms/shared/contract';
import type { Database } from '../../db/schema.js';
import { createAdmissionRepository, type TicketRow } from './admission-repository.js';
import { retryAfterMs, slotIntervalMs, type AdmissionSettings } from './admission-rules.js';
import type { Drawn } from './attempt-repository.js';
import type { QuestionRow, TestingRepository, TestRow } from './repository.js';
import { shuffled } from './rules.js';
import { drawsOf, payloadOf } from './wire.js';

const random = () => randomInt(0, 2 ** 32) / 2 ** 32;

export interface Draw {
  drawn: Drawn[];
  maxScore: number;
}

/** Draws of a test from its topics' pools read once: N per topic, shuffled, options shuffled. */
export async function drawerOf(bank: TestingRepository, test: TestRow): Promise<() => Draw> {
  const pools: { pool: QuestionRow[]; count: number }[] = [];
  for (const rule of drawsOf(test)) {
    pools.push({ pool: await bank.questionsOf([rule.topicId]), count: rule.count });
  }
  return () => {
    const picked = pools.flatMap(({ pool, count }) => shuffled(pool, random).slice(0, count));
    const drawn = shuffled(picked, random).map((question) => {
      const payload = payloadOf(question);
      return {
        q: question.id,
        o: shuffled(payload.options, random).map((option) => option.id),
        c: shuffled(payload.choices, random).map((option) => option.id),
      };
    });
    return { drawn, maxScore: picked.reduce((sum, q) => sum + q.points, 0) };
  };
}

/**
 * The controlled start (built by the area's index.ts). A student's next attempt is drawn ahead
 * (for the whole group when the teacher opens the test to it, else at their first press) and
 * kept as a ticket. Pressing "Start" takes the test's next slot from the admission clock in the
 * database, one interval (1 s / the rate) after the last, so every API process on the database
 * together admits at the one rate. A student whose slot has come is admitted: the attempt starts
 * then, from the ticket's draw, and the ticket goes (attempt-service.ts).
 */
export function createAdmission(
  db: Kysely<Database>,
  bank: TestingRepository,
  settings: AdmissionSettings,
) {
  const tickets = createAdmissionRepository(db);
  const intervalMs = slotIntervalMs(settings.startsPerSecond);

  /** The ticket with its draw, made now if the student has none (or its questions are gone). */
  async function drawnTicket(test: TestRow, studentId: number, now: number): Promise<TicketRow> {
    const found = await tickets.ticket(test.id, studentId);
    if (found) {
      const ids = (JSON.parse(found.drawn) as Drawn[]).map((d) => d.q);
      if ((await tickets.existing(ids)) === ids.length) return found;
      // A question drawn ahead was deleted from the bank since: drawn again, the place kept.
      const { drawn, maxScore } = (await drawerOf(bank, test))();
      await db
        .updateTable('testing_admissions')
        .set({ drawn: JSON.stringify(drawn), max_score: maxScore })
        .where('id', '=', found.id)
        .execute();
      return { ...found, drawn: JSON.stringify(drawn), max_score: maxScore };
    }
    const { drawn, maxScore } = (await drawerOf(bank, test))();
    await tickets.prepare({
      test_id: test.id,
      student_id: studentId,
      drawn: JSON.stringify(drawn),
      max_score: maxScore,
      prepared_at: now,
    });
    return (await tickets.ticket(test.id, studentId)) as TicketRow;
  }

  return {
    settings,

    /** Draws ahead the next attempt of every student of the group who has none ready. */
    async prepare(test: TestRow, groupId: number, now: number): Promise<number> {
      const students = await tickets.withoutTicket(test.id, groupId);
      if (students.length === 0) return 0;
      const draw = await drawerOf(bank, test);
      for (const studentId of students) {
        const { drawn, maxScore } = draw();
        await tickets.prepare({
          test_id: test.id,
          student_id: studentId,
          drawn: JSON.stringify(drawn),
          max_score: maxScore,
          prepared_at: now,
        });
      }
      return students.length;
    },

    /**
     * The student's ticket with its slot: taken now at their first press (a second tab's press
     * finds the first one's), kept on later calls, which are noted as their last contact; null
     * when another tab's press has just made it the attempt.
     */
    async enter(
      test: TestRow,
      studentId: number,
      now: number,
    ): Promise<(TicketRow & { slot_at: number }) | null> {
      const ticket = await drawnTicket(test, studentId, now);
      if (ticket.slot_at === null) {
        await db.transaction().execute(async (trx) => {
          const repo = createAdmissionRepository(trx);
          if (!(await repo.claim(ticket.id, now))) return;
          await repo.setSlot(ticket.id, await repo.takeSlot(test.id, now, intervalMs));
        });
        // Gone: another tab of theirs pressed first and has started the attempt since.
        const slotted = await tickets.ticket(test.id, studentId);
        return slotted ? { ...slotted, slot_at: Number(slotted.slot_at) } : null;
      }
      const slotAt = Number(ticket.slot_at);
      if (slotAt > now) await tickets.seen(ticket.id, now);
      return { ...ticket, slot_at: slotAt };
    },

    /** Drops the student's queued ticket for the test (they have an attempt open). */
    async spend(testId: number, studentId: number): Promise<void> {
      await db
        .deleteFrom('testing_admissions')
        .where('test_id', '=', testId)
        .where('student_id', '=', studentId)
        .where('slot_at', 'is not', null)
        .execute();
    },

    /** What a student still waiting is told: their place, when to ask again. */
    async wait(
      ticket: TicketRow & { slot_at: number },
      now: number,
    ): Promise<TestingAdmissionWait> {
      return {
        waiting: true,
        testId: ticket.test_id,
        place: (await tickets.ahead(ticket.test_id, ticket.slot_at, now)) + 1,
        retryAfterMs: retryAfterMs(ticket.slot_at, now),
        admitAt: ticket.slot_at,
        serverNow: now,
      };
    },
  };
}

export type Admission = ReturnType<typeof createAdmission>;
