import { type NewsAudience, ROLE, type RoleId, type SessionUser } from '@lms/shared/contract';
import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import { prepared } from '../../db/prepared.js';
import type { Database, NewsTable } from '../../db/schema.js';
import type { AttachmentsRepository } from '../../lib/attachments.js';
import { audienceOf } from './rules.js';
import { dataVersion } from '../../db/data-versions.js';

export interface Reader {
  uid: number;
  role: RoleId;
  newsPerms: boolean;
  /** The reader's faculty (via department or group), null when unknown. */
  facultyId: number | null;
}

export interface NewNews {
  authorUid: number;
  author: string;
  message: string;
  audience: NewsAudience;
  facultyId: number | null;
  createdAt: number;
}

export type NewsRow = Selectable<NewsTable>;
/** A row as the feed reads it: with the author's role from their account. */
export type FeedRow = NewsRow & { author_role: RoleId };

/**
 * What a reader may see, in SQL: their own items, and items addressed to everyone or to their
 * role, for every faculty or theirs.
 */
function visibleTo(reader: Reader) {
  return (eb: ExpressionBuilder<Database & { n: NewsTable }, 'n'>) =>
    eb.or([
      eb('n.author_uid', '=', reader.uid),
      eb.and([
        eb('n.audience', 'in', ['all', audienceOf(reader.role)]),
        reader.facultyId === null
          ? eb('n.faculty_id', 'is', null)
          : eb.or([eb('n.faculty_id', 'is', null), eb('n.faculty_id', '=', reader.facultyId)]),
      ]),
    ]);
}

