import {
  CHAT_PAGE_SIZE,
  GROUP_CHAT_ID,
  type ChatContactCount,
  type ChatConversationRef,
  type ChatMessage,
  ROLE,
  type RoleId,
} from '@lms/shared/contract';
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { ChatMessageTable } from '../../db/chat-schema.js';
import { isForeignKeyViolation } from '../../db/errors.js';
import { prepared } from '../../db/prepared.js';
import type { Database } from '../../db/schema.js';
import type { AccessRepository, Teaching } from '../../access/teaching.js';
import type { AttachmentsRepository, NewAttachment } from '../../lib/attachments.js';

/** A person as chat sees them: role (1 teacher, 2 student) and teacher or student id. */
export interface ChatPerson {
  role: RoleId;
  id: number;
}

/** A conversation the caller may use, with its storage key. */
export interface Conversation extends ChatConversationRef {
  key: string;
}

/** Messages shown before the first unread one, so it is read in context. */
const CONTEXT_BEFORE_UNREAD = 5;

/** The teaching a conversation belongs to. */
function teachingOf(ref: ChatConversationRef): Teaching {
  return { disciplineId: ref.id_discipline, groupId: ref.id_group, yearId: ref.year, ws: ref.ws };
}

export function conversationKey(ref: ChatConversationRef): string {
  return ref.teacherId === null || ref.studentId === null
    ? `g:${ref.year}:${ref.ws}:${ref.id_discipline}:${ref.id_group}`
    : `p:${ref.year}:${ref.ws}:${ref.id_discipline}:${ref.teacherId}:${ref.studentId}`;
}

type MessageScope = ExpressionBuilder<Database & { m: ChatMessageTable }, 'm'>;

