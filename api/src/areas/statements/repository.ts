import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Language, Mark, StatementState } from '@lms/shared/contract';
import type { StatementLineTable, StatementTable } from '../../db/statements-schema.js';
import type { Database } from '../../db/schema.js';
import { localized } from '../../lib/catalogue-names.js';

export type StatementRow = Selectable<StatementTable>;
export type StatementLineRow = Selectable<StatementLineTable>;

/** A statement with the names lists show. */
export type NamedStatementRow = StatementRow & {
  discipline: string;
  group_name: string;
  teacher_name: string;
  students: number;
};

/** A line with the student's name. */
export type NamedLineRow = StatementLineRow & { fio: string };

/**
 * The statement's SQL (rows as stored; what they become on the wire is wire.ts). Built once on
 * the app's handle (`app.repos.statements`), and on a service's transaction for its writes.
 */
/** The fields a new draft is made of (the rest starts empty). */
export type DraftFields = Omit<
  Insertable<StatementTable>,
  | 'state'
  | 'digest'
  | 'signature'
  | 'signed_at'
  | 'signed_by'
  | 'confirmed_at'
  | 'confirmed_by'
  | 'locked_at'
  | 'created_at'
  | 'updated_at'
>;

export function createStatementsRepository(db: Kysely<Database>) {
  const named = (lng: Language) =>
    db
      .selectFrom('statements as s')
      .innerJoin('disciplines as d', 'd.id', 's.discipline_id')
      .innerJoin('groups as g', 'g.id', 's.group_id')
      .innerJoin('teachers as t', 't.id', 's.teacher_id')
      .innerJoin('persons as tp', 'tp.id', 't.person_id')
      .selectAll('s')
      .select((eb) => [
        localized(lng, 'd.name').as('discipline'),
        localized(lng, 'g.name').as('group_name'),
        'tp.full_name as teacher_name',
        eb
          .selectFrom('statement_lines as l')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('l.statement_id', '=', 's.id')
          .as('students'),
      ]);

  const numbered = (row: NamedStatementRow) => ({ ...row, students: Number(row.students) });

  return {
    /** The statement as stored (the service's transaction reads it before a write). */
    find(id: number): Promise<StatementRow | undefined> {
      return db.selectFrom('statements').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** One statement with its names. */
    async named(lng: Language, id: number): Promise<NamedStatementRow | undefined> {
      const row = await named(lng).where('s.id', '=', id).executeTakeFirst();
      return row && numbered(row as NamedStatementRow);
    },

    /** Statements, the teacher's own or (no teacher) all of them; by deadline. */
    async list(lng: Language, teacherId: number | null): Promise<NamedStatementRow[]> {
      let query = named(lng);
      if (teacherId !== null) query = query.where('s.teacher_id', '=', teacherId);
      const rows = await query.orderBy('s.deadline').orderBy('s.id').execute();
      return rows.map((row) => numbered(row as NamedStatementRow));
    },

    /** The lines of a statement with the students' names, by name. */
    lines(statementId: number): Promise<NamedLineRow[]> {
      return db
        .selectFrom('statement_lines as l')
        .innerJoin('students as st', 'st.id', 'l.student_id')
        .innerJoin('persons as p', 'p.id', 'st.person_id')
        .selectAll('l')
        .select('p.full_name as fio')
        .where('l.statement_id', '=', statementId)
        .orderBy('p.full_name')
        .orderBy('l.student_id')
        .execute();
    },

    /** A student's lines with their statements' names, newest semester first. */
    async linesOf(lng: Language, studentId: number) {
      const rows = await named(lng)
        .innerJoin('statement_lines as own', 'own.statement_id', 's.id')
        .innerJoin('students as st', 'st.id', 'own.student_id')
        .innerJoin('persons as p', 'p.id', 'st.person_id')
        .select([
          'own.student_id as line_student_id',
          'own.exam as line_exam',
          'own.current as line_current',
          'own.attendance as line_attendance',
          'own.admitted as line_admitted',
          'own.reason as line_reason',
          'own.final as line_final',
          'p.full_name as fio',
        ])
        .where('own.student_id', '=', studentId)
        .orderBy('s.year_id', 'desc')
        .orderBy('s.ws_id', 'desc')
        .orderBy('s.id')
        .execute();
      return rows;
    },

    /** The journal cells of the group's students for a discipline in a semester. */
    marks(teaching: { disciplineId: number; groupId: number; yearId: number; ws: number }) {
      return db
        .selectFrom('journal_marks as m')
        .innerJoin('journal_lessons as jl', 'jl.id', 'm.lesson_id')
        .select(['m.student_id', 'm.otsenka'])
        .where('jl.discipline_id', '=', teaching.disciplineId)
        .where('jl.group_id', '=', teaching.groupId)
        .where('jl.year_id', '=', teaching.yearId)
        .where('jl.ws_id', '=', teaching.ws)
        .execute() as Promise<{ student_id: number; otsenka: Mark }[]>;
    },

    /**
     * The rating's cohort: the students of the student's faculty (with their group and year of
     * admission) and the grades of their record. Undefined for an unknown student.
     */
    async cohortOf(studentId: number) {
      const own = await db
        .selectFrom('students as st')
        .innerJoin('groups as g', 'g.id', 'st.group_id')
        .innerJoin('specialities as sp', 'sp.id', 'g.speciality_id')
        .select(['st.group_id', 'g.admission_year', 'sp.faculty_id'])
        .where('st.id', '=', studentId)
        .executeTakeFirst();
      if (!own) return undefined;
      const faculty = db
        .selectFrom('students as st')
        .innerJoin('groups as g', 'g.id', 'st.group_id')
        .innerJoin('specialities as sp', 'sp.id', 'g.speciality_id')
        .where('sp.faculty_id', '=', own.faculty_id);
      const students = await faculty.select(['st.id', 'st.group_id', 'g.admission_year']).execute();
      const grades = await faculty
        .innerJoin('transcript_grades as tg', 'tg.student_id', 'st.id')
        .select(['tg.student_id as studentId', 'tg.credits', 'tg.score'])
        .execute();
      return { own, students, grades };
    },

    /** The students of a group (a new statement lists them). */
    groupStudents(groupId: number) {
      return db
        .selectFrom('students')
        .select('id')
        .where('group_id', '=', groupId)
        .orderBy('id')
        .execute();
    },

    /** A new draft: what the statement is of; nothing signed, confirmed or locked yet. */
    async insertDraft(row: DraftFields, now: number): Promise<number> {
      const inserted = await db
        .insertInto('statements')
        .values({
          ...row,
          state: 'draft',
          digest: null,
          signature: null,
          signed_at: null,
          signed_by: null,
          confirmed_at: null,
          confirmed_by: null,
          locked_at: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return inserted.id;
    },

    async insertLines(rows: Insertable<StatementLineTable>[]): Promise<void> {
      if (rows.length > 0) await db.insertInto('statement_lines').values(rows).execute();
    },

    async setExam(statementId: number, studentId: number, exam: number | null): Promise<void> {
      await db
        .updateTable('statement_lines')
        .set({ exam })
        .where('statement_id', '=', statementId)
        .where('student_id', '=', studentId)
        .execute();
    },

    /** Freezes a line's computed figures (at signing). */
    async freezeLine(
      statementId: number,
      studentId: number,
      line: Pick<StatementLineRow, 'current' | 'attendance' | 'admitted' | 'reason' | 'final'>,
    ): Promise<void> {
      await db
        .updateTable('statement_lines')
        .set(line)
        .where('statement_id', '=', statementId)
        .where('student_id', '=', studentId)
        .execute();
    },

    /**
     * Moves the statement from one state to the next with the given fields, only if it is still
     * in `from` (a guarded update): answers whether this call moved it. Of two registrars
     * confirming at once, one moves it; the other's update finds it confirmed.
     */
    async move(
      id: number,
      from: string,
      fields: Partial<Omit<StatementRow, 'id'>>,
    ): Promise<boolean> {
      const result = await db
        .updateTable('statements')
        .set(fields)
        .where('id', '=', id)
        .where('state', '=', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * A passkey signed (the QR check-in's table): its counter only moves forward, and its last
     * use is noted.
     */
    async passkeyUsed(id: number, counter: number, now: number): Promise<void> {
      await db.updateTable('qr_passkeys').set({ last_used_at: now }).where('id', '=', id).execute();
      await db
        .updateTable('qr_passkeys')
        .set({ counter })
        .where('id', '=', id)
        .where('counter', '<', counter)
        .execute();
    },

    /** Touches a draft (a save), only while it is a draft. */
    async touchDraft(id: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('statements')
        .set({ updated_at: now })
        .where('id', '=', id)
        .where('state', '=', 'draft')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The retake sheets of an original statement, oldest first. */
    async retakesOf(originalId: number) {
      const rows = await db
        .selectFrom('statements')
        .select(['id', 'retake_student_id', 'state'])
        .where('retake_of', '=', originalId)
        .orderBy('id')
        .execute();
      return rows.map((r) => ({
        id: r.id,
        studentId: Number(r.retake_student_id),
        state: r.state as StatementState,
      }));
    },

    /** These students' lines on an original statement and its retake sheets, oldest first. */
    async history(originalId: number, studentIds: readonly number[]) {
      if (studentIds.length === 0) return [];
      return db
        .selectFrom('statements as s')
        .innerJoin('statement_lines as l', 'l.statement_id', 's.id')
        .innerJoin('students as st', 'st.id', 'l.student_id')
        .innerJoin('persons as p', 'p.id', 'st.person_id')
        .select([
          's.id',
          's.retake_of',
          's.state',
          's.confirmed_at',
          'l.student_id',
          'l.final',
          'p.full_name as fio',
        ])
        .where((eb) => eb.or([eb('s.id', '=', originalId), eb('s.retake_of', '=', originalId)]))
        .where('l.student_id', 'in', [...studentIds])
        .orderBy('p.full_name')
        .orderBy('l.student_id')
        .orderBy('s.id')
        .execute();
    },

    /**
     * A confirmed retake sheet's grade replaces the student's one row of the record for that
     * discipline and semester (written when the original was confirmed; added if it is not there).
     */
    async replaceGrade(row: Insertable<Database['transcript_grades']>): Promise<void> {
      const result = await db
        .updateTable('transcript_grades')
        .set({ score: row.score, statement_id: row.statement_id, credits: row.credits })
        .where('student_id', '=', row.student_id)
        .where('discipline_id', '=', row.discipline_id)
        .where('year_id', '=', row.year_id)
        .where('ws_id', '=', row.ws_id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) {
        await db.insertInto('transcript_grades').values(row).execute();
      }
    },

    /** The final grades of a confirmed statement into the record the transcript reads. */
    async writeRecord(rows: Insertable<Database['transcript_grades']>[]): Promise<void> {
      if (rows.length > 0) await db.insertInto('transcript_grades').values(rows).execute();
    },
  };
}

export type StatementsRepository = ReturnType<typeof createStatementsRepository>;
