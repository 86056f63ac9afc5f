import type { LessonKey, Mark } from '@lms/shared/contract';
import type { Kysely } from 'kysely';
import type { Actor } from '../../access/index.js';
import type { Database } from '../../db/schema.js';
import { auditKeys, type AuditTrail } from '../audit/index.js';
import type { JournalMarkEvent } from './events.js';
import { recordCell } from './journal-audit.js';
import { cellVersionRefusal } from './journal-rules.js';
import type { CellKey, CellState } from './journal-write-repository.js';
import type { JournalRepository } from './repository.js';

/** A cell write based on a version the cell no longer has; nothing was written. */
export class CellConflictError extends Error {
  constructor(readonly current: CellState) {
    super('The journal cell has changed since the version the write was based on');
    this.name = 'CellConflictError';
  }
}

/**
 * The attendance journal's multi-step writes, each in ONE transaction: a lesson created when
 * missing with its list or a cell, a cell written on the version its writer saw, a lesson deleted
 * with its marks. The routes check who may write before calling. A mark or an absence written is
 * announced (`announce`: the journal's bus) after its transaction commits. A changed cell or
 * topic writes its audit row (`trail`) in the same transaction, by the route's `actor`.
 */
export function createJournalService(
  db: Kysely<Database>,
  journal: JournalRepository,
  announce: (event: JournalMarkEvent) => void,
  trail: AuditTrail,
  /** The university's clock (the schedule's): the time a written cell gets. */
  clock: () => number = Date.now,
) {
  /** A written mark or absence, for the student's notifications (a cell set present is not). */
  const announceMark = (studentId: number, lessonId: number, mark: Mark) => {
    if (mark !== null) announce({ kind: 'mark', studentId, lessonId, mark });
  };

  /**
   * Writes one cell in `k` and answers its new version; a write based on a version the cell no
   * longer has (journal-rules.cellVersionRefusal) writes nothing and throws CellConflictError.
   * The audit trail's lock is taken before the cell is read, so the row's old value is the one
   * the write replaced.
   */
  const writeCell = async (
    k: Kysely<Database>,
    cell: CellKey & { otsenka: Mark },
    actor: Actor,
    by: number,
    now: number,
    basedOn: number | undefined,
  ): Promise<number> => {
    await trail.hold(k);
    const before = await journal.markOf(k, cell);
    if (basedOn !== undefined && cellVersionRefusal(basedOn, before?.version ?? 0)) {
      throw new CellConflictError(await journal.cellState(k, cell));
    }
    const after = await journal.writeMark(k, cell, by, now, basedOn);
    // Another writer got in between the read and the write (the write is conditional).
    if (after === undefined) throw new CellConflictError(await journal.cellState(k, cell));
    await recordCell(trail, k, actor, cell, before, after, now);
    return after.version;
  };

  return {
    /**
     * studentvisitinsertall: the lesson (created when missing) with every student of the journal
     * on its list; students already on it keep their marks. Each student put on the list writes
     * the audit row of their new cell, in the same transaction. Answers the lesson's id.
     */
    async insertAll(actor: Actor, teacherId: number, key: LessonKey, by: number): Promise<number> {
      const now = clock();
      // Asked outside the transaction (SQLite has one connection).
      const members = await journal.memberIds(key);
      return db.transaction().execute(async (trx) => {
        await trail.hold(trx);
        const lessonId = await journal.ensureLesson(trx, teacherId, key, now);
        const students = await journal.roster(trx, key, members);
        const listed = await journal.listStudents(
          trx,
          lessonId,
          students.map((s) => s.id_student),
          by,
          now,
        );
        for (const cell of listed) await recordCell(trail, trx, actor, cell, undefined, cell, now);
        return lessonId;
      });
    },

    /**
     * deletestudentfromlist: a student taken off a lesson's list, their cell's audit row (its
     * value before, none after) in the same transaction. Answers whether they were on it.
     */
    async removeFromList(actor: Actor, cell: CellKey): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await trail.hold(trx);
        const removed = await journal.removeFromList(trx, cell);
        if (removed) await recordCell(trail, trx, actor, cell, removed, undefined, clock());
        return removed !== undefined;
      });
    },

    /**
     * One cell of an existing lesson (the student goes on its list when not on it); answers its
     * new version. With `basedOn`, refused (CellConflictError) when the cell has moved from it.
     */
    async setMark(
      actor: Actor,
      cell: CellKey & { otsenka: Mark },
      by: number,
      basedOn?: number,
    ): Promise<number> {
      const version = await db
        .transaction()
        .execute((trx) => writeCell(trx, cell, actor, by, clock(), basedOn));
      announceMark(cell.studentId, cell.lessonId, cell.otsenka);
      return version;
    },

    /**
     * studentvisitupdate2: one cell by lesson key, the lesson created when missing; a refused
     * write (CellConflictError) creates no lesson either.
     */
    async setMarkAt(
      actor: Actor,
      teacherId: number,
      key: LessonKey,
      cell: { studentId: number; otsenka: Mark },
      by: number,
      basedOn?: number,
    ): Promise<{ lessonId: number; version: number }> {
      const now = clock();
      const saved = await db.transaction().execute(async (trx) => {
        const lessonId = await journal.ensureLesson(trx, teacherId, key, now);
        const version = await writeCell(trx, { lessonId, ...cell }, actor, by, now, basedOn);
        return { lessonId, version };
      });
      announceMark(cell.studentId, saved.lessonId, cell.otsenka);
      return saved;
    },

    /** A lesson's topic and module, with the audit row of the change. */
    async saveTopic(actor: Actor, lessonId: number, tema: string, moduleId: number | null) {
      await db.transaction().execute(async (trx) => {
        await trail.hold(trx);
        const before = await journal.topicOf(trx, lessonId);
        await journal.saveTopic(trx, lessonId, tema, moduleId);
        const after = { tema, module_id: moduleId };
        if (before && before.tema === tema && before.module_id === moduleId) return;
        await trail.record(trx, actor, {
          kind: 'journal.topic',
          key: auditKeys.lesson(lessonId),
          before: before ?? null,
          after,
        });
      });
    },

    /**
     * Deletes a lesson and its marks, each mark's audit row (its value before, none after) in the
     * same transaction; answers the lessons deleted.
     */
    async deleteLesson(actor: Actor, lessonId: number): Promise<number> {
      return db.transaction().execute(async (trx) => {
        await trail.hold(trx);
        const now = clock();
        for (const cell of await journal.deleteMarksOf(trx, lessonId)) {
          await recordCell(trail, trx, actor, cell, cell, undefined, now);
        }
        return journal.deleteLessonRow(trx, lessonId);
      });
    },
  };
}

export type JournalService = ReturnType<typeof createJournalService>;
