import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { RegistrationEvent } from './events.js';
import { createRegistrarRepository } from './registrar-repository.js';
import type { Term } from './rules.js';

/**
 * The registrar's writes: holds and appointments, each announced once it is written (the
 * student's open page hears it), the ones that span rows in one transaction opened here.
 */
export function createRegistrarService(
  db: Kysely<Database>,
  publish: (event: RegistrationEvent) => void,
) {
  const registrar = createRegistrarRepository(db);
  const slotChanged = (term: Term, course: number) =>
    publish({ kind: 'slots', yearId: term.yearId, ws: term.ws, course, facultyId: null });
  return {
    /** Blocks the student's registration with a note. */
    async setHold(studentId: number, note: string, by: number, now: number): Promise<void> {
      await registrar.insertHold(studentId, note, by, now);
      publish({ kind: 'holds', studentId });
    },

    /** Lifts a hold; false when there was none with that id. */
    async liftHold(id: number): Promise<boolean> {
      const studentId = await registrar.deleteHold(id);
      if (studentId === undefined) return false;
      publish({ kind: 'holds', studentId });
      return true;
    },

    /** Sets the university-wide appointment of a year of study in a semester (replacing it). */
    async saveAppointment(term: Term, course: number, opensAt: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const inTrx = createRegistrarRepository(trx);
        await inTrx.removeAppointment(term, course);
        await inTrx.insertAppointment(term, course, opensAt);
      });
      slotChanged(term, course);
    },

    /** Removes a year of study's university-wide appointment; false when there was none. */
    async removeAppointment(term: Term, course: number): Promise<boolean> {
      if (!(await registrar.removeAppointment(term, course))) return false;
      slotChanged(term, course);
      return true;
    },
  };
}

export type RegistrarService = ReturnType<typeof createRegistrarService>;
