import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { CHAT_MESSAGE_MAX_LENGTH } from '@lms/shared/contract';
import type { LightMyRequestResponse } from 'fastify';
import { CHAT_MESSAGES, CHAT_UPLOAD_MESSAGES } from '../src/areas/chat/messages.js';
import { fill, MESSAGES, type Text } from '../src/lib/messages.js';
import {
  demoConversation,
  multipart,
  send,
  sessionFor,
  target,
  type Chain,
  type Me,
  type Message,
  type Opened,
} from './chat-helper.js';
import { createTestApp, envelope, type Client, type TestApp } from './helper.js';

describe('chat', () => {
  let t: TestApp;
  let teacher: Client;
  let student: Client;
  let teacherMe: Me;
  let studentMe: Me;
  let chain: Chain;
  let groupId: number;
  /** A student of another group: shares nothing with the demo teacher in this discipline. */
  let outsider: Client;
  let outsiderMe: Me;

  before(async () => {
    t = await createTestApp({ uploadLimitBytes: 64 * 1024 });
    ({ teacher, student, teacherMe, studentMe, chain, groupId, outsider, outsiderMe } =
      await demoConversation(t));
  });
  after(async () => t.close());

  const post = async <T>(client: Client, path: string, body: unknown, status = 200) => {
    const response = await client.post(`/lms/api/chat/${path}`, body);
    assert.equal(response.statusCode, status, `${path}: ${response.body}`);
    return envelope<T>(response);
  };
  const open = async (client: Client, body: unknown) =>
    (await post<Opened>(client, 'messages.json', body)).data as Opened;
  const total = async (client: Client, me: Me) =>
    (
      (
        await post<{ total: number }>(client, 'count.json', {
          ...chain,
          id_from: me.id,
          id_from_type: me.role,
        })
      ).data as { total: number }
    ).total;

  test('opening a conversation: the page around the first unread, with the unread count', async () => {
    const opened = await open(student, target(studentMe, chain, teacherMe.id));
    assert.equal(opened.unreades_total, 4, 'the seeded student has 4 unread teacher messages');
    assert.ok(opened.unreades_start !== null);
    const ids = opened.messages.map((m) => m.id_message);
    assert.ok(ids.includes(opened.unreades_start), 'the page holds the first unread message');
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => a - b),
      'oldest first',
    );
    assert.ok(opened.messages.length <= 20);
    assert.equal(opened.hasOlder, true, '65 messages do not fit one page');
    const mine = opened.messages.filter((m) => m.ismine);
    assert.ok(mine.length > 0 && mine.every((m) => m.fio.startsWith('Жумабаева')));
    const teacherView = await open(teacher, target(teacherMe, chain, studentMe.id));
    assert.equal(teacherView.unreades_total, 3);
  });

  test('paging: old.json walks back 20 at a time, fewer than 20 ends it; new.json forward', async () => {
    const body = target(teacherMe, chain, studentMe.id);
    const opened = await open(teacher, body);
    let all: Message[] = opened.messages;
    let pages = 0;
    for (;;) {
      const top = all[0]?.id_message as number;
      const older = (await post<Message[]>(teacher, 'old.json', { ...body, id_top_message: top }))
        .data as Message[];
      pages++;
      assert.ok(older.every((m) => m.id_message < top));
      all = [...older, ...all];
      if (older.length < 20) break;
      assert.equal(older.length, 20);
    }
    assert.ok(pages >= 2);
    const forward: Message[] = [];
    let last = 0;
    for (;;) {
      const page = (await post<Message[]>(teacher, 'new.json', { ...body, id_last_message: last }))
        .data as Message[];
      forward.push(...page);
      if (page.length < 20) break;
      last = page[page.length - 1]?.id_message as number;
    }
    assert.equal(forward.length, 65);
    const ids = [...new Set(all.map((m) => m.id_message))];
    assert.deepEqual(
      ids,
      forward.map((m) => m.id_message),
      'both walks see the same 65 messages',
    );
  });

  test('paging boundaries: exactly 20 and fewer than 20', async () => {
    // Two fresh conversations of the teacher with two classmates of the demo student.
    const mates = await t.app.db.kysely
      .selectFrom('students')
      .select('id')
      .where('group_id', '=', groupId)
      .where('id', '!=', studentMe.id)
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    const subgroupFree = await t.app.db.kysely
      .selectFrom('teaching_assignments')
      .select('id')
      .where('teacher_id', '=', teacherMe.id)
      .where('discipline_id', '=', chain.id_discipline)
      .where('group_id', '=', groupId)
      .where('subgroup_id', 'is', null)
      .executeTakeFirst();
    assert.ok(subgroupFree, 'the teacher teaches the whole group');
    for (const [index, size] of [20, 19].entries()) {
      const mate = mates[index]?.id as number;
      const body = target(teacherMe, chain, mate);
      for (let n = 0; n < size; n++) {
        const response = await send(teacher, { ...body, message: `boundary ${n}` });
        assert.equal(response.statusCode, 200, response.body);
      }
      const opened = await open(teacher, body);
      assert.equal(opened.messages.length, size);
      assert.equal(opened.hasOlder, false);
      assert.equal(opened.hasNewer, false);
      const first = await post<Message[]>(teacher, 'new.json', { ...body, id_last_message: 0 });
      assert.equal(first.data?.length, size);
      const top = opened.messages[0]?.id_message as number;
      const older = await post<Message[]>(teacher, 'old.json', { ...body, id_top_message: top });
      assert.deepEqual(older.data, []);
      if (size === 20) {
        // A full page may have more behind it: the next call answers that there is none.
        const last = opened.messages[19]?.id_message as number;
        const next = await post<Message[]>(teacher, 'new.json', { ...body, id_last_message: last });
        assert.deepEqual(next.data, []);
      }
    }
  });

  test('unread arithmetic: one read lowers the count by 1, read all sets 0', async () => {
    const body = target(studentMe, chain, teacherMe.id);
    const opened = await open(student, body);
    const before = opened.unreades_total;
    const totalBefore = await total(student, studentMe);
    const first = opened.unreades_start as number;
    const left = await post<number>(student, 'read.json', { id_message: first });
    assert.equal(left.data, before - 1);
    assert.equal(await total(student, studentMe), totalBefore - 1);
    // Reading it again changes nothing.
    assert.equal(
      (await post<number>(student, 'read.json', { id_message: first })).data,
      before - 1,
    );
    const counts = await post<{ contacts: { idid: number; countMessages: number }[] }>(
      student,
      'count.json',
      { ...chain, id_from: studentMe.id, id_from_type: 2 },
    );
    assert.equal(
      counts.data?.contacts.find((c) => c.idid === teacherMe.id)?.countMessages,
      before - 1,
    );
    assert.equal((await post<number>(student, 'readall.json', body)).data, 0);
    assert.equal(await total(student, studentMe), totalBefore - before);
    // Read marks are per reader: the teacher's unread count is untouched.
    assert.equal((await open(teacher, target(teacherMe, chain, studentMe.id))).unreades_total, 3);
    // A new message from the teacher is one more unread for the student.
    await send(teacher, { ...target(teacherMe, chain, studentMe.id), message: 'ещё одно' });
    assert.equal(await total(student, studentMe), totalBefore - before + 1);
  });

  test('group chat: open to the group and its teacher, with per-reader unread', async () => {
    const studentBody = target(studentMe, chain, -1, groupId);
    const opened = (await post<Opened>(student, 'group/messages.json', studentBody)).data as Opened;
    assert.equal(opened.unreades_total, 6);
    const teacherBody = target(teacherMe, chain, -1, groupId);
    const teacherOpened = (await post<Opened>(teacher, 'group/messages.json', teacherBody))
      .data as Opened;
    assert.equal(teacherOpened.unreades_total, 5);
    const sent = await send(student, { ...studentBody, message: 'Всем привет' });
    assert.equal(sent.statusCode, 200, sent.body);
    const counts = await post<{ contacts: { idid: number; countMessages: number }[] }>(
      teacher,
      'count.json',
      { ...chain, id_from: teacherMe.id, id_from_type: 1, id_group: groupId },
    );
    assert.equal(counts.data?.contacts.find((c) => c.idid === -1)?.countMessages, 6);
    await post(student, 'messages.json', { ...studentBody, id_to: teacherMe.id, id_to_type: 1 });
    await post(student, 'group/messages.json', { ...studentBody, id_to: teacherMe.id }, 400);
  });

  test('permissions: outsiders, other identities and wrong roles get 403', async () => {
    // A student of another group cannot talk to the teacher in this discipline, nor join the chat.
    await post(outsider, 'messages.json', target(outsiderMe, chain, teacherMe.id), 403);
    await post(outsider, 'group/messages.json', target(outsiderMe, chain, -1, groupId), 403);
    const refused = await send(outsider, {
      ...target(outsiderMe, chain, -1, groupId),
      message: 'чужой',
    });
    assert.equal(refused.statusCode, 403);
    // Refused before a byte of the file is stored: a file over the limit gets the 403, not a 413.
    const refusedUpload = await send(
      outsider,
      { ...target(outsiderMe, chain, -1, groupId), message: 'чужой' },
      [{ name: 'big.bin', content: Buffer.alloc(200 * 1024, 1) }],
    );
    assert.equal(refusedUpload.statusCode, 403);
    // Identity comes from the session: naming the demo student as sender is refused.
    await post(outsider, 'messages.json', target(studentMe, chain, teacherMe.id), 403);
    // Students talk to teachers, not to each other.
    await post(
      student,
      'messages.json',
      { ...target(studentMe, chain, outsiderMe.id), id_to_type: 2 },
      403,
    );
    // Reading someone else's message by id.
    const opened = await open(student, target(studentMe, chain, teacherMe.id));
    const someId = opened.messages[0]?.id_message as number;
    await post(outsider, 'read.json', { id_message: someId }, 403);
    // A missing message looks like someone else's: ids cannot be probed.
    await post(student, 'read.json', { id_message: 999_999 }, 403);
    // Unauthenticated.
    const anonymous = await t.client().prime();
    const response = await anonymous.post('/lms/api/chat/count.json', {
      ...chain,
      id_from: 1,
      id_from_type: 1,
    });
    assert.equal(response.statusCode, 401);
  });

  test('only the author deletes a message; the answer is 1', async () => {
    const body = target(studentMe, chain, teacherMe.id);
    const sent = envelope<Message>(await send(student, { ...body, message: 'удалю' }))
      .data as Message;
    await post(
      teacher,
      'deletemessage.json',
      { id_message: sent.id_message, uid: teacherMe.uid },
      403,
    );
    await post(
      student,
      'deletemessage.json',
      { id_message: sent.id_message, uid: teacherMe.uid },
      403,
    );
    const still = await post<Message[]>(teacher, 'new.json', {
      ...target(teacherMe, chain, studentMe.id),
      id_last_message: sent.id_message - 1,
    });
    assert.equal(still.data?.[0]?.id_message, sent.id_message);
    const deleted = await post<number>(student, 'deletemessage.json', {
      id_message: sent.id_message,
      uid: studentMe.uid,
    });
    assert.equal(deleted.data, 1);
    // A reader whose mark arrives after the author deleted the message: nothing to mark, no error.
    const reader = { role: teacherMe.role, id: teacherMe.id };
    await t.app.repos.chat.markRead(reader, sent.id_message);
    const marks = await t.app.db.kysely
      .selectFrom('chat_reads')
      .select('message_id')
      .where('message_id', '=', sent.id_message)
      .execute();
    assert.deepEqual(marks, []);
    await post(
      student,
      'deletemessage.json',
      { id_message: sent.id_message, uid: studentMe.uid },
      403,
    );
  });

  test('a message sent again with its outbox key (Idempotency-Key) is stored and announced once', async () => {
    const body = { ...target(studentMe, chain, teacherMe.id), message: 'из очереди' };
    const sendKeyed = (client: Client, fields: Record<string, string | number>, key: string) => {
      const form = multipart(fields);
      return client.request({
        method: 'POST',
        url: '/lms/api/chat/insert.json',
        payload: form.payload,
        headers: { ...form.headers, 'idempotency-key': key },
      });
    };
    const count = async () =>
      Number(
        (
          await t.app.db.kysely
            .selectFrom('chat_messages')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('message', '=', 'из очереди')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const key = `outbox-${Date.now()}`;
    const first = envelope<Message>(await sendKeyed(student, body, key)).data as Message;
    // The answer was lost; the outbox sends again, twice at once.
    const again = await Promise.all([sendKeyed(student, body, key), sendKeyed(student, body, key)]);
    for (const response of again) {
      assert.equal(response.statusCode, 200, response.body);
      assert.equal((envelope<Message>(response).data as Message).id_message, first.id_message);
    }
    assert.equal(await count(), 1);
    // The teacher sees it once.
    const seen = await post<Message[]>(teacher, 'new.json', {
      ...target(teacherMe, chain, studentMe.id),
      id_last_message: first.id_message - 1,
    });
    assert.equal(seen.data?.filter((m) => m.message === 'из очереди').length, 1);
    // Another sender's key is theirs: the same key from the teacher is a new message.
    const reply = { ...target(teacherMe, chain, studentMe.id), message: 'из очереди' };
    const teachers = envelope<Message>(await sendKeyed(teacher, reply, key)).data as Message;
    assert.notEqual(teachers.id_message, first.id_message);
    assert.equal(await count(), 2);
    // A malformed key is refused (in the caller's language) and stores nothing.
    for (const bad of ['short', 'with space in it', 'ключ-на-кириллице', 'x'.repeat(65)]) {
      const refused = await sendKeyed(student, body, bad);
      assert.equal(refused.statusCode, 400, bad);
      assert.equal(envelope(refused).error, CHAT_MESSAGES.badMessageKey.ru);
    }
    assert.equal(await count(), 2);
  });

  test('files: round trip for participants only, limits with no partial write', async () => {
    const body = target(teacherMe, chain, studentMe.id);
    const content = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251));
    const sent = await send(teacher, { ...body, message: '' }, [
      { name: 'Лабораторная 1.pdf', content },
      { name: '../../etc/passwd', content: Buffer.from('x') },
    ]);
    assert.equal(sent.statusCode, 200, sent.body);
    const message = envelope<Message>(sent).data as Message;
    assert.deepEqual(message.files, ['Лабораторная 1.pdf', 'passwd']);
    const url = (name: string, id = message.id_message) =>
      `/lms/api/chat/download.file?id=${id}&name=${encodeURIComponent(name)}`;
    const download = await student.get(url('Лабораторная 1.pdf'));
    assert.equal(download.statusCode, 200);
    assert.deepEqual(download.rawPayload, content);
    assert.match(String(download.headers['content-disposition']), /filename\*=UTF-8''/);
    assert.equal((await outsider.get(url('Лабораторная 1.pdf'))).statusCode, 403);
    assert.equal((await student.get(url('../../etc/passwd'))).statusCode, 404);
    assert.equal((await student.get(url('nothing.pdf'))).statusCode, 404);
    assert.equal((await student.get(url('passwd', 999_999))).statusCode, 403);
    assert.equal((await student.get('/lms/api/chat/download.file?id=..&name=x')).statusCode, 400);

    // Over the limit (64 KiB here): 413, and neither a message nor a file is left behind.
    const countBefore = await t.app.db.kysely
      .selectFrom('chat_messages')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const foldersBefore = await readdir(join(t.dataDir, 'uploads', 'chat'));
    const big = await send(teacher, { ...body, message: 'большой' }, [
      { name: 'small.txt', content: Buffer.alloc(1000, 1) },
      { name: 'big.bin', content: Buffer.alloc(70 * 1024, 2) },
    ]);
    assert.equal(big.statusCode, 413, big.body);
    assert.match(String(envelope(big).error), /слишком большие/);
    const countAfter = await t.app.db.kysely
      .selectFrom('chat_messages')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    assert.equal(Number(countAfter.n), Number(countBefore.n));
    assert.deepEqual(await readdir(join(t.dataDir, 'uploads', 'chat')), foldersBefore);
    assert.deepEqual(await readdir(join(t.dataDir, 'uploads', 'incoming')), []);

    // Nothing to send, and a malformed target.
    const empty = await send(teacher, { ...body, message: '   ' });
    assert.equal(empty.statusCode, 400);
    const malformed = await send(teacher, { ...body, id_to: 'abc', message: 'x' });
    assert.equal(malformed.statusCode, 400);
    const deleted = await post<number>(teacher, 'deletemessage.json', {
      id_message: message.id_message,
      uid: teacherMe.uid,
    });
    assert.equal(deleted.data, 1);
    assert.equal((await student.get(url('Лабораторная 1.pdf'))).statusCode, 403);
  });

  test("refusals come in the caller's language: the lang cookie (en) or Accept-Language (kg)", async () => {
    const personal = target(teacherMe, chain, studentMe.id);
    const sent = await send(student, { ...target(studentMe, chain, teacherMe.id), message: 'x' });
    const theirs = (envelope<Message>(sent).data as Message).id_message;
    for (const lang of ['en', 'kg'] as const) {
      const copy = teacher.on(t.app);
      if (lang === 'en') copy.cookies.set('lang', 'en');
      const headers = lang === 'kg' ? { 'accept-language': 'ky, ru;q=0.5' } : {};
      const insert = (
        fields: Record<string, string | number>,
        files: { name: string; content: Buffer }[] = [],
      ) => {
        const body = multipart(fields, files);
        return copy.request({
          method: 'POST',
          url: '/lms/api/chat/insert.json',
          payload: body.payload,
          headers: { ...body.headers, ...headers },
        });
      };
      const refusal = (response: LightMyRequestResponse, status: number, text: Text) => {
        assert.equal(response.statusCode, status, `${lang}: ${response.body}`);
        assert.equal(envelope(response).error, text[lang]);
        assert.notEqual(text[lang], text.ru);
      };
      refusal(await insert({ ...personal, message: '  ' }), 400, CHAT_MESSAGES.empty);
      const long = 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1);
      refusal(await insert({ ...personal, message: long }), 400, CHAT_MESSAGES.tooLong);
      const big = await insert({ ...personal, message: 'x' }, [
        { name: 'big.bin', content: Buffer.alloc(70 * 1024, 2) },
      ]);
      const limit = { kg: '64 КБ', ru: '64 КБ', en: '64 KB' };
      refusal(big, 413, fill(CHAT_UPLOAD_MESSAGES.tooLarge, { size: limit }));
      const remove = await copy.request({
        method: 'POST',
        url: '/lms/api/chat/deletemessage.json',
        payload: { id_message: theirs, uid: teacherMe.uid },
        headers,
      });
      refusal(remove, 403, CHAT_MESSAGES.notAuthor);
      // A conversation that is not the caller's: the shared refusal, in their language.
      const foreign = await copy.request({
        method: 'POST',
        url: '/lms/api/chat/messages.json',
        payload: target(teacherMe, chain, outsiderMe.id),
        headers,
      });
      refusal(foreign, 403, MESSAGES.forbidden);
    }
  });

  test('200 concurrent senders × 10 messages: each stored once, in order per sender', async () => {
    const members = await t.app.db.kysely
      .selectFrom('users')
      .leftJoin('students', 'students.id', 'users.student_id')
      .select(['users.id', 'users.role', 'users.teacher_id', 'users.student_id'])
      .where((eb) =>
        eb.or([eb('students.group_id', '=', groupId), eb('users.teacher_id', '=', teacherMe.id)]),
      )
      .where('users.must_change_credentials', '=', 0)
      .execute();
    assert.ok(members.length >= 10);
    const senders = await Promise.all(
      Array.from({ length: 200 }, async (_, index) => {
        const member = members[index % members.length];
        if (!member) throw new Error('no member');
        const me: Me = {
          uid: member.id,
          role: member.role,
          id: (member.role === 1 ? member.teacher_id : member.student_id) as number,
        };
        return { index, me, client: await sessionFor(t, member.id) };
      }),
    );
    const before = await t.app.db.kysely
      .selectFrom('chat_messages')
      .select((eb) => eb.fn.max('id').as('max'))
      .executeTakeFirstOrThrow();
    await Promise.all(
      senders.map(async ({ index, me, client }) => {
        for (let n = 0; n < 10; n++) {
          const body = multipart({ ...target(me, chain, -1, groupId), message: `s${index}-${n}` });
          const response = await client.request({
            method: 'POST',
            url: '/lms/api/chat/insert.json',
            payload: body.payload,
            headers: body.headers,
          });
          assert.equal(response.statusCode, 200, response.body);
        }
      }),
    );
    const rows = await t.app.db.kysely
      .selectFrom('chat_messages')
      .select(['id', 'message'])
      .where('id', '>', Number(before.max ?? 0))
      .orderBy('id')
      .execute();
    assert.equal(rows.length, 2000);
    assert.equal(new Set(rows.map((r) => r.message)).size, 2000, 'every message stored once');
    const lastSeen = new Map<string, number>();
    for (const row of rows) {
      const [senderKey, n] = row.message.split('-') as [string, string];
      const previous = lastSeen.get(senderKey) ?? -1;
      assert.equal(Number(n), previous + 1, `sender ${senderKey} in order`);
      lastSeen.set(senderKey, Number(n));
    }
    assert.equal(lastSeen.size, 200);
  });
});
