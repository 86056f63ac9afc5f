import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { studentsWithPlace } from '../../db/students.js';
import { localized, type Language } from '../../lib/catalogue-names.js';
import type { Term } from './rules.js';

/**
 * The registrar's side of registration (SQL only): the holds they set and lift, the
 * appointments of each year of study, and the students they search for.
 */
export function createRegistrarRepository(db: Kysely<Database>) {
  return {
    /** The registrar's holds (of one student, or all), newest first. */
    async holdList(studentId?: number) {
      let query = db
        .selectFrom('registration_holds as h')
        .innerJoin('students as s', 's.id', 'h.student_id')
        .innerJoin('persons as p', 'p.id', 's.person_id')
        .select(['h.id', 'h.student_id', 'p.full_name', 'h.note', 'h.created_at'])
        .orderBy('h.id', 'desc');
      if (studentId !== undefined) query = query.where('h.student_id', '=', studentId);
      return query.execute();
    },

    async insertHold(studentId: number, note: string, by: number, now: number): Promise<number> {
      const row = await db
        .insertInto('registration_holds')
        .values({ student_id: studentId, note, set_by: by, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Lifts a hold; the student it held (undefined when there was none with that id). */
    async deleteHold(id: number): Promise<{ student_id: number; note: string } | undefined> {
      return db
        .deleteFrom('registration_holds')
        .where('id', '=', id)
        .returning(['student_id', 'note'])
        .executeTakeFirst();
    },

    /** Adds the university-wide appointment of a year of study (removed first: `saveAppointment`). */
    async insertAppointment(term: Term, course: number, opensAt: number): Promise<void> {
      await db
        .insertInto('registration_appointments')
        .values({
          year_id: term.yearId,
          ws_id: term.ws,
          faculty_id: null,
          course,
          opens_at: opensAt,
        })
        .execute();
    },

    /** The semester's university-wide appointments by year of study. */
    async appointmentList(term: Term): Promise<{ course: number; opens_at: number }[]> {
      return db
        .selectFrom('registration_appointments')
        .select(['course', 'opens_at'])
        .where('year_id', '=', term.yearId)
        .where('ws_id', '=', term.ws)
        .where('faculty_id', 'is', null)
        .orderBy('course', 'desc')
        .execute();
    },

    /** Removes a year of study's university-wide appointment; false when there was none. */
    /** Removes a year of study's appointment; answers when it opened (undefined: none). */
    async removeAppointment(term: Term, course: number): Promise<number | undefined> {
      const row = await db
        .deleteFrom('registration_appointments')
        .where('year_id', '=', term.yearId)
        .where('ws_id', '=', term.ws)
        .where('course', '=', course)
        .where('faculty_id', 'is', null)
        .returning('opens_at')
        .executeTakeFirst();
      return row && Number(row.opens_at);
    },

    /**
     * Every student with their full name, group and faculty in `lng`, for the registrar's search
     * (search-rules.ts folds the case of any alphabet, which neither database's LIKE does alike).
     */
    async studentDirectory(lng: Language) {
      return studentsWithPlace(db)
        .select([
          's.id',
          'p.full_name as fullName',
          localized(lng, 'g.name').as('group'),
          localized(lng, 'f.name').as('faculty'),
          // The group is found by its name in any language (a group is named apart in English).
          'g.name as groupRu',
          'g.name_kg as groupKg',
          'g.name_en as groupEn',
        ])
        .execute();
    },

    async studentExists(studentId: number): Promise<boolean> {
      const row = await db
        .selectFrom('students')
        .select('id')
        .where('id', '=', studentId)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type RegistrarRepository = ReturnType<typeof createRegistrarRepository>;