/** Not written by the reader and not marked read by them. */
function unreadBy(eb: MessageScope, reader: ChatPerson) {
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

export function createChatRepository(
  db: Kysely<Database>,
  access: AccessRepository,
  attachments: AttachmentsRepository,
) {
  const selectMessages = () =>
    db
      .selectFrom('chat_messages as m')
      .leftJoin('teachers as t', (join) =>
        join.onRef('t.id', '=', 'm.sender_id').on('m.sender_role', '=', ROLE.teacher),
      )
      .leftJoin('students as s', (join) =>
        join.onRef('s.id', '=', 'm.sender_id').on('m.sender_role', '=', ROLE.student),
      )
      .leftJoin('persons as pt', 'pt.id', 't.person_id')
      .leftJoin('persons as ps', 'ps.id', 's.person_id')
      .select((eb) => [
        'm.id',
        'm.message',
        'm.created_at',
        'm.sender_role',
        'm.sender_id',
        eb.fn.coalesce('pt.full_name', 'ps.full_name').as('full_name'),
      ]);

  const toMessage = (
    reader: ChatPerson,
    files: string[],
    row: {
      id: number;
      message: string;
      created_at: number | string;
      sender_role: number;
      sender_id: number;
      full_name: string | null;
    },
  ): ChatMessage => ({
    id_message: row.id,
    message: row.message,
    files,
    ismine: row.sender_role === reader.role && row.sender_id === reader.id,
    fio: row.full_name ?? '',
    created: Number(row.created_at),
  });

  const page = async (
    reader: ChatPerson,
    key: string,
    range: { after?: number; before?: number; from?: number },
    limit: number,
  ): Promise<ChatMessage[]> => {
    let q = selectMessages().where('m.conversation', '=', key);
    if (range.after !== undefined) q = q.where('m.id', '>', range.after);
    if (range.from !== undefined) q = q.where('m.id', '>=', range.from);
    if (range.before !== undefined) q = q.where('m.id', '<', range.before);
    // Newest first when paging backwards (or from the end), then shown oldest first.
    const backwards = range.after === undefined && range.from === undefined;
    const rows = await q
      .orderBy('m.id', backwards ? 'desc' : 'asc')
      .limit(limit)
      .execute();
    if (backwards) rows.reverse();
    const files = await attachments.namesByOwners(
      'chat',
      rows.map((row) => row.id),
    );
    return rows.map((row) => toMessage(reader, files.get(row.id) ?? [], row));
  };

  const exists = async (key: string, op: '<' | '>', id: number): Promise<boolean> =>
    (await db
      .selectFrom('chat_messages')
      .select('id')
      .where('conversation', '=', key)
      .where('id', op, id)
      .limit(1)
      .executeTakeFirst()) !== undefined;

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

  return {
    /**
     * May this person use the conversation? Personal: it is theirs, and the teacher teaches the
     * student that discipline (see access.teachesStudent). Group chat: the students who study the
     * discipline in that group and the teachers who teach it to the group.
     */
    async canAccess(person: ChatPerson, ref: ChatConversationRef): Promise<boolean> {
      const teaching = teachingOf(ref);
      if (ref.teacherId !== null && ref.studentId !== null) {
        const self = person.role === ROLE.teacher ? ref.teacherId : ref.studentId;
        if (self !== person.id) return false;
        return access.teachesStudent(ref.teacherId, ref.studentId, teaching);
      }
      return person.role === ROLE.teacher
        ? access.teaches(person.id, teaching)
        : access.studiesIn(person.id, teaching);
    },

    /** The page to open a conversation with: around the first unread, else the newest. */
    async open(reader: ChatPerson, key: string) {
      const unread = await db
        .selectFrom('chat_messages as m')
        .select((eb) => [eb.fn.min('m.id').as('first'), eb.fn.countAll().as('total')])
        .where('m.conversation', '=', key)
        .where((eb) => unreadBy(eb, reader))
        .executeTakeFirstOrThrow();
      const first = unread.first === null ? null : Number(unread.first);
      const total = Number(unread.total);
      let messages: ChatMessage[];
      if (first === null) {
        messages = await page(reader, key, {}, CHAT_PAGE_SIZE);
      } else {
        const context = await page(reader, key, { before: first }, CONTEXT_BEFORE_UNREAD);
        const rest = await page(reader, key, { from: first }, CHAT_PAGE_SIZE - context.length);
        messages = [...context, ...rest];
      }
      const top = messages[0]?.id_message;
      const last = messages[messages.length - 1]?.id_message;
      return {
        messages,
        unreades_start: first,
        unreades_total: total,
        hasOlder: top !== undefined && (await exists(key, '<', top)),
        hasNewer: last !== undefined && (await exists(key, '>', last)),
      };
    },

    newer: (reader: ChatPerson, key: string, afterId: number) =>
      page(reader, key, { after: afterId }, CHAT_PAGE_SIZE),

    older: (reader: ChatPerson, key: string, beforeId: number) =>
      page(reader, key, { before: beforeId }, CHAT_PAGE_SIZE),

    async unreadIn(reader: ChatPerson, key: string): Promise<number> {
      const row = await db
        .selectFrom('chat_messages as m')
        .select((eb) => eb.fn.countAll().as('total'))
        .where('m.conversation', '=', key)
        .where((eb) => unreadBy(eb, reader))
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    /**
     * Stores a message and its files' rows; `publishFiles` (moving its staged uploads into place)
     * runs inside the same transaction, so a failure there leaves no message behind.
     */
    async insert(
      ref: Conversation,
      sender: ChatPerson & { uid: number },
      message: string,
      files: NewAttachment[],
      publishFiles: (messageId: number) => Promise<void>,
      now = Date.now(),
    ): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('chat_messages')
          .values({
            conversation: ref.key,
            year_id: ref.year,
            ws_id: ref.ws,
            discipline_id: ref.id_discipline,
            group_id: ref.id_group,
            teacher_id: ref.teacherId,
            student_id: ref.studentId,
            sender_role: sender.role,
            sender_id: sender.id,
            message,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await attachments.attach(trx, { area: 'chat', id: row.id }, files, {
          createdBy: sender.uid,
          createdAt: now,
        });
        await publishFiles(row.id);
        return row.id;
      });
    },

    async byId(reader: ChatPerson, id: number) {
      const row = await db
        .selectFrom('chat_messages')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      const ref: Conversation = {
        key: row.conversation,
        year: row.year_id,
        ws: row.ws_id,
        id_discipline: row.discipline_id,
        id_group: row.group_id,
        teacherId: row.teacher_id,
        studentId: row.student_id,
      };
      const shown = await selectMessages().where('m.id', '=', id).executeTakeFirstOrThrow();
      const files = await attachments.namesByOwners('chat', [id]);
      return {
        ref,
        message: toMessage(reader, files.get(id) ?? [], shown),
        author: { role: row.sender_role, id: row.sender_id } as ChatPerson,
      };
    },

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
     * Its read marks go with it (on delete cascade): deleted first, their triggers would lock the
     * readers' `chat_unread` rows before the message's trigger locks its members' in order, and a
     * message posted to the same chat meanwhile could deadlock with it (migrations/0019).
     */
    async delete(id: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await attachments.deleteByOwner(trx, { area: 'chat', id });
        await trx.deleteFrom('chat_messages').where('id', '=', id).execute();
      });
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
    ): Promise<ChatContactCount[]> {
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
      const counts: ChatContactCount[] = rows.map((row) => ({
        idid: Number(person.role === ROLE.teacher ? row.student_id : row.teacher_id),
        countMessages: Number(row.total),
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
        const inGroup = await db
          .selectFrom('chat_messages as m')
          .select((eb) => eb.fn.countAll().as('total'))
          .where('m.conversation', '=', key)
          .where((eb) => unreadBy(eb, person))
          .executeTakeFirstOrThrow();
        counts.push({ idid: GROUP_CHAT_ID, countMessages: Number(inGroup.total) });
      }
      return counts;
    },
  };
}

export type ChatRepository = ReturnType<typeof createChatRepository>;
