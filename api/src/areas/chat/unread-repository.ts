import { GROUP_CHAT_ID, ROLE, type RoleId } from '@lms/shared/contract';
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { AccessRepository } from '../../access/index.js';
import type { ChatMessageTable } from '../../db/chat-schema.js';
import { isForeignKeyViolation } from '../../db/errors.js';
import { prepared } from '../../db/prepared.js';
import type { Database } from '../../db/schema.js';
import { conversationKey, type ChatPerson } from './rules.js';

/**
 * The chat's read marks and unread counts: a conversation's, the menu badge's (over every
 * conversation of a person) and a discipline list's per contact.
 */

/** Unread messages from one contact (the other person's id; GROUP_CHAT_ID the group chat). */
export interface ContactCountRow {
  contactId: number;
  unread: number;
}

/** Unread messages of one discipline and group. */
export interface DisciplineCountRow {
  disciplineId: number;
  groupId: number;
  unread: number;
}

type MessageScope = ExpressionBuilder<Database & { m: ChatMessageTable }, 'm'>;

/** Not written by the reader and not marked read by them. */
export function unreadBy(eb: MessageScope, reader: ChatPerson) {
  return eb.and([
    eb.not(eb.and([eb('m.sender_role', '=', reader.role), eb('m.sender_id', '=', reader.id)])),
    eb.not(
      eb.exists(
        eb
          .selectFrom('chat_reads as r')
          .select(sql.lit(1).as('one'))
          .whereRef('r.message_id', '=', 'm.id')
          .where('r.reader_role', '=', reader.role)
          .where('r.reader_id', '=', reader.id),
      ),
    ),
  ]);
}

