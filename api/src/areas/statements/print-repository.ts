import type { Kysely } from 'kysely';
import type { Language } from '@lms/shared/contract';
import type { Database } from '../../db/schema.js';
import { localized } from '../../lib/catalogue-names.js';

/** Whose name a user's id stands for (a teacher's person; the registrar is a teacher too). */
const nameOfUser = (db: Kysely<Database>, uid: number | null) =>
  uid === null
    ? Promise.resolve(null)
    : db
        .selectFrom('users as u')
        .innerJoin('teachers as t', 't.id', 'u.teacher_id')
        .innerJoin('persons as p', 'p.id', 't.person_id')
        .select('p.full_name')
        .where('u.id', '=', uid)
        .executeTakeFirst()
        .then((row) => row?.full_name ?? null);

/** What the printed statement names besides its lines, in the reader's language. */
export interface PrintedFacts {
  faculty: string;
  speciality: string;
  year: string;
  semester: string;
  signer: string | null;
  confirmer: string | null;
}

/**
 * The statement's print and its documents' SQL: the catalogue names the paper form carries, and
 * the statements a teacher signed.
 */
export function createStatementPrintRepository(db: Kysely<Database>) {
  /** A statement as its lists and public page name it: discipline, group, form, state, dates. */
  const summaries = (lng: Language) =>
    db
      .selectFrom('statements as s')
      .innerJoin('disciplines as d', 'd.id', 's.discipline_id')
      .innerJoin('groups as g', 'g.id', 's.group_id')
      .select([
        's.id',
        's.year_id',
        's.ws_id',
        's.control_form',
        's.state',
        's.signed_at',
        's.confirmed_at',
        's.locked_at',
        's.retake_of',
        's.retake_student_id',
        localized(lng, 'd.name').as('discipline'),
        localized(lng, 'g.name').as('group_name'),
      ]);

  return {
    /** The faculty, speciality, year and semester names, and who signed and confirmed. */
    async facts(
      lng: Language,
      statement: { id: number; signed_by: number | null; confirmed_by: number | null },
    ): Promise<PrintedFacts | undefined> {
      const row = await db
        .selectFrom('statements as s')
        .innerJoin('groups as g', 'g.id', 's.group_id')
        .innerJoin('specialities as sp', 'sp.id', 'g.speciality_id')
        .innerJoin('faculties as f', 'f.id', 'sp.faculty_id')
        .leftJoin('academic_years as y', 'y.id', 's.year_id')
        .leftJoin('ws as w', 'w.id', 's.ws_id')
        .select([
          localized(lng, 'f.name').as('faculty'),
          localized(lng, 'sp.name').as('speciality'),
          'y.name as year',
          localized(lng, 'w.name').as('semester'),
        ])
        .where('s.id', '=', statement.id)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        faculty: row.faculty,
        speciality: row.speciality,
        year: row.year ?? '',
        semester: row.semester ?? '',
        signer: await nameOfUser(db, statement.signed_by),
        confirmer: await nameOfUser(db, statement.confirmed_by),
      };
    },

    /** The statements a teacher signed (every state after the draft), newest signature first. */
    signedBy(lng: Language, teacherId: number) {
      return summaries(lng)
        .where('s.teacher_id', '=', teacherId)
        .where('s.state', '!=', 'draft')
        .where('s.signed_at', 'is not', null)
        .orderBy('s.signed_at', 'desc')
        .orderBy('s.id', 'desc')
        .execute();
    },

    /** The statement's state as its public page shows it (no one's grades). */
    publicFacts(lng: Language, id: number) {
      return summaries(lng)
        .select(['s.digest', 's.sign_credential'])
        .where('s.id', '=', id)
        .executeTakeFirst();
    },
  };
}

export type StatementPrintRepository = ReturnType<typeof createStatementPrintRepository>;
