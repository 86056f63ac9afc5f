import type { Kysely } from 'kysely';
import { hiddenRecord, systemActor, type Actor } from '../../access/index.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Database } from '../../db/schema.js';
import type { Language } from '../../lib/catalogue-names.js';
import { registrations } from '../../lib/metrics.js';
import { auditKeys, type AuditTrail } from '../audit/index.js';
import type { RegistrationEvent, WaitlistEvent } from './events.js';
import { createRegistrationReads, type RegistrationReads } from './repository.js';
import {
  declineRefusal,
  joinRefusal,
  missingRefusal,
  saveRefusal,
  seatsLeft,
  type StudentPlace,
  type Term,
} from './rules.js';
import { check, refused } from './service.js';
import {
  createWaitlistRepository,
  type TuitionQuestion,
  type WaitlistEntry,
  type WaitlistRepository,
} from './waitlist-repository.js';
import { createRegistrationWrites } from './write-repository.js';

export interface WaitlistServiceOptions {
  creditLimit: number;
  /** How long a promoted student may decline the seat (ms). */
  declineMs: number;
}

type Tools = {
  reads: RegistrationReads;
  writes: ReturnType<typeof createRegistrationWrites>;
  waitlist: WaitlistRepository;
  trx: Kysely<Database>;
};

/** The author of a promotion: the portal itself, when a freed seat comes to the list. */
const PROMOTION_ACTOR = systemActor('waitlist');

/** The plan entry's names are not shown to anyone: a promotion reads them in one language. */
const PROMOTION_LANGUAGE: Language = 'ru';

/**
 * The waiting lists: join, leave, decline, and the promotion of freed seats. A promotion runs
 * right after the write that freed a seat commits (a delete, a move, a decline, a raised
 * capacity), one transaction per promoted student, taking that student's credit row first and
 * then the stream's seat with the guarded update, as a save does; a student whose save the rules
 * would refuse now is skipped with the refusal's code. Runs of one stream are coalesced in the
 * process; across processes the guarded updates keep the seats and each row's status exact.
 */