export function createUnreadRepository(db: Kysely<Database>, access: AccessRepository) {
  /**
   * The badge's count, in one statement built once (it is asked on every page of every user):
   * unread messages of the person's personal conversations plus those of their group chats.
   * A teacher's group chats are those of the disciplines they teach the group (as `canAccess`);
   * a student's are all the group chats of their group.
   */
  const unreadCount = (role: RoleId) =>
    prepared(
      db,
      (personId: number) => {
        const reader: ChatPerson = { role, id: personId };
        const teacher = role === ROLE.teacher;
        return db.selectNoFrom((eb) => [
          eb
            .selectFrom('chat_messages as m')
            .select((inner) => inner.fn.countAll().as('total'))
            .where(teacher ? 'm.teacher_id' : 'm.student_id', '=', personId)
            .where('m.sender_role', '=', teacher ? ROLE.student : ROLE.teacher)
            .where((inner) => unreadBy(inner, reader))
            .as('personal'),
          eb
            .selectFrom('chat_messages as m')
            .select((inner) => inner.fn.countAll().as('total'))
            .where('m.teacher_id', 'is', null)
            .where((inner) =>
              teacher
                ? inner.exists(
                    access.teachingExists(personId, {
                      disciplineId: 'm.discipline_id',
                      groupId: 'm.group_id',
                      yearId: 'm.year_id',
                      ws: 'm.ws_id',
                    }),
                  )
                : inner(
                    'm.group_id',
                    '=',
                    inner
                      .selectFrom('students as s')
                      .select('s.group_id')
                      .where('s.id', '=', personId),
                  ),
            )
            .where((inner) => unreadBy(inner, reader))
            .as('group_chats'),
        ]);
      },
      1,
    );
  const teacherUnread = unreadCount(ROLE.teacher);
  const studentUnread = unreadCount(ROLE.student);
  const countUnread = async (person: ChatPerson): Promise<number> => {
    const [row] =
      person.role === ROLE.teacher
        ? await teacherUnread(person.id)
        : await studentUnread(person.id);
    return Number(row?.personal ?? 0) + Number(row?.group_chats ?? 0);
  };

  /** The person's stored count and the generation it was computed for (see `totalUnread`). */
  const storedUnread = prepared(
    db,
    (role: RoleId, id: number) =>
      db
        .selectFrom('chat_unread')
        .select(['gen', 'total', 'total_gen'])
        .where('reader_role', '=', role)
        .where('reader_id', '=', id),
    2,
  );

  /** One statement: read marks for the reader's unread messages of the conversation. */
  const insertReads = async (reader: ChatPerson, key: string): Promise<number> => {
    const result = await db
      .insertInto('chat_reads')
      .columns(['message_id', 'reader_role', 'reader_id'])
      .expression(
        db
          .selectFrom('chat_messages as m')
          .select([
            'm.id',
            sql.lit(reader.role).as('reader_role'),
            sql.lit(reader.id).as('reader_id'),
          ])
          .where('m.conversation', '=', key)
          .where((eb) => unreadBy(eb, reader)),
      )
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0);
  };

  /** Unread messages of one conversation. */
  const unreadIn = async (reader: ChatPerson, key: string): Promise<number> => {
    const row = await db
      .selectFrom('chat_messages as m')
      .select((eb) => eb.fn.countAll().as('total'))
      .where('m.conversation', '=', key)
      .where((eb) => unreadBy(eb, reader))
      .executeTakeFirstOrThrow();
    return Number(row.total);
  };

  return {
    unreadIn,

    async markRead(reader: ChatPerson, messageId: number): Promise<void> {
      try {
        await db
          .insertInto('chat_reads')
          .values({ message_id: messageId, reader_role: reader.role, reader_id: reader.id })
          .onConflict((oc) => oc.doNothing())
          .execute();
      } catch (error) {
        // Deleted by its author meanwhile: nothing is left to mark.
        if (!isForeignKeyViolation(error)) throw error;
      }
    },

    /**
     * Marks every unread message of the conversation read; returns how many were unread. A
     * message deleted while the statement runs (PostgreSQL: after its snapshot) fails the whole
     * insert on the foreign key: it is tried again, and then the message is no longer selected.
     */
    async markAllRead(reader: ChatPerson, key: string): Promise<number> {
      for (let attempt = 1; ; attempt++) {
        try {
          return await insertReads(reader, key);
        } catch (error) {
          if (!isForeignKeyViolation(error) || attempt === 3) throw error;
        }
      }
    },

    /**
     * Unread messages over all of the person's conversations (the menu badge): the count stored
     * in `chat_unread` while its generation is current, one read by key. Triggers move the
     * generation on every change the count depends on (migrations/0019_chat_unread.ts); then it
     * is computed anew and stored only if the generation has not moved since it was read. Each
     * step is its own statement, so on PostgreSQL the count's snapshot is taken after the row and
     * its generation were read: a writer that commits in between has moved the generation (and a
     * writer still open holds the row's lock, so the store waits for it and then finds it moved).
     */
    async totalUnread(person: ChatPerson): Promise<number> {
      let [stored] = await storedUnread(person.role, person.id);
      if (stored && stored.total !== null && stored.total_gen === stored.gen) return stored.total;
      if (!stored) {
        await db
          .insertInto('chat_unread')
          .values({ reader_role: person.role, reader_id: person.id })
          .onConflict((oc) => oc.columns(['reader_role', 'reader_id']).doNothing())
          .execute();
        [stored] = await storedUnread(person.role, person.id);
        // Deleted again meanwhile (only by hand): answer without keeping the count.
        if (!stored) return countUnread(person);
      }
      const gen = stored.gen;
      const total = await countUnread(person);
      await db
        .updateTable('chat_unread')
        .set({ total, total_gen: gen })
        .where('reader_role', '=', person.role)
        .where('reader_id', '=', person.id)
        .where('gen', '=', gen)
        .execute();
      return total;
    },

    /** Unread per contact of one discipline list (the other person's id; -1 the group chat). */
    async contactCounts(
      person: ChatPerson,
      chain: { year: number; ws: number; id_discipline: number; id_group?: number },
    ): Promise<ContactCountRow[]> {
      const otherColumn = person.role === ROLE.teacher ? 'm.student_id' : 'm.teacher_id';
      const selfColumn = person.role === ROLE.teacher ? 'm.teacher_id' : 'm.student_id';
      let personal = db
        .selectFrom('chat_messages as m')
        .select([otherColumn, (eb) => eb.fn.countAll().as('total')])
        .where(selfColumn, '=', person.id)
        .where('m.year_id', '=', chain.year)
        .where('m.ws_id', '=', chain.ws)
        .where('m.discipline_id', '=', chain.id_discipline)
        .where((eb) => unreadBy(eb, person))
        .groupBy(otherColumn);
      if (chain.id_group !== undefined)
        personal = personal.where('m.group_id', '=', chain.id_group);
      const rows = await personal.execute();
      const counts: ContactCountRow[] = rows.map((row) => ({
        contactId: Number(person.role === ROLE.teacher ? row.student_id : row.teacher_id),
        unread: Number(row.total),
      }));
      const groupId =
        person.role === ROLE.student
          ? (await access.placementOf(person.id))?.groupId
          : (chain.id_group ?? undefined);
      if (groupId !== undefined) {
        const key = conversationKey({
          year: chain.year,
          ws: chain.ws,
          id_discipline: chain.id_discipline,
          id_group: groupId,
          teacherId: null,
          studentId: null,
        });
        counts.push({ contactId: GROUP_CHAT_ID, unread: await unreadIn(person, key) });
      }
      return counts;
    },

    /**
     * Where the person's unread messages of one semester are: per discipline and group, over the
     * same conversations as the badge's count (their personal ones, and the group chats a
     * teacher teaches or a student's group has). Places with nothing unread are left out.
     */
    async disciplineCounts(
      person: ChatPerson,
      semester: { year: number; ws: number },
    ): Promise<DisciplineCountRow[]> {
      const teacher = person.role === ROLE.teacher;
      const ofSemester = db
        .selectFrom('chat_messages as m')
        .select(['m.discipline_id', 'm.group_id', (eb) => eb.fn.countAll().as('total')])
        .where('m.year_id', '=', semester.year)
        .where('m.ws_id', '=', semester.ws)
        .where((eb) => unreadBy(eb, person))
        .groupBy(['m.discipline_id', 'm.group_id']);
      const personal = ofSemester
        .where(teacher ? 'm.teacher_id' : 'm.student_id', '=', person.id)
        .where('m.sender_role', '=', teacher ? ROLE.student : ROLE.teacher);
      const groupChats = ofSemester.where('m.teacher_id', 'is', null).where((eb) =>
        teacher
          ? eb.exists(
              access.teachingExists(person.id, {
                disciplineId: 'm.discipline_id',
                groupId: 'm.group_id',
                yearId: 'm.year_id',
                ws: 'm.ws_id',
              }),
            )
          : eb(
              'm.group_id',
              '=',
              eb.selectFrom('students as s').select('s.group_id').where('s.id', '=', person.id),
            ),
      );
      const counts = new Map<string, DisciplineCountRow>();
      for (const row of [...(await personal.execute()), ...(await groupChats.execute())]) {
        const place = `${row.discipline_id}:${row.group_id}`;
        const entry = counts.get(place) ?? {
          disciplineId: Number(row.discipline_id),
          groupId: Number(row.group_id),
          unread: 0,
        };
        entry.unread += Number(row.total);
        counts.set(place, entry);
      }
      return [...counts.values()].filter((entry) => entry.unread > 0);
    },
  };
}

export type UnreadRepository = ReturnType<typeof createUnreadRepository>;
