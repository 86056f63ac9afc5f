import type { Kysely } from 'kysely';
import type { Language, StatementNoticeKind } from '@lms/shared/contract';
import type { Database } from '../../db/schema.js';
import { localized } from '../../lib/catalogue-names.js';

/** A notice to write: which statement, which teacher, what of. */
export interface NoticeClaim {
  statementId: number;
  teacherId: number;
  kind: StatementNoticeKind;
}

/** The most unread notices a teacher's screen lists (the newest). */
export const UNREAD_SHOWN = 50;

/**
 * The teachers' notices of their statements (statement_notices), SQL only. Built on the app's
 * handle, or on a service's transaction when a notice is written with the change it tells of.
 */
export function createNoticeRepository(db: Kysely<Database>) {
  /** Drafts past their deadline whose teacher of record was not told so. */
  const untoldDrafts = () =>
    db
      .selectFrom('statements as s')
      .where('s.state', '=', 'draft')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('statement_notices as n')
              .select('n.id')
              .whereRef('n.statement_id', '=', 's.id')
              .whereRef('n.teacher_id', '=', 's.teacher_id')
              .where('n.kind', '=', 'overdue'),
          ),
        ),
      );

  return {
    /**
     * Writes the notice unless that teacher was told that of that statement already: its id, or
     * undefined when another writer (another process of the cluster) got there first.
     */
    async claim(notice: NoticeClaim, now: number): Promise<number | undefined> {
      const row = await db
        .insertInto('statement_notices')
        .values({
          statement_id: notice.statementId,
          teacher_id: notice.teacherId,
          kind: notice.kind,
          created_at: now,
          read_at: null,
        })
        .onConflict((c) => c.columns(['statement_id', 'kind', 'teacher_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },

    /** The drafts whose deadline has passed and whose teacher was not told. */
    overdueUntold(now: number): Promise<{ id: number; teacher_id: number }[]> {
      return untoldDrafts()
        .select(['s.id', 's.teacher_id'])
        .where('s.deadline', '<', now)
        .orderBy('s.deadline')
        .execute();
    },

    /** The first deadline still to come of a draft whose teacher was not told (null: none). */
    async nextDeadline(now: number): Promise<number | null> {
      const row = await untoldDrafts()
        .select((eb) => eb.fn.min('s.deadline').as('first'))
        .where('s.deadline', '>=', now)
        .executeTakeFirst();
      return row?.first === null || row?.first === undefined ? null : Number(row.first);
    },

    /** A notice by id (its teacher, to check it is the caller's). */
    find(id: number) {
      return db
        .selectFrom('statement_notices')
        .select(['id', 'teacher_id', 'read_at'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /**
     * The teacher's unread notices with their statements' names, newest first: of drafts only
     * (a sheet signed since has nothing left to tell).
     */
    async unread(lng: Language, teacherId: number) {
      const rows = await db
        .selectFrom('statement_notices as n')
        .innerJoin('statements as s', 's.id', 'n.statement_id')
        .innerJoin('disciplines as d', 'd.id', 's.discipline_id')
        .innerJoin('groups as g', 'g.id', 's.group_id')
        .select([
          'n.id',
          'n.kind',
          'n.created_at',
          's.id as statement_id',
          's.control_form',
          's.retake_of',
          's.state',
          's.deadline',
          localized(lng, 'd.name').as('discipline'),
          localized(lng, 'g.name').as('group_name'),
        ])
        .where('n.teacher_id', '=', teacherId)
        .where('n.read_at', 'is', null)
        .where('s.state', '=', 'draft')
        .orderBy('n.created_at', 'desc')
        .orderBy('n.id', 'desc')
        .limit(UNREAD_SHOWN)
        .execute();
      return rows.map((row) => ({
        ...row,
        created_at: Number(row.created_at),
        deadline: Number(row.deadline),
      }));
    },

    /** Marks the teacher's notice read (an unread one; a read one stays as it was). */
    async markRead(teacherId: number, id: number, now: number): Promise<void> {
      await db
        .updateTable('statement_notices')
        .set({ read_at: now })
        .where('id', '=', id)
        .where('teacher_id', '=', teacherId)
        .where('read_at', 'is', null)
        .execute();
    },
  };
}

export type NoticeRepository = ReturnType<typeof createNoticeRepository>;
