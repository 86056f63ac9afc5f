import { AUDIT_PAGE_SIZE, type AuditKind } from '@lms/shared/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { localized, type Language } from '../../lib/catalogue-names.js';
import type { ChainRow } from './rules.js';

/** A row of the trail with its author's full name. */
export interface AuditRow {
  id: number;
  at: number;
  kind: string;
  record_key: string;
  role: number | null;
  by: string | null;
  old_value: string;
  new_value: string;
}

/** A journal lesson as a student's trail names it (its discipline and type in a language). */
export interface AuditLesson {
  id_lesson: number;
  date: string;
  id_time: number;
  discipline: string;
  lessonType: string;
}

/**
 * The trail's reads (rows as stored; wire.ts makes the answers). Nothing here edits or deletes a
 * row: the portal has no such statement.
 */
export function createAuditRepository(db: Kysely<Database>) {
  /** Rows with their authors' names (a teacher's or a student's person). */
  const withAuthors = () =>
    db
      .selectFrom('audit_trail as a')
      .leftJoin('users as u', 'u.id', 'a.user_id')
      .leftJoin('teachers as t', 't.id', 'u.teacher_id')
      .leftJoin('students as s', 's.id', 'u.student_id')
      .leftJoin('persons as p', (join) =>
        join.on((eb) => eb('p.id', '=', eb.fn.coalesce('t.person_id', 's.person_id'))),
      )
      .select([
        'a.id',
        'a.at',
        'a.kind',
        'a.record_key',
        'a.role',
        'p.full_name as by',
        'a.old_value',
        'a.new_value',
      ]);

  const normal = (row: AuditRow): AuditRow => ({
    ...row,
    id: Number(row.id),
    at: Number(row.at),
    role: row.role === null ? null : Number(row.role),
  });

  return {
    /**
     * The changes of one record concerning student `studentId` (a journal cell), oldest first:
     * read on the trail's one index (student, kind, record).
     */
    async history(studentId: number, kind: AuditKind, key: string): Promise<AuditRow[]> {
      const rows = await withAuthors()
        .where('a.student_id', '=', studentId)
        .where('a.kind', '=', kind)
        .where('a.record_key', '=', key)
        .orderBy('a.id')
        .limit(AUDIT_PAGE_SIZE)
        .execute();
      return rows.map(normal);
    },

    /** The changes of records concerning a student (of `kinds` when given), newest first. */
    async ofStudent(studentId: number, kinds?: readonly AuditKind[]): Promise<AuditRow[]> {
      // The newest ids first, from the index alone; the authors only for that page.
      let newest = db
        .selectFrom('audit_trail')
        .select('id')
        .where('student_id', '=', studentId)
        .orderBy('id', 'desc')
        .limit(AUDIT_PAGE_SIZE);
      if (kinds) newest = newest.where('kind', 'in', kinds);
      const rows = await withAuthors()
        .where('a.id', 'in', newest)
        .orderBy('a.id', 'desc')
        .execute();
      return rows.map(normal);
    },

    /** The journal lessons of `ids` that still exist, named in `lng`. */
    async lessons(lng: Language, ids: readonly number[]): Promise<AuditLesson[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('journal_lessons as l')
        .innerJoin('disciplines as d', 'd.id', 'l.discipline_id')
        .innerJoin('lesson_types as lt', 'lt.id', 'l.lesson_type_id')
        .select([
          'l.id as id_lesson',
          'l.lesson_date as date',
          'l.time_id as id_time',
          localized(lng, 'd.name').as('discipline'),
          localized(lng, 'lt.name').as('lessonType'),
        ])
        .where('l.id', 'in', [...new Set(ids)])
        .execute();
      return rows.map((row) => ({
        ...row,
        id_lesson: Number(row.id_lesson),
        id_time: Number(row.id_time),
      }));
    },

    /** The teacher of a journal lesson (who may read its cells' history), if it exists. */
    async lessonTeacher(lessonId: number): Promise<number | undefined> {
      const row = await db
        .selectFrom('journal_lessons')
        .select('teacher_id')
        .where('id', '=', lessonId)
        .executeTakeFirst();
      return row?.teacher_id;
    },

    /** Up to `limit` rows of the chain after row `afterId`, in the chain's order. */
    async chainPage(afterId: number, limit: number): Promise<ChainRow[]> {
      const rows = await db
        .selectFrom('audit_trail')
        .selectAll()
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ ...row, id: Number(row.id), at: Number(row.at) }));
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
