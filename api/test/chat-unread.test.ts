import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { conversationKey, type ChatPerson } from '../src/areas/chat/rules.js';
import {
  demoConversation,
  send,
  target,
  type Chain,
  type Me,
  type Message,
} from './chat-helper.js';
import { createTestApp, envelope, type Client, type TestApp } from './helper.js';

/**
 * The menu badge (count.json `total`): unread messages over all of a person's personal
 * conversations and group chats, pinned in the cases that are easy to get wrong.
 */
describe('chat: total unread', () => {
  let t: TestApp;
  let teacher: Client;
  let student: Client;
  let teacherMe: Me;
  let studentMe: Me;
  let chain: Chain;
  let groupId: number;
  let outsider: Client;
  let outsiderMe: Me;

  before(async () => {
    t = await createTestApp();
    ({ teacher, student, teacherMe, studentMe, chain, groupId, outsider, outsiderMe } =
      await demoConversation(t));
  });
  after(async () => t.close());

  const total = async (client: Client, me: Me) => {
    const response = await client.post('/lms/api/chat/count.json', {
      ...chain,
      id_from: me.id,
      id_from_type: me.role,
    });
    assert.equal(response.statusCode, 200, response.body);
    return (envelope<{ total: number }>(response).data as { total: number }).total;
  };

  /** The first student of a group (by id), other than `except`. */
  const studentIn = (group: number, except?: number) =>
    t.app.db.kysely
      .selectFrom('students')
      .select('id')
      .where('group_id', '=', group)
      .$if(except !== undefined, (q) => q.where('id', '!=', except!))
      .orderBy('id')
      .executeTakeFirstOrThrow();

  /** Stores a message as the API does (the conversation key from its teaching and people). */
  const store = (
    where: {
      discipline: number;
      group: number;
      teacherId: number | null;
      studentId: number | null;
    },
    sender: ChatPerson,
  ) => {
    const ref = {
      year: chain.year,
      ws: chain.ws,
      id_discipline: where.discipline,
      id_group: where.group,
      teacherId: where.teacherId,
      studentId: where.studentId,
    };
    const key = conversationKey(ref);
    return t.app.repos.chat.insert(t.app.db.kysely, { ...ref, key }, sender, 'badge');
  };

  test('personal and group chats, own messages, read ones, and chats of others', async () => {
    const db = t.app.db.kysely;
    const teacherPerson: ChatPerson = { role: 1, id: teacherMe.id };
    const studentPerson: ChatPerson = { role: 2, id: studentMe.id };
    const taughtByTeacher = await db
      .selectFrom('teaching_assignments')
      .select(['discipline_id', 'group_id'])
      .where('teacher_id', '=', teacherMe.id)
      .where('year_id', '=', chain.year)
      .where('ws_id', '=', chain.ws)
      .execute();
    const teaches = (discipline: number, group: number) =>
      taughtByTeacher.some((a) => a.discipline_id === discipline && a.group_id === group);
    assert.ok(teaches(chain.id_discipline, groupId));
    // A discipline of the student's group that the teacher does not teach that group.
    const others = await db
      .selectFrom('teaching_assignments')
      .select('discipline_id')
      .where('group_id', '=', groupId)
      .where('year_id', '=', chain.year)
      .where('ws_id', '=', chain.ws)
      .execute();
    const foreignDiscipline = others
      .map((a) => a.discipline_id)
      .find((discipline) => !teaches(discipline, groupId));
    assert.ok(foreignDiscipline !== undefined, 'the group has a discipline of another teacher');
    // Another group the teacher teaches (its group chat is the teacher's, not the student's).
    const otherGroup = taughtByTeacher.find((a) => a.group_id !== groupId);
    assert.ok(otherGroup, 'the teacher teaches another group too');
    const classmate = await studentIn(groupId, studentMe.id);
    const stranger = await studentIn(otherGroup.group_id);
    const mate: ChatPerson = { role: 2, id: classmate.id };

    const sharedRef = {
      year: chain.year,
      ws: chain.ws,
      id_discipline: chain.id_discipline,
      id_group: groupId,
      teacherId: null,
      studentId: null,
    };
    const seededInShared = await t.app.repos.chat.unreadIn(
      teacherPerson,
      conversationKey(sharedRef),
    );
    const teacherBefore = await total(teacher, teacherMe);
    const studentBefore = await total(student, studentMe);
    const expect = async (teacherDelta: number, studentDelta: number, what: string) => {
      assert.equal(
        await total(teacher, teacherMe),
        teacherBefore + teacherDelta,
        `teacher: ${what}`,
      );
      assert.equal(
        await total(student, studentMe),
        studentBefore + studentDelta,
        `student: ${what}`,
      );
    };

    const ownGroupChat = {
      discipline: chain.id_discipline,
      group: groupId,
      teacherId: null,
      studentId: null,
    };
    // The group chat of a discipline the teacher teaches the group: unread for both.
    const fromMate = await store(ownGroupChat, mate);
    await expect(1, 1, 'a classmate in the shared group chat');
    // The group chat of a discipline someone else teaches: the student's, not the teacher's.
    await store({ ...ownGroupChat, discipline: foreignDiscipline }, mate);
    await expect(1, 2, "a classmate in another teacher's group chat");
    // The group chat of another group the teacher teaches: the teacher's, not the student's.
    const fromStranger = await store(
      {
        discipline: otherGroup.discipline_id,
        group: otherGroup.group_id,
        teacherId: null,
        studentId: null,
      },
      { role: 2, id: stranger.id },
    );
    await expect(2, 2, "a student of another group in that group's chat");
    // One's own messages never count, in group chats and personal ones.
    await store(ownGroupChat, studentPerson);
    await expect(3, 2, 'the student in the shared group chat');
    await store(ownGroupChat, teacherPerson);
    await expect(3, 3, 'the teacher in the shared group chat');
    const personal = {
      discipline: chain.id_discipline,
      group: groupId,
      teacherId: teacherMe.id,
      studentId: studentMe.id,
    };
    await store(personal, teacherPerson);
    await expect(3, 4, 'the teacher to the student');
    const toTeacher = await store(personal, studentPerson);
    await expect(4, 4, 'the student to the teacher');
    // A classmate's personal conversation with the teacher is not the student's.
    await store({ ...personal, studentId: classmate.id }, mate);
    await expect(5, 4, 'a classmate to the teacher');

    // Read marks are per reader.
    await t.app.repos.chat.markRead(studentPerson, fromMate);
    await expect(5, 3, 'the student read the classmate');
    await t.app.repos.chat.markRead(teacherPerson, toTeacher);
    await expect(4, 3, 'the teacher read the student');
    const read = await t.app.repos.chat.markAllRead(teacherPerson, conversationKey(sharedRef));
    assert.equal(read, seededInShared + 2, 'the classmate and the student were unread there');
    await expect(4 - read, 3, 'the teacher read the shared group chat');
    // Deleting a message takes it off the badge if it was unread, and changes nothing if read.
    await t.app.repos.chat.delete(t.app.db.kysely, toTeacher);
    await expect(4 - read, 3, 'a read message deleted');
    await t.app.repos.chat.delete(t.app.db.kysely, fromStranger);
    await expect(3 - read, 3, 'an unread message deleted');
  });
  test('countbydiscipline.json: where the unread messages are, as count.json counts them', async () => {
    const semesterOf = { year: chain.year, ws: chain.ws };
    type Place = { id_discipline: number; id_group: number; countMessages: number };
    const places = async (client: Client, me: Me, semester = semesterOf) => {
      const response = await client.post('/lms/api/chat/countbydiscipline.json', {
        ...semester,
        id_from: me.id,
        id_from_type: me.role,
      });
      assert.equal(response.statusCode, 200, response.body);
      return envelope<Place[]>(response).data as Place[];
    };
    /** count.json's counts per contact of one discipline and group, added up. */
    const contactsSum = async (client: Client, me: Me, place: Omit<Place, 'countMessages'>) => {
      const response = await client.post('/lms/api/chat/count.json', {
        ...semesterOf,
        ...place,
        id_from: me.id,
        id_from_type: me.role,
      });
      assert.equal(response.statusCode, 200, response.body);
      const data = envelope<{ contacts: { countMessages: number }[] }>(response).data!;
      return data.contacts.reduce((sum, c) => sum + c.countMessages, 0);
    };
    const sent = await send(student, {
      ...target(studentMe, chain, teacherMe.id),
      message: 'где непрочитанное',
    });
    assert.equal(sent.statusCode, 200, sent.body);
    const toGroup = await send(teacher, {
      ...target(teacherMe, chain, -1, groupId),
      message: 'группе',
    });
    assert.equal(toGroup.statusCode, 200, toGroup.body);

    const semesters = await t.app.db.kysely
      .selectFrom('chat_messages')
      .select(['year_id', 'ws_id'])
      .distinct()
      .execute();
    for (const [client, me] of [
      [teacher, teacherMe],
      [student, studentMe],
    ] as const) {
      const here = await places(client, me);
      const at = here.find(
        (p) => p.id_discipline === chain.id_discipline && p.id_group === groupId,
      );
      assert.ok(at && at.countMessages >= 1, `role ${me.role}: the new message is listed`);
      for (const place of here) {
        assert.ok(place.countMessages > 0);
        assert.equal(
          await contactsSum(client, me, place),
          place.countMessages,
          `role ${me.role}: discipline ${place.id_discipline}, group ${place.id_group}`,
        );
      }
      // Over every semester with messages, the places add up to the badge's total.
      let sum = 0;
      for (const semester of semesters) {
        const rows = await places(client, me, { year: semester.year_id, ws: semester.ws_id });
        sum += rows.reduce((all, p) => all + p.countMessages, 0);
      }
      assert.equal(sum, await total(client, me), `role ${me.role}: the places add up to the total`);
    }

    // Reading the conversation takes its messages off its place.
    const before = await places(teacher, teacherMe);
    const count = (rows: Place[]) =>
      rows.find((p) => p.id_discipline === chain.id_discipline && p.id_group === groupId)
        ?.countMessages ?? 0;
    const personalUnread = await t.app.repos.chat.unreadIn(
      { role: 1, id: teacherMe.id },
      conversationKey({
        ...semesterOf,
        id_discipline: chain.id_discipline,
        id_group: groupId,
        teacherId: teacherMe.id,
        studentId: studentMe.id,
      }),
    );
    assert.ok(personalUnread >= 1);
    const read = await teacher.post(
      '/lms/api/chat/readall.json',
      target(teacherMe, chain, studentMe.id, groupId),
    );
    assert.equal(read.statusCode, 200, read.body);
    assert.equal(count(await places(teacher, teacherMe)), count(before) - personalUnread);

    // Only one's own counts, and only signed in.
    const foreign = await teacher.post('/lms/api/chat/countbydiscipline.json', {
      ...semesterOf,
      id_from: studentMe.id,
      id_from_type: studentMe.role,
    });
    assert.equal(foreign.statusCode, 403, foreign.body);
    const anonymous = await t.client().prime();
    const noSession = await anonymous.post('/lms/api/chat/countbydiscipline.json', {
      ...semesterOf,
      id_from: teacherMe.id,
      id_from_type: teacherMe.role,
    });
    assert.equal(noSession.statusCode, 401, noSession.body);
  });

  test('the kept count follows every change, made by another process or straight in the database', async () => {
    // The badge is read through a second API process: nothing it could keep in memory knows of
    // the writes below, only the database's triggers do.
    const other = await t.sibling();
    const db = t.app.db.kysely;
    const badge = (client: Client, me: Me) => total(client.on(other), me);
    /** The count computed anew (the kept one forgotten), to hold the kept one against. */
    const fresh = async (client: Client, me: Me) => {
      await db
        .updateTable('chat_unread')
        .set({ total: null })
        .where('reader_role', '=', me.role)
        .where('reader_id', '=', me.id)
        .execute();
      return badge(client, me);
    };
    const people = [
      { name: 'teacher', client: teacher, me: teacherMe },
      { name: 'student', client: student, me: studentMe },
      { name: 'outsider', client: outsider, me: outsiderMe },
    ];
    let last = new Map<string, number>();
    for (const { name, client, me } of people) last.set(name, await badge(client, me));
    /** Each badge moved by its delta since the last check, and equal to one computed anew. */
    const expect = async (what: string, deltas: Record<string, number>) => {
      const now = new Map<string, number>();
      for (const { name, client, me } of people) {
        const kept = await badge(client, me);
        assert.equal(kept, (last.get(name) ?? 0) + (deltas[name] ?? 0), `${name}: ${what}`);
        assert.equal(await fresh(client, me), kept, `${name} (computed anew): ${what}`);
        now.set(name, kept);
      }
      last = now;
    };
    const sent = async (client: Client, fields: Record<string, string | number>) => {
      const response = await send(client, fields);
      assert.equal(response.statusCode, 200, response.body);
      return (envelope<Message>(response).data as Message).id_message;
    };

    // Through the API of the first process.
    const personal = await sent(student, {
      ...target(studentMe, chain, teacherMe.id),
      message: 'личное',
    });
    await expect('a personal message', { teacher: 1 });
    const toGroup = await sent(teacher, {
      ...target(teacherMe, chain, -1, groupId),
      message: 'всей группе',
    });
    await expect('a group chat message', { student: 1 });
    const read = await teacher.post('/lms/api/chat/read.json', { id_message: personal });
    assert.equal(read.statusCode, 200, read.body);
    await expect('the teacher read it', { teacher: -1 });
    const deleted = await teacher.post('/lms/api/chat/deletemessage.json', {
      id_message: toGroup,
      uid: teacherMe.uid,
    });
    assert.equal(deleted.statusCode, 200, deleted.body);
    await expect('the group chat message deleted', { student: -1 });

    // Straight in the database: a group chat of a group the teacher does not teach, then an
    // assignment that makes it theirs, and its removal.
    const taught = await db
      .selectFrom('teaching_assignments')
      .select('group_id')
      .where('teacher_id', '=', teacherMe.id)
      .execute();
    const outsiderGroup = await db
      .selectFrom('students')
      .select('group_id')
      .where('id', '=', outsiderMe.id)
      .executeTakeFirstOrThrow();
    const foreign = await db
      .selectFrom('teaching_assignments')
      .selectAll()
      .where('year_id', '=', chain.year)
      .where('ws_id', '=', chain.ws)
      .where('group_id', 'not in', [
        ...taught.map((a) => a.group_id),
        groupId,
        outsiderGroup.group_id,
      ])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const foreignStudent = await studentIn(foreign.group_id);
    const conversation = {
      year: chain.year,
      ws: chain.ws,
      id_discipline: foreign.discipline_id,
      id_group: foreign.group_id,
      teacherId: null,
      studentId: null,
    };
    await db
      .insertInto('chat_messages')
      .values({
        conversation: conversationKey(conversation),
        year_id: chain.year,
        ws_id: chain.ws,
        discipline_id: foreign.discipline_id,
        group_id: foreign.group_id,
        teacher_id: null,
        student_id: null,
        sender_role: 2,
        sender_id: foreignStudent.id,
        message: 'в чужой группе',
        created_at: Date.now(),
      })
      .execute();
    await expect('a message in a group chat none of them is in', {});
    const inThatChat = Number(
      (
        await db
          .selectFrom('chat_messages')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('conversation', '=', conversationKey(conversation))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const { id: _id, ...assignment } = foreign;
    const added = await db
      .insertInto('teaching_assignments')
      .values({ ...assignment, teacher_id: teacherMe.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    await expect('an assignment to that group added', { teacher: inThatChat });
    await db.deleteFrom('teaching_assignments').where('id', '=', added.id).execute();
    await expect('the assignment removed', { teacher: -inThatChat });

    // A student moved to that group: their own group's chats (read first, here by a write in the
    // database too) give way to the new group's, none of which they have read.
    const ownGroupChats = await db
      .selectFrom('chat_messages')
      .select('id')
      .where('group_id', '=', groupId)
      .where('teacher_id', 'is', null)
      .where((eb) =>
        eb.not(eb.and([eb('sender_role', '=', 2), eb('sender_id', '=', studentMe.id)])),
      )
      .execute();
    const unreadOwn = ownGroupChats.length
      ? await db
          .insertInto('chat_reads')
          .values(
            ownGroupChats.map((m) => ({
              message_id: m.id,
              reader_role: 2,
              reader_id: studentMe.id,
            })),
          )
          .onConflict((oc) => oc.doNothing())
          .executeTakeFirst()
      : undefined;
    const markedRead = Number(unreadOwn?.numInsertedOrUpdatedRows ?? 0);
    assert.ok(markedRead > 0, 'the student had unread group chat messages');
    await expect('the group chats read straight in the database', { student: -markedRead });
    const newGroupChats = Number(
      (
        await db
          .selectFrom('chat_messages')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('group_id', '=', foreign.group_id)
          .where('teacher_id', 'is', null)
          .executeTakeFirstOrThrow()
      ).n,
    );
    await db
      .updateTable('students')
      .set({ group_id: foreign.group_id })
      .where('id', '=', studentMe.id)
      .execute();
    await expect('the student moved to another group', { student: newGroupChats });
    await db
      .updateTable('students')
      .set({ group_id: groupId })
      .where('id', '=', studentMe.id)
      .execute();
    await expect('the student moved back', { student: -newGroupChats });
  });
});
