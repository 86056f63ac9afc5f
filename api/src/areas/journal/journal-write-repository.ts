import type { LessonKey, Mark } from '@lms/shared/contract';
import { sql, type Kysely } from 'kysely';
import type { Actor } from '../../access/index.js';
import { preparedOn } from '../../db/prepared.js';
import type { Database } from '../../db/schema.js';
import type { AuditTrail } from '../audit/index.js';
import { recordCell, type CellValue } from './journal-audit.js';
import type { Db } from './journal-grid-repository.js';
import { MARKS_A_CHECK_IN_REPLACES, sourceAfterHandMark } from './journal-rules.js';

/** What a journal cell holds now, told to a writer whose version was stale. */
export interface CellState {
  otsenka: Mark;
  /** 0: the cell has no row (the student is not on the lesson's list). */
  version: number;
  /** Full name of the last writer. */
  by: string | null;
  at: number | null;
}

/** One cell of a lesson's list. */
export interface CellKey {
  lessonId: number;
  studentId: number;
}

/**
 * The journal's writes, each one statement on `k` (the database or the service's transaction):
 * lessons, their lists and cells, topics.
 */
/** `clock`: the university's clock (the schedule's), the time a written cell or topic gets. */
export function createJournalWrites(
  db: Kysely<Database>,
  trail: AuditTrail,
  clock: () => number = Date.now,
) {
  /** The lesson a teacher gives in one slot (date and lesson order) of a journal. */
  const slotOf = (teacherId: number, key: LessonKey, k: Db = db) =>
    k
      .selectFrom('journal_lessons')
      .select('id')
      .where('teacher_id', '=', teacherId)
      .where('discipline_id', '=', key.id_discipline)
      .where('group_id', '=', key.id_group)
      .where('subgroup_key', '=', key.id_subgroup ?? 0)
      .where('lesson_type_id', '=', key.id_vid_zaniatiy)
      .where('lesson_date', '=', key.date)
      .where('time_id', '=', key.id_time);

  /** How a cell write finds the cell: any (replaced), none yet (0), or at a version. */
  type Basis = 'any' | 'none' | 'version';
  /**
   * The statement of a cell write on `basis`, built and compiled once per basis and per kind of
   * source: `keepsQr` when the mark keeps a QR check-in's source (a SQL case on the row found),
   * else the update's source is the `updateSource` argument.
   */
  const markWrite = (basis: Basis, keepsQr: boolean) =>
    preparedOn(
      db,
      (
        lessonId: number,
        studentId: number,
        otsenka: Mark,
        now: number,
        by: number,
        insertSource: string,
        updateSource: string,
        basedOn: number,
      ) => {
        const values = { otsenka, updated_at: now, updated_by: by };
        const source = keepsQr
          ? sql<string>`case when journal_marks.source = 'qr' then 'qr' else 'manual' end`
          : updateSource;
        const update = { ...values, source };
        const insert = () =>
          db.insertInto('journal_marks').values({
            lesson_id: lessonId,
            student_id: studentId,
            ...values,
            source: insertSource,
            version: 1,
          });
        if (basis === 'any') {
          return insert()
            .onConflict((oc) =>
              oc
                .columns(['lesson_id', 'student_id'])
                .doUpdateSet((eb) => ({ ...update, version: eb('journal_marks.version', '+', 1) })),
            )
            .returning(['version', 'source']);
        }
        if (basis === 'none') {
          return insert()
            .onConflict((oc) => oc.columns(['lesson_id', 'student_id']).doNothing())
            .returning(['version', 'source']);
        }
        return db
          .updateTable('journal_marks')
          .set((eb) => ({ ...update, version: eb('version', '+', 1) }))
          .where('lesson_id', '=', lessonId)
          .where('student_id', '=', studentId)
          .where('version', '=', basedOn)
          .returning(['version', 'source']);
      },
      8,
    );
  /** Each write's statement (compiled on its first use), by basis and by whether it keeps a QR source. */
  const markWrites: Record<Basis, Record<'keepsQr' | 'manual', ReturnType<typeof markWrite>>> = {
    any: { keepsQr: markWrite('any', true), manual: markWrite('any', false) },
    none: { keepsQr: markWrite('none', true), manual: markWrite('none', false) },
    version: { keepsQr: markWrite('version', true), manual: markWrite('version', false) },
  };

  /**
   * Writes one cell and answers its new version, or undefined when the cell is not at `basedOn`
   * (0: no cell yet) and nothing was written. Without `basedOn` the cell is replaced.
   *
   * The service decides with `cellVersionRefusal` (journal-rules.ts) on the cell it read; the
   * statement repeats that rule as its guard (`doNothing` for 0, `version = basedOn`) because on
   * PostgreSQL another teacher's write may commit between that read and this write.
   *
   * The cell's source follows `sourceAfterHandMark` on the row as the statement finds it: a new
   * cell is 'manual'; an existing one keeps 'qr' when the rule keeps a check-in for this mark.
   */
  const writeMark = async (
    k: Db,
    cell: CellKey & { otsenka: Mark },
    by: number,
    now: number,
    basedOn: number | undefined,
  ): Promise<(CellValue & { version: number }) | undefined> => {
    const basis: Basis = basedOn === undefined ? 'any' : basedOn === 0 ? 'none' : 'version';
    const updateSource = sourceAfterHandMark('qr', cell.otsenka);
    const statement = markWrites[basis][updateSource === 'qr' ? 'keepsQr' : 'manual'];
    const [written] = await statement(
      k,
      cell.lessonId,
      cell.studentId,
      cell.otsenka,
      now,
      by,
      sourceAfterHandMark(undefined, cell.otsenka),
      updateSource,
      basedOn ?? 0,
    );
    return (
      written && { otsenka: cell.otsenka, source: written.source, version: Number(written.version) }
    );
  };

  const markRow = preparedOn(
    db,
    (lessonId: number, studentId: number) =>
      db
        .selectFrom('journal_marks')
        .select(['otsenka', 'source', 'version'])
        .where('lesson_id', '=', lessonId)
        .where('student_id', '=', studentId),
    2,
  );
  /** A cell as the trail records it and a version check reads it; undefined: no cell. */
  const markOf = async (
    k: Db,
    cell: CellKey,
  ): Promise<(CellValue & { version: number }) | undefined> => {
    const [row] = await markRow(k, cell.lessonId, cell.studentId);
    return row && { ...row, version: Number(row.version) };
  };

  return {
    /** The teacher's lesson in that slot, if it exists. */
    async lessonIdAt(teacherId: number, key: LessonKey, k: Db = db): Promise<number | undefined> {
      return (await slotOf(teacherId, key, k).executeTakeFirst())?.id;
    },

    /** A cell as it is now, with the full name of its last writer (a teacher or a student). */
    async cellState(k: Db, cell: CellKey): Promise<CellState> {
      const row = await k
        .selectFrom('journal_marks as m')
        .leftJoin('users as u', 'u.id', 'm.updated_by')
        .leftJoin('teachers as t', 't.id', 'u.teacher_id')
        .leftJoin('students as s', 's.id', 'u.student_id')
        .leftJoin('persons as p', (join) =>
          join.on((eb) => eb('p.id', '=', eb.fn.coalesce('t.person_id', 's.person_id'))),
        )
        .select(['m.otsenka', 'm.version', 'm.updated_at', 'p.full_name'])
        .where('m.lesson_id', '=', cell.lessonId)
        .where('m.student_id', '=', cell.studentId)
        .executeTakeFirst();
      if (!row) return { otsenka: null, version: 0, by: null, at: null };
      return {
        otsenka: row.otsenka,
        version: Number(row.version),
        by: row.full_name,
        at: Number(row.updated_at),
      };
    },

    writeMark,

    /**
     * One cell replaced whatever it holds (the student goes on the list), with its audit row, in
     * one transaction; answers its new version.
     */
    async setMark(actor: Actor, lessonId: number, studentId: number, otsenka: Mark, by: number) {
      const cell = { lessonId, studentId };
      return db.transaction().execute(async (trx) => {
        await trail.hold(trx);
        const before = await markOf(trx, cell);
        const now = clock();
        const after = await writeMark(trx, { ...cell, otsenka }, by, now, undefined);
        await recordCell(trail, trx, actor, cell, before, after, now);
        return Number(after?.version);
      });
    },

    /**
     * Creates the teacher's lesson in that slot when missing (in `k`, a transaction) and answers
     * its id; an existing lesson keeps its form of education, topic and module.
     */
    async ensureLesson(k: Db, teacherId: number, key: LessonKey, now: number): Promise<number> {
      await k
        .insertInto('journal_lessons')
        .values({
          teacher_id: teacherId,
          discipline_id: key.id_discipline,
          group_id: key.id_group,
          subgroup_id: key.id_subgroup ?? null,
          subgroup_key: key.id_subgroup ?? 0,
          lesson_type_id: key.id_vid_zaniatiy,
          education_form_id: key.id_f_educ,
          year_id: key.year,
          ws_id: key.ws,
          time_id: key.id_time,
          lesson_date: key.date,
          tema: '',
          module_id: null,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) =>
          oc
            .columns([
              'teacher_id',
              'discipline_id',
              'group_id',
              'subgroup_key',
              'lesson_type_id',
              'lesson_date',
              'time_id',
            ])
            .doNothing(),
        )
        .execute();
      const row = await slotOf(teacherId, key, k).executeTakeFirstOrThrow();
      return row.id;
    },

    /**
     * The cell of a student on a lesson's list, as a check-in's rule reads it (journal-rules
     * `checkInCell`) and the trail records it; undefined when they are not on the list.
     */
    markOf,

    /**
     * A student's QR check-in made their cell "present" (source qr), on the check-in's
     * transaction; called when `checkInCell` answered 'present'. The update's guard is that rule
     * again (`MARKS_A_CHECK_IN_REPLACES`): on PostgreSQL a teacher's grade may commit between the
     * rule's read and this write, and the guard, checked on the row as it is then, keeps it.
     * The cell's version moves like a teacher's write's, so a screen that read the cell before
     * the check-in cannot write over it unasked (`cellVersionRefusal`).
     */
    async writeCheckIn(k: Db, cell: CellKey, by: number, now: number): Promise<CellValue> {
      const present = { otsenka: null, updated_at: now, updated_by: by, source: 'qr' };
      await k
        .insertInto('journal_marks')
        .values({ lesson_id: cell.lessonId, student_id: cell.studentId, ...present, version: 1 })
        .onConflict((oc) =>
          oc
            .columns(['lesson_id', 'student_id'])
            .doUpdateSet((eb) => ({ ...present, version: eb('journal_marks.version', '+', 1) }))
            .where((eb) =>
              eb.or(
                MARKS_A_CHECK_IN_REPLACES.map((mark) =>
                  mark === null
                    ? eb('journal_marks.otsenka', 'is', null)
                    : eb('journal_marks.otsenka', '=', mark),
                ),
              ),
            ),
        )
        .execute();
      return { otsenka: null, source: 'qr' };
    },

    /**
     * Puts the students on a lesson's list with no mark; those already on it keep theirs.
     * Answers the cells written (the students who were not on the list), for the trail.
     */
    async listStudents(
      k: Db,
      lessonId: number,
      studentIds: number[],
      by: number,
      now: number,
    ): Promise<(CellKey & CellValue)[]> {
      if (studentIds.length === 0) return [];
      const written = await k
        .insertInto('journal_marks')
        .values(
          studentIds.map((studentId) => ({
            lesson_id: lessonId,
            student_id: studentId,
            otsenka: null,
            updated_at: now,
            updated_by: by,
            source: 'insert-all',
          })),
        )
        .onConflict((oc) => oc.columns(['lesson_id', 'student_id']).doNothing())
        .returning(['student_id', 'otsenka', 'source'])
        .execute();
      return written.map((row) => ({
        lessonId,
        studentId: row.student_id,
        otsenka: row.otsenka,
        source: row.source,
      }));
    },

    /** Takes a student off a lesson's list (on `k`); answers the cell they had, if any. */
    async removeFromList(k: Db, cell: CellKey): Promise<CellValue | undefined> {
      const removed = await k
        .deleteFrom('journal_marks')
        .where('lesson_id', '=', cell.lessonId)
        .where('student_id', '=', cell.studentId)
        .returning(['otsenka', 'source'])
        .executeTakeFirst();
      return removed;
    },

    /** Deletes a lesson's marks (before the lesson, in the same transaction); answers them. */
    async deleteMarksOf(k: Db, lessonId: number): Promise<(CellKey & CellValue)[]> {
      const removed = await k
        .deleteFrom('journal_marks')
        .where('lesson_id', '=', lessonId)
        .returning(['student_id', 'otsenka', 'source'])
        .execute();
      return removed
        .map((row) => ({
          lessonId,
          studentId: row.student_id,
          otsenka: row.otsenka,
          source: row.source,
        }))
        .sort((a, b) => a.studentId - b.studentId);
    },

    /** Deletes a lesson row; answers how many were deleted. */
    async deleteLessonRow(k: Db, lessonId: number): Promise<number> {
      const result = await k
        .deleteFrom('journal_lessons')
        .where('id', '=', lessonId)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** A lesson's topic and module, as the trail records them; undefined: no such lesson. */
    async topicOf(k: Db, lessonId: number) {
      return k
        .selectFrom('journal_lessons')
        .select(['tema', 'module_id'])
        .where('id', '=', lessonId)
        .executeTakeFirst();
    },

    async saveTopic(k: Db, lessonId: number, tema: string, moduleId: number | null): Promise<void> {
      await k
        .updateTable('journal_lessons')
        .set({ tema, module_id: moduleId, updated_at: clock() })
        .where('id', '=', lessonId)
        .execute();
    },
  };
}