/** The news table's SQL: the feed's rows, the readers' faculties, and the writes. */
export function createNewsRepository(db: Kysely<Database>, attachments: AttachmentsRepository) {
  /** Moved by the database on every change of the news table (migration 0018). */
  const newsVersion = dataVersion(db, 'news');
  const newsAuthors = prepared(db, () => db.selectFrom('news').select('author_uid').distinct(), 0);
  const teacherFaculty = prepared(
    db,
    (id: number) =>
      db
        .selectFrom('teachers as t')
        .innerJoin('departments as d', 'd.id', 't.department_id')
        .select('d.faculty_id')
        .where('t.id', '=', id),
    1,
  );
  const studentFaculty = prepared(
    db,
    (id: number) =>
      db
        .selectFrom('students as s')
        .innerJoin('groups as g', 'g.id', 's.group_id')
        .innerJoin('specialities as sp', 'sp.id', 'g.speciality_id')
        .select('sp.faculty_id')
        .where('s.id', '=', id),
    1,
  );
  const readerOf = async (
    uid: number,
    role: RoleId,
    personId: number,
    newsPerms: boolean,
  ): Promise<Reader> => {
    const [row] =
      role === ROLE.teacher ? await teacherFaculty(personId) : await studentFaculty(personId);
    return { uid, role, newsPerms, facultyId: row?.faculty_id ?? null };
  };
  const feedRows = () =>
    db
      .selectFrom('news as n')
      .innerJoin('users as u', 'u.id', 'n.author_uid')
      .selectAll('n')
      .select('u.role as author_role');

  return {
    /** The news table's version ('none' before the first change), see feed.ts. */
    version: newsVersion,

    /** Accounts that wrote an item. */
    async authors(): Promise<Set<number>> {
      return new Set((await newsAuthors()).map((author) => author.author_uid));
    },

    async reader(user: SessionUser): Promise<Reader> {
      return readerOf(user.uid, user.role, user.id, user.newsPerms);
    },

    /**
     * Readers by account for many people at once (a notification's recipients): two reads per
     * thousand people instead of one per person.
     */
    async readersOf(
      people: readonly { uid: number; role: RoleId; personId: number }[],
    ): Promise<Map<number, Reader>> {
      const faculties = new Map<string, number | null>();
      for (const role of [ROLE.teacher, ROLE.student] as const) {
        const ids = [...new Set(people.filter((p) => p.role === role).map((p) => p.personId))];
        for (let start = 0; start < ids.length; start += 1000) {
          const chunk = ids.slice(start, start + 1000);
          const rows =
            role === ROLE.teacher
              ? await db
                  .selectFrom('teachers as t')
                  .innerJoin('departments as d', 'd.id', 't.department_id')
                  .select(['t.id as id', 'd.faculty_id'])
                  .where('t.id', 'in', chunk)
                  .execute()
              : await db
                  .selectFrom('students as s')
                  .innerJoin('groups as g', 'g.id', 's.group_id')
                  .innerJoin('specialities as sp', 'sp.id', 'g.speciality_id')
                  .select(['s.id as id', 'sp.faculty_id'])
                  .where('s.id', 'in', chunk)
                  .execute();
          for (const row of rows) faculties.set(`${role}:${row.id}`, row.faculty_id);
        }
      }
      return new Map(
        people.map((p) => [
          p.uid,
          {
            uid: p.uid,
            role: p.role,
            newsPerms: false,
            facultyId: faculties.get(`${p.role}:${p.personId}`) ?? null,
          },
        ]),
      );
    },

    /** An item's text if the reader may see it (the feed's rule), else undefined. */
    async visibleText(reader: Reader, id: number): Promise<string | undefined> {
      const row = await feedRows()
        .where('n.id', '=', id)
        .where(visibleTo(reader))
        .executeTakeFirst();
      return row?.message;
    },

    /** One page, newest first, with one row more than the page (to know whether more exist). */
    async pageRows(reader: Reader, page: number, pageSize: number): Promise<FeedRow[]> {
      return feedRows()
        .where(visibleTo(reader))
        .orderBy('n.created_at', 'desc')
        .orderBy('n.id', 'desc')
        .limit(pageSize + 1)
        .offset((page - 1) * pageSize)
        .execute();
    },

    /** The item's row if `reader` may see it. */
    async visibleRow(reader: Reader, id: number): Promise<FeedRow | undefined> {
      return feedRows().where('n.id', '=', id).where(visibleTo(reader)).executeTakeFirst();
    },

    /** Attachment names of the items, by item id. */
    fileNames: (newsIds: number[]) => attachments.namesByOwners('news', newsIds),

    async find(id: number): Promise<NewsRow | undefined> {
      return db.selectFrom('news').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The generated name on disk of an attachment, by the name its author uploaded. */
    file: (newsId: number, originalName: string) =>
      attachments.find({ area: 'news', id: newsId }, originalName),

    /** `trx`: the transaction that stores the item's files too (service.ts). */
    async insert(trx: Kysely<Database>, news: NewNews): Promise<number> {
      const { id } = await trx
        .insertInto('news')
        .values({
          author_uid: news.authorUid,
          author: news.author,
          message: news.message,
          audience: news.audience,
          faculty_id: news.facultyId,
          created_at: news.createdAt,
          updated_at: news.createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    /** The item's updated_at always moves forward (the edit time the feed shows). */
    async updateMessage(id: number, message: string, now: number): Promise<void> {
      await db
        .updateTable('news')
        .set((eb) => ({
          message,
          updated_at: eb
            .case()
            .when('updated_at', '>=', now)
            .then(eb('updated_at', '+', 1))
            .else(now)
            .end(),
        }))
        .where('id', '=', id)
        .execute();
    },

    /** `trx`: the transaction that removes the item's file rows too (service.ts). */
    async delete(trx: Kysely<Database>, id: number): Promise<void> {
      await trx.deleteFrom('news').where('id', '=', id).execute();
    },

    async facultyExists(id: number): Promise<boolean> {
      return !!(await db
        .selectFrom('faculties')
        .select('id')
        .where('id', '=', id)
        .executeTakeFirst());
    },
  };
}

export type NewsRepository = ReturnType<typeof createNewsRepository>;
