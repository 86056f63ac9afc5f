import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ScheduleNoticeBus } from '../rooms/index.js';

/** How long before an online lesson its group's students are reminded. */
export const REMINDER_LEAD_MS = 15 * 60_000;
/** The longest a timer is set for (a far reminder is looked at again then). */
const LONGEST_WAIT_MS = 6 * 60 * 60_000;

export interface ReminderDeps {
  db: Kysely<Database>;
  bus: ScheduleNoticeBus;
  /** The university's clock (epoch ms). */
  now: () => number;
  log: FastifyBaseLogger;
  leadMs?: number;
}

/**
 * The push reminders of online lessons. The pending ones are the database's (a webinar not
 * cancelled, not started, whose `reminded_at` is null), so a restart loses none: on start and
 * after each change the reminders due are sent and one timer is set for the next. Each is
 * claimed by one UPDATE before it is published, so one process of a cluster sends it once.
 */
export function startReminders({ db, bus, now, log, leadMs = REMINDER_LEAD_MS }: ReminderDeps) {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running = Promise.resolve();

  const pending = () =>
    db
      .selectFrom('webinars')
      .where('reminded_at', 'is', null)
      .where('cancelled_at', 'is', null)
      .where('starts_at', '>', now());

  async function sendDue(): Promise<void> {
    const due = await pending()
      .select(['id', 'group_id', 'start_date', 'start_time'])
      .where('starts_at', '<=', now() + leadMs)
      .execute();
    for (const row of due) {
      const claimed = await db
        .updateTable('webinars')
        .set({ reminded_at: now() })
        .where('id', '=', row.id)
        .where('reminded_at', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;
      await bus.publish({
        kind: 'webinarSoon',
        id: row.id,
        groupId: row.group_id,
        date: row.start_date,
        start: row.start_time,
        place: '',
      });
    }
  }

  async function run(): Promise<void> {
    if (stopped) return;
    clearTimeout(timer);
    await sendDue();
    const next = await pending()
      .select((eb) => eb.fn.min('starts_at').as('first'))
      .executeTakeFirst();
    if (stopped || next?.first === null || next?.first === undefined) return;
    const wait = Math.min(Math.max(Number(next.first) - leadMs - now(), 0), LONGEST_WAIT_MS);
    timer = setTimeout(wake, wait);
    timer.unref();
  }

  /** Looks at the pending reminders again (after a webinar is scheduled or cancelled). */
  function wake(): Promise<void> {
    running = running
      .then(run)
      .catch((error: unknown) => log.warn({ err: error }, 'webinar reminders not sent'));
    return running;
  }

  return {
    wake,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

export type Reminders = ReturnType<typeof startReminders>;
