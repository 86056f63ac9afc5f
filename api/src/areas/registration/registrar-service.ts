import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { createRegistrarRepository } from './registrar-repository.js';
import type { Term } from './rules.js';

/** The registrar's writes that span rows: each one transaction, opened here. */
export function createRegistrarService(db: Kysely<Database>) {
  return {
    /** Sets the university-wide appointment of a year of study in a semester (replacing it). */
    async saveAppointment(term: Term, course: number, opensAt: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const registrar = createRegistrarRepository(trx);
        await registrar.removeAppointment(term, course);
        await registrar.insertAppointment(term, course, opensAt);
      });
    },
  };
}

export type RegistrarService = ReturnType<typeof createRegistrarService>;
