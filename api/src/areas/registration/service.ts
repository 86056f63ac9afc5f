import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/errors.js';
import type { Actor } from '../../access/index.js';
import type { Database } from '../../db/schema.js';
import { auditKeys, type AuditTrail } from '../audit/index.js';
import type { Language } from '../../lib/catalogue-names.js';
import { ApiError } from '../../lib/http.js';
import { refusalText } from './messages.js';
import { createRegistrationReads, type RegistrationReads } from './repository.js';
import {
  attendRefusal,
  leaveRefusal,
  missingRefusal,
  saveRefusal,
  seatRefusal,
  windowRefusal,
  type Refusal,
  type RefusalCode,
  type StudentPlace,
  type Term,
} from './rules.js';
import {
  createWaitlistRepository,
  type TuitionQuestion,
  type WaitlistEntry,
  type WaitlistRepository,
} from './waitlist-repository.js';
import { createRegistrationWrites } from './write-repository.js';

export interface RegistrationServiceOptions {
  /** Most credits a student may register for in one semester. */
  creditLimit: number;
}

/** A seat a write freed: the waiting list of that stream is promoted after the commit. */
export type FreedSeats = (streamIds: readonly number[]) => Promise<void>;

/** Waiting rows a registration took the student off (told after the commit). */
export type ListsLeft = (left: readonly WaitlistEntry[]) => Promise<void>;

/** A registration of the caller's, as the routes found it (ownership checked). */
export interface OwnRegistration extends Term {
  id: number;
  studentId: number;
  disciplineId: number;
}

const REFUSAL_STATUS: Record<RefusalCode, 400 | 403 | 404 | 409> = {
  notInPlan: 400,
  streamMismatch: 400,
  electivesClosed: 403,
  windowClosed: 409,
  noWindow: 409,
  streamFull: 409,
  creditLimit: 409,
  duplicate: 409,
  missing: 404,
  lastLessonType: 409,
  hold: 403,
  tuitionHold: 403,
  beforeSlot: 409,
  notFull: 409,
  alreadyWaiting: 409,
  notWaiting: 404,
  declineClosed: 409,
  capacityBelowTaken: 409,
};

/** A rule's refusal as the envelope's error, worded in every language (messages.ts). */
export function refused(refusal: Refusal): ApiError {
  return new ApiError(REFUSAL_STATUS[refusal.code], refusalText(refusal));
}

export function check(refusal: Refusal | null): void {
  if (refusal) throw refused(refusal);
}

/** A write whose rules passed although what they needed was not there: a bug, not a refusal. */
function unreachable(what: string): Error {
  return new Error(`registration rules passed without ${what}`);
}

/** How often a seat is read again after a race took the one the rules saw. */
const SEAT_ATTEMPTS = 5;

type Writes = ReturnType<typeof createRegistrationWrites>;

/**
 * Registration's writes: each reads what its rules (rules.ts) need and writes in ONE transaction,
 * after taking the student's credit row (so one student's writes queue behind each other).
 */
