import type { Kysely } from 'kysely';
import type { Actor } from '../../access/index.js';
import type { Database } from '../../db/schema.js';
import { auditKeys, type AuditTrail } from '../audit/index.js';
import type { RegistrationEvent } from './events.js';
import { createRegistrarRepository } from './registrar-repository.js';
import type { Term } from './rules.js';

/**
 * The registrar's writes: holds and appointments, each with its audit row in one transaction,
 * announced once it is written (the student's open page hears it).
 */
export function createRegistrarService(
  db: Kysely<Database>,
  publish: (event: RegistrationEvent) => void,
  trail: AuditTrail,
) {
  const slotChanged = (term: Term, course: number) =>
    publish({ kind: 'slots', yearId: term.yearId, ws: term.ws, course, facultyId: null });
  const appointmentKey = (term: Term, course: number) =>
    auditKeys.record('appointment', `${term.yearId}/${term.ws}/${course}`);
  return {
    /** Blocks the student's registration with a note. */
    async setHold(actor: Actor, studentId: number, note: string, by: number, now: number) {
      await db.transaction().execute(async (trx) => {
        const id = await createRegistrarRepository(trx).insertHold(studentId, note, by, now);
        await trail.record(trx, actor, {
          kind: 'hold',
          key: auditKeys.record('hold', id),
          studentId,
          before: null,
          after: { note },
        });
      });
      publish({ kind: 'holds', studentId });
    },

    /** Lifts a hold; false when there was none with that id. */
    async liftHold(actor: Actor, id: number): Promise<boolean> {
      const lifted = await db.transaction().execute(async (trx) => {
        const hold = await createRegistrarRepository(trx).deleteHold(id);
        if (hold === undefined) return undefined;
        await trail.record(trx, actor, {
          kind: 'hold',
          key: auditKeys.record('hold', id),
          studentId: hold.student_id,
          before: { note: hold.note },
          after: null,
        });
        return hold;
      });
      if (lifted === undefined) return false;
      publish({ kind: 'holds', studentId: lifted.student_id });
      return true;
    },

    /** Sets the university-wide appointment of a year of study in a semester (replacing it). */
    async saveAppointment(actor: Actor, term: Term, course: number, opensAt: number) {
      await db.transaction().execute(async (trx) => {
        const inTrx = createRegistrarRepository(trx);
        const before = await inTrx.removeAppointment(term, course);
        await inTrx.insertAppointment(term, course, opensAt);
        await trail.record(trx, actor, {
          kind: 'appointment',
          key: appointmentKey(term, course),
          before: before === undefined ? null : { opensAt: before },
          after: { opensAt },
        });
      });
      slotChanged(term, course);
    },

    /** Removes a year of study's university-wide appointment; false when there was none. */
    async removeAppointment(actor: Actor, term: Term, course: number): Promise<boolean> {
      const removed = await db.transaction().execute(async (trx) => {
        const before = await createRegistrarRepository(trx).removeAppointment(term, course);
        if (before === undefined) return false;
        await trail.record(trx, actor, {
          kind: 'appointment',
          key: appointmentKey(term, course),
          before: { opensAt: before },
          after: null,
        });
        return true;
      });
      if (removed) slotChanged(term, course);
      return removed;
    },
  };
}

export type RegistrarService = ReturnType<typeof createRegistrarService>;