export function createWaitlistService(
  db: Kysely<Database>,
  payments: TuitionQuestion,
  options: WaitlistServiceOptions,
  publish: (event: RegistrationEvent) => void,
  clock: () => number,
  trail: AuditTrail,
) {
  const inTransaction = <T>(write: (tools: Tools) => Promise<T>) =>
    db.transaction().execute((trx) =>
      write({
        reads: createRegistrationReads(trx),
        writes: createRegistrationWrites(trx),
        waitlist: createWaitlistRepository(trx, payments),
        trx,
      }),
    );

  /** The audit row of a waiting-list row's move, last in its transaction. */
  const audited = (
    trx: Kysely<Database>,
    actor: Actor,
    entry: { id: number; studentId: number; streamId: number },
    before: string | null,
    after: { status: string; [more: string]: unknown },
  ) =>
    trail.record(trx, actor, {
      kind: 'waitlist',
      key: auditKeys.record('waitlist', entry.id),
      studentId: entry.studentId,
      before: before === null ? null : { streamId: entry.streamId, status: before },
      after: { streamId: entry.streamId, ...after },
    });
  const waitlistReads = createWaitlistRepository(db, payments);
  const reads = createRegistrationReads(db);

  type Outcome = 'promoted' | 'skipped' | 'gone' | 'full';

  /** The students waiting on the stream behind a row that left it: their positions moved. */
  const listMoved = async (streamId: number, afterId: number): Promise<void> => {
    for (const studentId of await waitlistReads.waitingBehind(streamId, afterId)) {
      publish({ kind: 'lists', studentId });
    }
  };

  /**
   * Offers the stream's next seat to one waiting student; what to publish is returned, so it is
   * published only once the transaction has committed.
   */
  const promoteOne = (
    entry: WaitlistEntry,
    term: Term,
  ): Promise<{ outcome: Outcome; event?: WaitlistEvent }> =>
    inTransaction(async ({ reads: r, writes, waitlist, trx }) => {
      const now = clock();
      await writes.lockLoad(entry.studentId, term);
      const current = await waitlist.entry(entry.id);
      if (current?.status !== 'waiting') return { outcome: 'gone' };
      const stream = await r.stream(entry.streamId);
      const student = await r.studentPlace(entry.studentId);
      if (!stream || !student) {
        await waitlist.decide(entry.id, 'waiting', { status: 'skipped', reason: 'missing' }, now);
        const skipped = { status: 'skipped', reason: 'missing' };
        await audited(trx, PROMOTION_ACTOR, entry, 'waiting', skipped);
        return { outcome: 'skipped' };
      }
      const planEntry = await r.planEntry(PROMOTION_LANGUAGE, student, term, stream.disciplineId);
      const refusal = saveRefusal({
        term,
        choice: { disciplineId: stream.disciplineId, teacherId: stream.teacherId },
        entry: planEntry,
        window: await r.window(student, term),
        stream,
        offered: await r.isOffered(student, stream.id),
        existing: await r.registrationOf(student.studentId, term, stream.disciplineId),
        load: await r.semesterLoad(student, term),
        creditLimit: options.creditLimit,
        now,
        holds: await waitlist.holds(student.studentId, term.yearId),
        appointment: await waitlist.appointment(student, term),
      });
      if (refusal || !planEntry) {
        const reason = refusal?.code ?? 'notInPlan';
        await waitlist.decide(entry.id, 'waiting', { status: 'skipped', reason }, now);
        await audited(trx, PROMOTION_ACTOR, entry, 'waiting', { status: 'skipped', reason });
        return {
          outcome: 'skipped',
          event: {
            kind: 'skipped',
            studentId: entry.studentId,
            streamId: stream.id,
            disciplineId: stream.disciplineId,
            registrationId: null,
            reason,
          },
        };
      }
      if (!(await writes.takeSeat(stream.id))) return { outcome: 'full' };
      await writes.addCredits(student.studentId, term, planEntry.credits);
      const registrationId = await writes.insertRegistration({
        studentId: student.studentId,
        term,
        disciplineId: stream.disciplineId,
        credits: planEntry.credits,
        controlFormId: planEntry.controlFormId,
        isByPlan: !planEntry.elective,
        now,
      });
      await writes.addMember({ id: registrationId, studentId: student.studentId }, stream, now);
      await waitlist.decide(entry.id, 'waiting', { status: 'promoted', registrationId }, now);
      await audited(trx, PROMOTION_ACTOR, entry, 'waiting', { status: 'promoted', registrationId });
      return {
        outcome: 'promoted',
        event: {
          kind: 'promoted',
          studentId: entry.studentId,
          streamId: stream.id,
          disciplineId: stream.disciplineId,
          registrationId,
          reason: null,
        },
      };
    });

  /**
   * Promotes the stream's list while it has seats left and students waiting; then whoever still
   * waits behind the rows it decided hears that their position moved.
   */
  const promoteStream = async (streamId: number): Promise<number> => {
    let promoted = 0;
    let failures = 0;
    // The last row that left the head of the list (promoted, skipped or gone meanwhile).
    let lastDecided = 0;
    try {
      for (;;) {
        const stream = await reads.stream(streamId);
        if (!stream || seatsLeft(stream) === 0) return promoted;
        const [next] = await waitlistReads.head(streamId, 0, 1);
        if (!next) return promoted;
        let outcome: Outcome;
        try {
          const done = await promoteOne(next, stream);
          outcome = done.outcome;
          // Published after the commit: a page that reloads on the event finds the change.
          if (done.event) publish(done.event);
        } catch (error) {
          // A lost race (a deadlock, a unique key): read the list again, a few times.
          if (++failures > 5) throw error;
          continue;
        }
        if (outcome === 'full') return promoted;
        lastDecided = next.id;
        if (outcome === 'promoted') {
          promoted++;
          // A registration as much as a save over HTTP (plugins/app/metrics.ts counts those).
          registrations.inc();
        }
      }
    } finally {
      if (lastDecided > 0) await listMoved(streamId, lastDecided);
    }
  };

  const runs = new Map<number, { again: boolean; done: Promise<void> }>();

  /** Promotes the streams' lists; a run already going for a stream is asked to look again. */
  const promote = async (streamIds: readonly number[]): Promise<void> => {
    await Promise.all(
      [...new Set(streamIds)].map((streamId) => {
        const running = runs.get(streamId);
        if (running) {
          running.again = true;
          return running.done;
        }
        const run = { again: true, done: Promise.resolve() };
        run.done = (async () => {
          try {
            while (run.again) {
              run.again = false;
              await promoteStream(streamId);
            }
          } finally {
            runs.delete(streamId);
          }
        })();
        runs.set(streamId, run);
        return run.done;
      }),
    );
  };

  return {
    promote,

    /**
     * A registration took the student off these lists (registration/service.ts `save`): their
     * open pages, and everyone who waited behind them, hear it.
     */
    async listsLeft(left: readonly { id: number; streamId: number; studentId: number }[]) {
      for (const studentId of new Set(left.map((entry) => entry.studentId))) {
        publish({ kind: 'lists', studentId });
      }
      for (const entry of left) await listMoved(entry.streamId, entry.id);
    },

    /**
     * Puts the student on a full stream's waiting list (rules.joinRefusal); returns the row's id.
     * A seat freed meanwhile is offered at once.
     */
    async join(
      actor: Actor,
      lng: Language,
      student: StudentPlace,
      term: Term,
      choice: { disciplineId: number; teacherId: number; streamId: number },
      now: number,
    ): Promise<number> {
      let id: number;
      try {
        id = await inTransaction(async ({ reads: r, writes, waitlist, trx }) => {
          await writes.lockLoad(student.studentId, term);
          const stream = await r.stream(choice.streamId);
          const offered = stream !== undefined && (await r.isOffered(student, stream.id));
          check(
            joinRefusal({
              term,
              choice,
              entry: await r.planEntry(lng, student, term, choice.disciplineId),
              window: await r.window(student, term),
              stream,
              offered,
              existing: await r.registrationOf(student.studentId, term, choice.disciplineId),
              load: await r.semesterLoad(student, term),
              creditLimit: options.creditLimit,
              now,
              holds: await waitlist.holds(student.studentId, term.yearId),
              appointment: await waitlist.appointment(student, term),
              seats: stream,
              waiting: (await waitlist.waiting(choice.streamId, student.studentId)) !== undefined,
            }),
          );
          const inserted = await waitlist.insert(choice.streamId, student.studentId, now);
          const entry = { id: inserted, studentId: student.studentId, streamId: choice.streamId };
          await audited(trx, actor, entry, null, { status: 'waiting' });
          return inserted;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw refused({ code: 'alreadyWaiting' });
        throw error;
      }
      // The student's other open pages show the new list.
      publish({ kind: 'lists', studentId: student.studentId });
      await promote([choice.streamId]);
      return id;
    },

    /** Takes the student off a list (their own waiting row). */
    async leave(actor: Actor, studentId: number, entryId: number, now: number): Promise<void> {
      const entry = await waitlistReads.entry(entryId);
      // Another student's row and a missing one answer alike.
      if (entry?.studentId !== studentId) throw hiddenRecord();
      if (entry.status !== 'waiting') throw refused({ code: 'notWaiting' });
      await inTransaction(async ({ waitlist, trx }) => {
        if (!(await waitlist.decide(entryId, 'waiting', { status: 'left' }, now))) {
          throw refused({ code: 'notWaiting' });
        }
        await audited(trx, actor, entry, 'waiting', { status: 'left' });
      });
      // Their other open pages, and everyone who waited behind them (a place up).
      publish({ kind: 'lists', studentId });
      await listMoved(entry.streamId, entryId);
    },

    /**
     * Declines a seat a promotion gave (within `declineMs`): the registration is deleted, its
     * credits given back, and the seat goes to the next student on the list.
     */
    async decline(actor: Actor, studentId: number, entryId: number, now: number): Promise<void> {
      const streamIds = await inTransaction(async ({ reads: r, writes, waitlist, trx }) => {
        const entry = await waitlist.entry(entryId);
        if (entry?.studentId !== studentId) throw hiddenRecord();
        const stream = await r.stream(entry.streamId);
        if (!stream) throw refused({ code: 'notWaiting' });
        await writes.lockLoad(studentId, stream);
        const current = await waitlist.entry(entryId);
        check(declineRefusal(current, options.declineMs, now));
        const registrationId = current?.registrationId ?? 0;
        const credits = await writes.registrationCredits(registrationId);
        check(missingRefusal(credits));
        const members = await writes.members(registrationId);
        await writes.removeMembers(registrationId);
        for (const streamId of members.map((m) => m.streamId).sort((a, b) => a - b)) {
          await writes.freeSeat(streamId);
        }
        await writes.deleteRegistration(registrationId);
        await writes.addCredits(studentId, stream, -(credits ?? 0));
        await waitlist.decide(entryId, 'promoted', { status: 'declined' }, now);
        const declined = { id: entryId, studentId, streamId: entry.streamId };
        await audited(trx, actor, declined, 'promoted', { status: 'declined', registrationId });
        return members.map((m) => m.streamId);
      });
      await promote(streamIds);
    },

    /** Sets a stream's seats (never below those taken); a raise promotes the list. */
    async setCapacity(streamId: number, capacity: number): Promise<boolean> {
      const changed = await inTransaction(({ writes }) => writes.setCapacity(streamId, capacity));
      if (changed) await promote([streamId]);
      return changed;
    },
  };
}

export type WaitlistService = ReturnType<typeof createWaitlistService>;