export function createRegistrationService(
  db: Kysely<Database>,
  payments: TuitionQuestion,
  options: RegistrationServiceOptions,
  trail: AuditTrail,
  freed: FreedSeats = async () => undefined,
  listsLeft: ListsLeft = async () => undefined,
) {
  const inTransaction = <T>(
    write: (
      reads: RegistrationReads,
      writes: Writes,
      waitlist: WaitlistRepository,
      trx: Kysely<Database>,
    ) => Promise<T>,
  ) =>
    db
      .transaction()
      .execute((trx) =>
        write(
          createRegistrationReads(trx),
          createRegistrationWrites(trx),
          createWaitlistRepository(trx, payments),
          trx,
        ),
      );

  /** The audit row of a registration's change, last in its transaction. */
  const audited = (
    trx: Kysely<Database>,
    actor: Actor,
    registration: { id: number; studentId: number },
    before: unknown,
    after: unknown,
  ) =>
    trail.record(trx, actor, {
      kind: 'registration',
      key: auditKeys.record('registration', registration.id),
      studentId: registration.studentId,
      before,
      after,
    });

  /** Reads outside any transaction, for the facts a write's lock does not guard. */
  const lockFree = createRegistrationReads(db);
  const lockFreeWaitlist = createWaitlistRepository(db, payments);

  /**
   * Takes a seat of the stream: the rule decides from the seats left, the guarded update makes
   * the take atomic; when a race took the seat in between, the seats are read again.
   */
  const takeSeat = async (reads: RegistrationReads, writes: Writes, streamId: number) => {
    for (let attempt = 0; attempt < SEAT_ATTEMPTS; attempt++) {
      check(seatRefusal(await reads.stream(streamId)));
      if (await writes.takeSeat(streamId)) return;
    }
    throw refused({ code: 'streamFull' });
  };

  /** The stream a write names, and whether it is offered to the student. */
  const streamFor = async (reads: RegistrationReads, student: StudentPlace, streamId: number) => {
    const stream = await reads.stream(streamId);
    const offered = stream !== undefined && (await reads.isOffered(student, stream.id));
    return { stream, offered };
  };

  /** Seats freed in stream order (so concurrent writes lock the streams in one order). */
  const freeSeats = async (writes: Writes, streamIds: number[]) => {
    for (const streamId of [...streamIds].sort((a, b) => a - b)) await writes.freeSeat(streamId);
  };

  return {
    /**
     * Registers the student for a discipline of their plan in a stream: the plan, the window, the
     * stream, a second registration, the credit limit and the seats decide (rules.saveRefusal).
     * Returns the registration's id.
     *
     * On registration day thousands of saves race for a few streams, so the stream's row is held
     * as briefly as possible: the facts no write of this student changes (plan, window, stream,
     * holds, appointment, the lessons studied) are read at once before the transaction; inside
     * it, the student's credit row is taken, their registrations read, the registration written,
     * and the seat taken last (a guarded update: the last seat goes to one save only). A save
     * that finds no seat left there rolls back whole.
     */
    async save(
      actor: Actor,
      lng: Language,
      student: StudentPlace,
      term: Term,
      choice: { disciplineId: number; teacherId: number; streamId: number },
      now: number,
    ): Promise<number> {
      const [entry, { stream, offered }, window, holds, appointment, studied] = await Promise.all([
        lockFree.planEntry(lng, student, term, choice.disciplineId),
        streamFor(lockFree, student, choice.streamId),
        lockFree.window(student, term),
        lockFreeWaitlist.holds(student.studentId, term.yearId),
        lockFreeWaitlist.appointment(student, term),
        lockFree.studiedLoad(student, term),
      ]);
      let left: WaitlistEntry[] = [];
      try {
        const saved = await inTransaction(async (reads, writes, waitlist, trx) => {
          await writes.lockLoad(student.studentId, term);
          const registered = await reads.registeredLoad(student.studentId, term);
          check(
            saveRefusal({
              term,
              choice,
              entry,
              window,
              stream,
              offered,
              existing: registered.find((r) => r.disciplineId === choice.disciplineId)?.id,
              load: { studied, registered },
              creditLimit: options.creditLimit,
              now,
              holds,
              appointment,
            }),
          );
          if (!entry || !stream) throw unreachable('a plan entry and a stream');
          check(seatRefusal(stream));
          await writes.addCredits(student.studentId, term, entry.credits);
          const id = await writes.insertRegistration({
            studentId: student.studentId,
            term,
            disciplineId: choice.disciplineId,
            credits: entry.credits,
            controlFormId: entry.controlFormId,
            isByPlan: !entry.elective,
            now,
          });
          await writes.addMember({ id, studentId: student.studentId }, stream, now);
          if (!(await writes.takeSeat(stream.id))) throw refused({ code: 'streamFull' });
          // Registered for the discipline: the student waits for none of its streams any more
          // (left in the same transaction, so no list shows them waiting after the save).
          left = [];
          const leaving = { status: 'left', reason: 'registered', registrationId: id } as const;
          for (const waiting of await waitlist.waitingForDiscipline(
            student.studentId,
            term,
            choice.disciplineId,
          )) {
            if (await waitlist.decide(waiting.id, 'waiting', leaving, now)) left.push(waiting);
          }
          // The audit rows last: the trail's lock is held only to the commit, never while a row
          // of another table is waited for (PostgreSQL would otherwise deadlock two saves).
          await audited(trx, actor, { id, studentId: student.studentId }, null, {
            yearId: term.yearId,
            ws: term.ws,
            disciplineId: choice.disciplineId,
            teacherId: choice.teacherId,
            streamId: stream.id,
            credits: entry.credits,
          });
          for (const waiting of left) {
            await trail.record(trx, actor, {
              kind: 'waitlist',
              key: auditKeys.record('waitlist', waiting.id),
              studentId: waiting.studentId,
              before: { streamId: waiting.streamId, status: 'waiting' },
              after: { streamId: waiting.streamId, ...leaving },
            });
          }
          return id;
        });
        if (left.length > 0) await listsLeft(left);
        return saved;
      } catch (error) {
        if (isUniqueViolation(error)) throw refused({ code: 'duplicate' });
        throw error;
      }
    },

    /**
     * Attends the stream for its lesson type: joins it, or moves there from the lesson type's
     * current stream (a full stream is refused and the old seat kept). Returns false when the
     * registration already attends that stream.
     */
    async attend(
      actor: Actor,
      lng: Language,
      student: StudentPlace,
      registration: OwnRegistration,
      streamId: number,
      now: number,
    ): Promise<boolean> {
      let left: number | undefined;
      const changed = await inTransaction(async (reads, writes, _waitlist, trx) => {
        await writes.lockLoad(registration.studentId, registration);
        const { stream, offered } = await streamFor(reads, student, streamId);
        check(
          attendRefusal({
            registration,
            entry: await reads.planEntry(lng, student, registration, registration.disciplineId),
            window: await reads.window(student, registration),
            stream,
            offered,
            now,
          }),
        );
        if (!stream) throw unreachable('a stream');
        const members = await writes.members(registration.id);
        const current = members.find((m) => m.lessonTypeId === stream.lessonTypeId);
        if (current?.streamId === stream.id) return false;
        check(missingRefusal(await writes.registrationCredits(registration.id)));
        await takeSeat(reads, writes, stream.id);
        if (current) {
          await freeSeats(writes, [current.streamId]);
          await writes.moveMember(registration.id, stream, now);
          left = current.streamId;
        } else {
          await writes.addMember(registration, stream, now);
        }
        const lessonTypeId = stream.lessonTypeId;
        await audited(
          trx,
          actor,
          registration,
          { lessonTypeId, streamId: current?.streamId ?? null },
          { lessonTypeId, streamId: stream.id },
        );
        return true;
      });
      if (left !== undefined) await freed([left]);
      return changed;
    },

    /**
     * Leaves the streams of one lesson type (the registration keeps at least one), or, without
     * a lesson type, deletes the whole registration and gives its credits back. Both free the
     * seats they held and are accepted only inside the window.
     */
    async leave(
      actor: Actor,
      student: StudentPlace,
      registration: OwnRegistration,
      lessonTypeId: number | undefined,
      now: number,
    ): Promise<void> {
      const streams = await inTransaction(async (reads, writes, _waitlist, trx) => {
        await writes.lockLoad(registration.studentId, registration);
        check(windowRefusal(await reads.window(student, registration), false, now));
        const credits = await writes.registrationCredits(registration.id);
        check(missingRefusal(credits));
        const members = await writes.members(registration.id);
        const leaving =
          lessonTypeId === undefined
            ? members
            : members.filter((member) => member.lessonTypeId === lessonTypeId);
        if (lessonTypeId !== undefined) {
          check(
            leaveRefusal(
              members.map((m) => m.lessonTypeId),
              lessonTypeId,
            ),
          );
        }
        await writes.removeMembers(registration.id, lessonTypeId);
        await freeSeats(
          writes,
          leaving.map((member) => member.streamId),
        );
        if (lessonTypeId === undefined) {
          await writes.deleteRegistration(registration.id);
          await writes.addCredits(registration.studentId, registration, -(credits ?? 0));
        }
        const streamIds = leaving.map((member) => member.streamId);
        await audited(
          trx,
          actor,
          registration,
          {
            disciplineId: registration.disciplineId,
            lessonTypeId: lessonTypeId ?? null,
            streamIds,
          },
          lessonTypeId === undefined ? null : { lessonTypeId, streamIds: [] },
        );
        return streamIds;
      });
      await freed(streams);
    },
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
