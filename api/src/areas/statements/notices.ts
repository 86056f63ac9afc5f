import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { StatementNoticeBus, StatementNoticeEvent } from './events.js';
import { createNoticeRepository } from './notice-repository.js';

/** The longest the sweep's timer is set for (a far deadline is looked at again then). */
const LONGEST_WAIT_MS = 6 * 60 * 60_000;

export interface StatementNoticesDeps {
  db: Kysely<Database>;
  bus: StatementNoticeBus;
  /** The server's clock (epoch ms): deadlines are instants of the real world. */
  now: () => number;
  log: FastifyBaseLogger;
}

/**
 * What teachers are told of their statements, in the portal (statement_notices) and by push
 * (the event on `bus`, which the push area sends).
 *
 * Overdue: a draft past its deadline gets one notice for its teacher of record. The pending ones
 * are the database's (drafts past their deadline with no such notice), so a restart loses none:
 * on start and after each new deadline the due ones are told and one timer is set for the next.
 * Each is claimed by inserting its notice (unique per statement × kind × teacher), so of a
 * cluster's processes only the one whose insert lands publishes it: told once.
 *
 * A retake sheet assigned: its notice is written in the assignment's transaction (the sheet and
 * its notice commit or roll back together: no notice of a sheet that was refused), and published
 * after the commit (no push of a sheet that does not exist).
 */
export function startStatementNotices({ db, bus, now, log }: StatementNoticesDeps) {
  const notices = createNoticeRepository(db);
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running = Promise.resolve();

  async function tellOverdue(at: number): Promise<void> {
    for (const row of await notices.overdueUntold(at)) {
      const told = { statementId: row.id, teacherId: row.teacher_id, kind: 'overdue' as const };
      const id = await notices.claim(told, now());
      if (id !== undefined) await bus.publish({ id, ...told });
    }
  }

  async function run(): Promise<void> {
    if (stopped) return;
    clearTimeout(timer);
    // One instant for both questions: a deadline that passes while the due ones are told is
    // the next one, not lost between "already behind" and "still to come".
    const at = now();
    await tellOverdue(at);
    const next = await notices.nextDeadline(at);
    if (stopped || next === null) return;
    // Overdue once the deadline is behind: the first millisecond after it.
    const wait = Math.min(Math.max(next + 1 - now(), 0), LONGEST_WAIT_MS);
    timer = setTimeout(() => void wake(), wait);
    timer.unref();
  }

  /** Looks at the deadlines again (on start, after a statement or retake sheet is opened). */
  function wake(): Promise<void> {
    running = running
      .then(run)
      .catch((error: unknown) => log.warn({ err: error }, 'statement deadline notices not sent'));
    return running;
  }

  return {
    wake,

    /**
     * In the assignment's transaction: the notice that the teacher was given a retake sheet.
     * The event to announce after the commit (null: they were told already).
     */
    async retakeAssigned(
      trx: Kysely<Database>,
      statementId: number,
      teacherId: number,
      at: number,
    ): Promise<StatementNoticeEvent | null> {
      const told = { statementId, teacherId, kind: 'retakeAssigned' as const };
      const id = await createNoticeRepository(trx).claim(told, at);
      return id === undefined ? null : { id, ...told };
    },

    /** After a commit: the written notice's push, and the sweep's timer for a new deadline. */
    async announce(event: StatementNoticeEvent | null): Promise<void> {
      if (event) {
        await bus
          .publish(event)
          .catch((error: unknown) => log.warn({ err: error }, 'statement notice not published'));
      }
      void wake();
    },

    stop(): void {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

export type StatementNotices = ReturnType<typeof startStatementNotices>;
