import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  NEWS_MESSAGE_MAX_LENGTH,
  type Language,
  type NewsItem,
  type NewsPage,
} from '@lms/shared/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { NEWS_MESSAGES } from '../src/areas/news/messages.js';
import { INPUT_MESSAGES } from '../src/lib/input-rules.js';
import { MESSAGES, type Text } from '../src/lib/messages.js';
import { VALIDATION_MESSAGES } from '../src/lib/validation-messages.js';
import { type Client, createTestApp, DEMO, envelope, type TestApp, writeFiles } from './helper.js';

interface Me {
  uid: number;
  id: number;
  role: 1 | 2;
}

async function me(client: Client): Promise<Me> {
  const user = envelope<{ user: Me }>(await client.post('/lms/api/auth/enticate.json', {})).data
    ?.user;
  assert.ok(user);
  return user;
}

interface Upload {
  name: string;
  bytes: Buffer;
}

/** A multipart body as a browser's FormData would send it. */
async function multipart(fields: Record<string, string>, files: Upload[] = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append('files', new Blob([file.bytes]), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

async function insert(client: Client, fields: Record<string, string>, files: Upload[] = []) {
  const body = await multipart(fields, files);
  return client.request({ method: 'POST', url: '/lms/api/news/insert.json', ...body });
}

async function allPages(client: Client): Promise<NewsItem[]> {
  const items: NewsItem[] = [];
  for (let page = 1; page < 50; page++) {
    const data = envelope<NewsPage>(await client.post('/lms/api/news/data.json', { page })).data;
    assert.ok(data);
    items.push(...data.items);
    if (!data.hasMore) return items;
  }
  throw new Error('paging never ended');
}

const download = (client: Client, filename: string, type = '4') =>
  client.get(`/lms/api/news/download.file?${new URLSearchParams({ filename, type }).toString()}`);

async function listDir(path: string): Promise<string[]> {
  try {
    return (await readdir(path)).sort();
  } catch {
    return [];
  }
}

describe('news', () => {
  let t: TestApp;
  let teacher: Client;
  let student: Client;
  let teacherMe: Me;
  let studentMe: Me;
  /** Another teacher who may publish (seeded dean's office) and one who may not. */
  let publisher: Client;
  let plainTeacher: Client;
  let studentFaculty: number;
  let otherFaculty: number;

  before(async () => {
    t = await createTestApp();
    teacher = await t.login(DEMO.teacher);
    student = await t.login(DEMO.student);
    teacherMe = await me(teacher);
    studentMe = await me(student);
    const k = t.app.db.kysely;
    const logins = await k
      .selectFrom('users')
      .select(['login', 'news_perms'])
      .where('role', '=', 1)
      .where('login', '!=', DEMO.teacher.login)
      .orderBy('id')
      .execute();
    const withPerms = logins.find((row) => row.news_perms === 1);
    const without = logins.find((row) => row.news_perms === 0);
    assert.ok(withPerms && without, 'the seed has teachers with and without newsPerms');
    publisher = await t.login({ login: withPerms.login, password: 'Teacher1' });
    plainTeacher = await t.login({ login: without.login, password: 'Teacher1' });
    const faculty = await k
      .selectFrom('students as s')
      .innerJoin('groups as g', 'g.id', 's.group_id')
      .innerJoin('specialities as sp', 'sp.id', 'g.speciality_id')
      .select('sp.faculty_id')
      .where('s.id', '=', studentMe.id)
      .executeTakeFirstOrThrow();
    studentFaculty = faculty.faculty_id;
    const other = await k
      .selectFrom('faculties')
      .select('id')
      .where('id', '!=', studentFaculty)
      .executeTakeFirstOrThrow();
    otherFaculty = other.id;
  });
  after(async () => t.close());

  test('the seed has ≥ 40 items with mixed audiences, faculties and attachments on disk', async () => {
    const k = t.app.db.kysely;
    const rows = await k.selectFrom('news').select(['audience', 'faculty_id']).execute();
    assert.ok(rows.length >= 40);
    for (const audience of ['all', 'teachers', 'students']) {
      assert.ok(
        rows.some((row) => row.audience === audience),
        audience,
      );
    }
    assert.ok(rows.some((row) => row.faculty_id === null));
    assert.ok(rows.some((row) => row.faculty_id !== null));
    const files = await k
      .selectFrom('attachments')
      .selectAll()
      .where('owner_area', '=', 'news')
      .execute();
    assert.ok(files.length >= 5);
    for (const file of files) {
      const bytes = await readFile(
        join(t.dataDir, 'uploads', 'news', String(file.owner_id), file.stored_name),
      );
      assert.equal(bytes.length, Number(file.size));
    }
  });

  test('pages are newest first, 10 per page, and say whether more exist', async () => {
    const first = envelope<NewsPage>(await teacher.post('/lms/api/news/data.json', { page: 1 }));
    assert.equal(first.result, false);
    assert.equal(first.data?.items.length, 10);
    assert.equal(first.data?.hasMore, true);
    const items = await allPages(teacher);
    const ids = items.map((item) => item.id_eventMessage);
    assert.equal(new Set(ids).size, ids.length, 'no item on two pages');
    const times = items.map((item) => Date.parse(item.created));
    assert.deepEqual(
      times,
      [...times].sort((a, b) => b - a),
    );
    const beyond = envelope<NewsPage>(
      await teacher.post('/lms/api/news/data.json', { page: Math.ceil(items.length / 10) + 1 }),
    );
    assert.deepEqual(beyond.data?.items, []);
    assert.equal(beyond.data?.hasMore, false);
  });

  test('each reader sees exactly what is addressed to them', async () => {
    const rows = await t.app.db.kysely.selectFrom('news').selectAll().execute();
    const teacherFaculty = (
      await t.app.db.kysely
        .selectFrom('teachers as x')
        .innerJoin('departments as d', 'd.id', 'x.department_id')
        .select('d.faculty_id')
        .where('x.id', '=', teacherMe.id)
        .executeTakeFirstOrThrow()
    ).faculty_id;
    const expected = (uid: number, audience: string, faculty: number) =>
      rows
        .filter(
          (row) =>
            row.author_uid === uid ||
            ((row.audience === 'all' || row.audience === audience) &&
              (row.faculty_id === null || row.faculty_id === faculty)),
        )
        .map((row) => row.id)
        .sort((a, b) => a - b);
    const seen = async (client: Client) =>
      (await allPages(client)).map((item) => item.id_eventMessage).sort((a, b) => a - b);

    const studentIds = await seen(student);
    assert.deepEqual(studentIds, expected(studentMe.uid, 'students', studentFaculty));
    assert.deepEqual(await seen(teacher), expected(teacherMe.uid, 'teachers', teacherFaculty));
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const id of studentIds) {
      const row = byId.get(id);
      assert.notEqual(row?.audience, 'teachers');
      assert.ok(row?.faculty_id === null || row?.faculty_id === studentFaculty);
    }
  });

  test('items carry the spec fields; canEdit only on the newsPerms author’s own items', async () => {
    const items = await allPages(teacher);
    const item = items[0];
    assert.ok(item);
    assert.match(item['p23-1'], /^Преподаватель\|.+/);
    assert.equal(item.authorRole, 1);
    assert.equal(typeof item.fileName, 'string');
    const rows = await t.app.db.kysely.selectFrom('news').select(['id', 'author_uid']).execute();
    const author = new Map(rows.map((row) => [row.id, row.author_uid]));
    for (const each of items) {
      assert.equal(each.canEdit, author.get(each.id_eventMessage) === teacherMe.uid);
    }
    assert.ok(items.some((each) => each.canEdit));
    for (const each of await allPages(student)) assert.equal(each.canEdit, false);
  });

  test('check.json reports the permission; a payload naming someone else → 403', async () => {
    const yes = await teacher.post('/lms/api/news/check.json', { id: teacherMe.id, type: 1 });
    assert.deepEqual(envelope(yes).data, { newsPerms: true });
    const no = await student.post('/lms/api/news/check.json', { id: studentMe.id, type: 2 });
    assert.deepEqual(envelope(no).data, { newsPerms: false });
    const other = await student.post('/lms/api/news/check.json', { id: teacherMe.id, type: 1 });
    assert.equal(other.statusCode, 403);
    const forged = await student.post('/lms/api/news/data.json', { page: 1, uid: teacherMe.uid });
    assert.equal(forged.statusCode, 403);
  });

  test('without a session every call is 401; bad input is 400', async () => {
    const anonymous = await t.client().prime();
    assert.equal((await anonymous.post('/lms/api/news/data.json', { page: 1 })).statusCode, 401);
    assert.equal((await download(anonymous, '1_x.txt')).statusCode, 401);
    const bad = await teacher.post('/lms/api/news/data.json', { page: 0 });
    assert.equal(bad.statusCode, 400);
    assert.match(String(envelope(bad).error), /page/);
    assert.equal((await insert(teacher, { message: '  ', audience: 'all' })).statusCode, 400);
    const audience = await insert(teacher, { message: 'x', audience: 'parents' });
    assert.equal(audience.statusCode, 400);
    assert.equal(envelope(audience).error, 'Адресаты: all, teachers или students');
    const faculty = await insert(teacher, { message: 'x', audience: 'all', faculty: '999' });
    assert.equal(faculty.statusCode, 400);
  });

  test('students and teachers without newsPerms cannot insert, delete or update', async () => {
    const before = await t.app.db.kysely.selectFrom('news').select('id').execute();
    for (const client of [student, plainTeacher]) {
      const response = await insert(client, { message: 'Не моя новость', audience: 'all' }, [
        { name: 'a.txt', bytes: Buffer.from('a') },
      ]);
      assert.equal(response.statusCode, 403);
      assert.equal(envelope(response).error, 'Нет права публиковать и удалять новости');
      const id = before[0]?.id ?? 1;
      assert.equal((await client.post('/lms/api/news/delete.json', { id })).statusCode, 403);
      assert.equal(
        (await client.post('/lms/api/news/update.json', { id, message: 'x' })).statusCode,
        403,
      );
    }
    const afterRows = await t.app.db.kysely.selectFrom('news').select('id').execute();
    assert.equal(afterRows.length, before.length);
  });

  test('a file without a name is kept under a generated one; an empty unnamed part is skipped', async () => {
    const response = await insert(
      teacher,
      { message: 'Файл без имени', audience: 'all', faculty: '' },
      [
        { name: '', bytes: Buffer.from('без имени') },
        { name: '', bytes: Buffer.alloc(0) },
        { name: '..', bytes: Buffer.from('точки') },
      ],
    );
    assert.equal(response.statusCode, 200, response.body);
    const item = envelope<NewsItem>(response).data;
    assert.ok(item);
    assert.deepEqual(item.fileName.split(';!;'), ['file', 'file (2)']);
    const first = await download(student, `${item.id_eventMessage}_file`);
    assert.equal(first.statusCode, 200);
    assert.equal(first.body, 'без имени');
  });

  test('an item posted for students with attachments round-trips byte-identical', async () => {
    const binary = randomBytes(50_000);
    const text = Buffer.from('Экзамен по базам данных — ауд. 305\n', 'utf8');
    const response = await insert(
      teacher,
      { message: 'Студентам: материалы к экзамену', audience: 'students', faculty: '' },
      [
        { name: 'Материалы_к экзамену.pdf', bytes: binary },
        { name: '../../etc/passwd;!;x.txt', bytes: text },
      ],
    );
    assert.equal(response.statusCode, 200, response.body);
    const item = envelope<NewsItem>(response).data;
    assert.ok(item);
    assert.equal(item.audience, 'students');
    assert.equal(item.canEdit, true);
    const names = item.fileName.split(';!;');
    assert.deepEqual(names, ['Материалы_к экзамену.pdf', 'passwd_x.txt']);

    // The newest item on the student's first page.
    const page = envelope<NewsPage>(await student.post('/lms/api/news/data.json', { page: 1 }));
    assert.equal(page.data?.items[0]?.id_eventMessage, item.id_eventMessage);
    assert.equal(page.data?.items[0]?.canEdit, false);

    const first = await download(student, `${item.id_eventMessage}_${names[0]}`);
    assert.equal(first.statusCode, 200);
    assert.ok(first.rawPayload.equals(binary), 'byte-identical');
    // The stored media type (downloads.test.ts: active content is never served as such).
    assert.equal(first.headers['content-type'], 'application/pdf');
    assert.equal(
      first.headers['content-disposition'],
      `attachment; filename="___________ ________.pdf"; filename*=UTF-8''${encodeURIComponent('Материалы_к экзамену.pdf')}`,
    );
    const second = await download(student, `${item.id_eventMessage}_passwd_x.txt`);
    assert.ok(second.rawPayload.equals(text));

    // Files on disk under generated names in the item's folder; no staging leftovers.
    const folder = join(t.dataDir, 'uploads', 'news', String(item.id_eventMessage));
    const stored = await listDir(folder);
    assert.equal(stored.length, 2);
    for (const name of stored) assert.match(name, /^f\d-[0-9a-f]{16}\.(pdf|txt)$/);
    assert.deepEqual(await listDir(join(t.dataDir, 'uploads', 'incoming')), []);

    // A teacher is not addressed by a students-only item of someone else: no file for them.
    assert.equal(
      (await download(publisher, `${item.id_eventMessage}_${names[0]}`)).statusCode,
      404,
    );
  });

  test('a teacher-only item and its file are invisible to the student', async () => {
    const response = await insert(
      teacher,
      { message: 'Только преподавателям: совет', audience: 'teachers' },
      [{ name: 'protocol.txt', bytes: Buffer.from('secret') }],
    );
    const item = envelope<NewsItem>(response).data;
    assert.ok(item);
    const seen = (await allPages(student)).map((each) => each.id_eventMessage);
    assert.ok(!seen.includes(item.id_eventMessage));
    assert.equal((await download(student, `${item.id_eventMessage}_protocol.txt`)).statusCode, 404);
    assert.equal(
      (await download(publisher, `${item.id_eventMessage}_protocol.txt`)).statusCode,
      200,
    );

    // Addressed to students of another faculty: invisible too.
    const elsewhere = envelope<NewsItem>(
      await insert(teacher, {
        message: 'Студентам другого факультета',
        audience: 'students',
        faculty: String(otherFaculty),
      }),
    ).data;
    assert.ok(elsewhere);
    assert.equal(elsewhere.id_faculty, otherFaculty);
    const again = (await allPages(student)).map((each) => each.id_eventMessage);
    assert.ok(!again.includes(elsewhere.id_eventMessage));
  });

  test('download refuses traversal, unknown files and other items’ files with 404', async () => {
    const file = await t.app.db.kysely
      .selectFrom('attachments as f')
      .innerJoin('news as n', 'n.id', 'f.owner_id')
      .select(['f.owner_id as news_id', 'f.original_name'])
      .where('f.owner_area', '=', 'news')
      .where('n.audience', '=', 'all')
      .where('n.faculty_id', 'is', null)
      .executeTakeFirstOrThrow();
    await mkdir(join(t.dataDir, 'uploads', 'news', String(file.news_id)), { recursive: true });
    assert.equal(
      (await download(student, `${file.news_id}_${file.original_name}`)).statusCode,
      200,
    );
    for (const filename of [
      `${file.news_id}_../../lms.sqlite`,
      `${file.news_id}_..%2F..%2Flms.sqlite`,
      `${file.news_id}_/etc/passwd`,
      `../${file.news_id}_${file.original_name}`,
      `${file.news_id}_nope.txt`,
      `${file.news_id + 100000}_${file.original_name}`,
      `0_${file.original_name}`,
      `x_${file.original_name}`,
      `${file.news_id}${file.original_name}`,
    ]) {
      const response = await download(student, filename);
      assert.equal(response.statusCode, 404, filename);
    }
    assert.equal(
      (await download(student, `${file.news_id}_${file.original_name}`, '5')).statusCode,
      400,
    );
  });

  test('update edits the text of one’s own item; another teacher’s item → 403', async () => {
    const item = envelope<NewsItem>(
      await insert(teacher, { message: 'Черновик объявления', audience: 'all' }),
    ).data;
    assert.ok(item);
    const edited = await teacher.post('/lms/api/news/update.json', {
      id: item.id_eventMessage,
      message: 'Исправленное объявление',
    });
    assert.equal(edited.statusCode, 200);
    assert.equal(envelope<NewsItem>(edited).data?.message, 'Исправленное объявление');
    const foreign = await publisher.post('/lms/api/news/update.json', {
      id: item.id_eventMessage,
      message: 'Чужая правка',
    });
    assert.equal(foreign.statusCode, 403);
    // A missing item gets the very same answer: other authors' ids cannot be probed.
    const missing = await publisher.post('/lms/api/news/update.json', { id: 999999, message: 'x' });
    assert.equal(missing.statusCode, 403);
    assert.equal(missing.body, foreign.body);
  });

  test('delete removes one’s own item and its files; another teacher’s item → 403', async () => {
    const item = envelope<NewsItem>(
      await insert(teacher, { message: 'Удалить меня', audience: 'all' }, [
        { name: 'temp.csv', bytes: Buffer.from('a;b\n1;2\n') },
      ]),
    ).data;
    assert.ok(item);
    const folder = join(t.dataDir, 'uploads', 'news', String(item.id_eventMessage));
    assert.equal((await listDir(folder)).length, 1);

    const foreignId = (
      await t.app.db.kysely
        .selectFrom('news')
        .select('id')
        .where('author_uid', '!=', teacherMe.uid)
        .executeTakeFirstOrThrow()
    ).id;
    const refused = await teacher.post('/lms/api/news/delete.json', { id: foreignId });
    assert.equal(refused.statusCode, 403);
    assert.ok(
      await t.app.db.kysely
        .selectFrom('news')
        .where('id', '=', foreignId)
        .select('id')
        .executeTakeFirst(),
    );

    const deleted = await teacher.post('/lms/api/news/delete.json', { id: item.id_eventMessage });
    assert.equal(deleted.statusCode, 200);
    assert.deepEqual(envelope(deleted).data, { id: item.id_eventMessage });
    assert.deepEqual(await listDir(folder), []);
    const rows = await t.app.db.kysely
      .selectFrom('attachments')
      .where('owner_area', '=', 'news')
      .where('owner_id', '=', item.id_eventMessage)
      .select('id')
      .execute();
    assert.deepEqual(rows, []);
    assert.equal((await download(teacher, `${item.id_eventMessage}_temp.csv`)).statusCode, 404);
    const again = await teacher.post('/lms/api/news/delete.json', { id: item.id_eventMessage });
    assert.equal(again.statusCode, 403);
  });

  test('a process that trusts its feed version for a while still shows its own changes at once', async () => {
    // Production reuses sessions and the feed version for 1 s; here for a minute, so the test
    // does not depend on timing.
    const trusting = await t.sibling({ sessionCacheMs: 60_000 });
    const firstPage = async (client: Client) =>
      envelope<NewsPage>(await client.post('/lms/api/news/data.json', { page: 1 })).data?.items ??
      [];
    await firstPage(student.on(trusting));
    const item = envelope<NewsItem>(
      await insert(teacher.on(trusting), { message: 'Своя новость', audience: 'all' }),
    ).data;
    assert.ok(item);
    const id = item.id_eventMessage;
    const shown = async () =>
      (await firstPage(student.on(trusting))).find((news) => news.id_eventMessage === id);
    assert.equal((await shown())?.message, 'Своя новость');
    const edited = await teacher.on(trusting).post('/lms/api/news/update.json', {
      id,
      message: 'Своя правка',
    });
    assert.equal(edited.statusCode, 200);
    assert.equal((await shown())?.message, 'Своя правка');
    const deleted = await teacher.on(trusting).post('/lms/api/news/delete.json', { id });
    assert.equal(deleted.statusCode, 200);
    assert.equal(await shown(), undefined);
  });

  test('another API process sees an item added, edited and deleted here on its next page', async () => {
    const other = await t.sibling();
    const firstPage = async (client: Client) => {
      const data = envelope<NewsPage>(
        await client.post('/lms/api/news/data.json', { page: 1 }),
      ).data;
      assert.ok(data);
      return data.items;
    };
    // The other process has read (and may keep) page 1 of both readers.
    await firstPage(student.on(other));
    await firstPage(teacher.on(other));
    const item = envelope<NewsItem>(
      await insert(teacher, { message: 'Новость для всех процессов', audience: 'all' }),
    ).data;
    assert.ok(item);
    const id = item.id_eventMessage;
    const seen = (await firstPage(student.on(other))).find((news) => news.id_eventMessage === id);
    assert.equal(seen?.message, 'Новость для всех процессов');
    assert.equal(seen.canEdit, false);
    const own = (await firstPage(teacher.on(other))).find((news) => news.id_eventMessage === id);
    assert.equal(own?.canEdit, true);

    // Two edits in a row (the same millisecond, as likely as not) both show.
    for (const message of ['Первая правка', 'Вторая правка']) {
      const edited = await teacher.post('/lms/api/news/update.json', { id, message });
      assert.equal(edited.statusCode, 200);
      const shown = (await firstPage(student.on(other))).find((n) => n.id_eventMessage === id);
      assert.equal(shown?.message, message);
    }

    assert.equal((await teacher.post('/lms/api/news/delete.json', { id })).statusCode, 200);
    const after = await firstPage(student.on(other));
    assert.equal(
      after.find((news) => news.id_eventMessage === id),
      undefined,
    );

    // A change written straight to the database (not through the API) moves the version too.
    const [newest] = after;
    assert.ok(newest);
    await t.app.db.kysely
      .updateTable('news')
      .set({ message: 'Исправлено в базе' })
      .where('id', '=', newest.id_eventMessage)
      .execute();
    const [fixed] = await firstPage(student.on(other));
    assert.equal(fixed?.message, 'Исправлено в базе');
  });

  test("refusals come in the caller's language: the lang cookie (en) or Accept-Language (kg)", async () => {
    /** The same signed-in client, reading English (cookie) or Kyrgyz (Accept-Language). */
    const speaking = (client: Client, lang: 'en' | 'kg') => {
      const copy = client.on(t.app);
      if (lang === 'en') copy.cookies.set('lang', 'en');
      const headers = lang === 'kg' ? { 'accept-language': 'ky-KG,ky;q=0.9' } : {};
      return {
        insert: async (fields: Record<string, string>) => {
          const body = await multipart(fields);
          return copy.request({
            method: 'POST',
            url: '/lms/api/news/insert.json',
            payload: body.payload,
            headers: { ...body.headers, ...headers },
          });
        },
        post: (url: string, payload: object) =>
          copy.request({ method: 'POST', url, payload, headers }),
      };
    };
    for (const lang of ['en', 'kg'] as const) {
      const refusal = async (response: LightMyRequestResponse, status: number, text: Text) => {
        assert.equal(response.statusCode, status, lang);
        assert.equal(envelope(response).error, text[lang]);
        assert.notEqual(text[lang], text.ru);
      };
      const plain = speaking(plainTeacher, lang);
      await refusal(
        await plain.insert({ message: 'x', audience: 'all' }),
        403,
        NEWS_MESSAGES.noPermission,
      );
      const author = speaking(teacher, lang);
      await refusal(
        await author.insert({ message: ' ', audience: 'all' }),
        400,
        NEWS_MESSAGES.messageRequired,
      );
      await refusal(
        await author.insert({ message: 'x', audience: 'parents' }),
        400,
        NEWS_MESSAGES.badAudience,
      );
      await refusal(
        await author.insert({ message: 'x', audience: 'all', faculty: '999' }),
        400,
        NEWS_MESSAGES.badFaculty,
      );
      // A field no schema sees (multipart) is refused in the same words a schema's would be.
      const field = (path: string, what: (l: Language) => string): Text => ({
        kg: `${INPUT_MESSAGES.invalid.kg}: body/${path} ${what('kg')}`,
        ru: `${INPUT_MESSAGES.invalid.ru}: body/${path} ${what('ru')}`,
        en: `${INPUT_MESSAGES.invalid.en}: body/${path} ${what('en')}`,
      });
      await refusal(
        await author.insert({ message: 'a\u0000b', audience: 'all' }),
        400,
        field('message', (l) => INPUT_MESSAGES.noNul[l]),
      );
      await refusal(
        await author.insert({ message: 'x'.repeat(NEWS_MESSAGE_MAX_LENGTH + 1), audience: 'all' }),
        400,
        field('message', (l) =>
          VALIDATION_MESSAGES.maxLength[l]({ v: String(NEWS_MESSAGE_MAX_LENGTH) }),
        ),
      );
      await refusal(
        await author.post('/lms/api/news/update.json', { id: 1, message: ' ' }),
        400,
        NEWS_MESSAGES.messageRequired,
      );
      // Someone else's item and a missing one: the one shared refusal, in the caller's language.
      await refusal(
        await author.post('/lms/api/news/delete.json', { id: 2_000_000 }),
        403,
        MESSAGES.forbidden,
      );
    }
  });

  test('an upload over the limit is 413 with a message and writes nothing', async () => {
    let small: FastifyInstance | undefined = await t.sibling({ uploadLimitBytes: 4096 });
    const client = teacher.on(small);
    const countNews = async () =>
      (await t.app.db.kysely.selectFrom('news').select('id').execute()).length;
    const newsBefore = await countNews();
    const foldersBefore = await listDir(join(t.dataDir, 'uploads', 'news'));

    // One file too big, and two files that are only too big together.
    for (const files of [
      [{ name: 'big.pdf', bytes: randomBytes(10_000) }],
      [
        { name: 'a.pdf', bytes: randomBytes(3000) },
        { name: 'b.pdf', bytes: randomBytes(3000) },
      ],
    ]) {
      const response = await insert(
        client,
        { message: 'Слишком большой файл', audience: 'all' },
        files,
      );
      assert.equal(response.statusCode, 413);
      assert.equal(
        envelope(response).error,
        'Файлы слишком большие: не больше 4 КБ на одну новость',
      );
    }
    assert.equal(await countNews(), newsBefore);
    assert.deepEqual(await listDir(join(t.dataDir, 'uploads', 'news')), foldersBefore);
    assert.deepEqual(await listDir(join(t.dataDir, 'uploads', 'incoming')), []);

    // In the caller's language, with the limit's units in it.
    const english = client.on(small);
    english.cookies.set('lang', 'en');
    const kyrgyz = await multipart({ message: 'x', audience: 'all' }, [
      { name: 'big.pdf', bytes: randomBytes(10_000) },
    ]);
    const refusals = {
      en: await insert(english, { message: 'x', audience: 'all' }, [
        { name: 'big.pdf', bytes: randomBytes(10_000) },
      ]),
      kg: await client.request({
        method: 'POST',
        url: '/lms/api/news/insert.json',
        payload: kyrgyz.payload,
        headers: { ...kyrgyz.headers, 'accept-language': 'ky' },
      }),
    };
    assert.equal(refusals.en.statusCode, 413);
    assert.equal(
      envelope(refusals.en).error,
      'The files are too large: at most 4 KB per news item',
    );
    assert.equal(refusals.kg.statusCode, 413);
    assert.equal(envelope(refusals.kg).error, 'Файлдар өтө чоң: бир жаңылыкка эң көп 4 КБ');

    // Within the limit the same instance accepts it.
    const fits = await insert(client, { message: 'Помещается', audience: 'all' }, [
      { name: 'ok.pdf', bytes: randomBytes(1000) },
    ]);
    assert.equal(fits.statusCode, 200);
    small = undefined;
  });
});

describe('deployed remote releases', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
    const files: Record<string, string> = {
      'deploy/news/2.0.0/mf-manifest.json': '{"name":"news"}',
      'deploy/news/2.0.0/remoteEntry.js': 'var news;',
      'deploy/news/2.0.0/412.abcdef12.js': 'chunk',
      'deploy/news/2.0.0/locales/ru/news.json': '{}',
      'deploy/news/2.0.0.partial/mf-manifest.json': '{}',
      'deploy/secret.txt': 'outside',
      'lms-secret.txt': 'outside',
    };
    await writeFiles(t.dataDir, files);
  });
  after(async () => t.close());

  test('serves release files with no-cache entries and long-cached chunks', async () => {
    const client = t.client();
    const manifest = await client.get('/lms/deploy/news/2.0.0/mf-manifest.json');
    assert.equal(manifest.statusCode, 200);
    assert.equal(manifest.body, '{"name":"news"}');
    assert.equal(manifest.headers['cache-control'], 'no-cache');
    const entry = await client.get('/lms/deploy/news/2.0.0/remoteEntry.js');
    assert.equal(entry.headers['cache-control'], 'no-cache');
    assert.match(String(entry.headers['content-type']), /javascript/);
    const chunk = await client.get('/lms/deploy/news/2.0.0/412.abcdef12.js');
    assert.equal(chunk.headers['cache-control'], 'public, max-age=31536000, immutable');
    const nested = await client.get('/lms/deploy/news/2.0.0/locales/ru/news.json');
    assert.equal(nested.statusCode, 200);
  });

  test('traversal, unknown remotes and bad versions → 404, never the SPA page', async () => {
    const client = t.client();
    for (const url of [
      '/lms/deploy/news/2.0.0/../../secret.txt',
      '/lms/deploy/news/2.0.0/%2e%2e/%2e%2e/secret.txt',
      '/lms/deploy/news/..%2F..%2F/lms-secret.txt',
      '/lms/deploy/news/.hidden/mf-manifest.json',
      '/lms/deploy/news/2.0.0.partial/mf-manifest.json',
      '/lms/deploy/shell/2.0.0/mf-manifest.json',
      '/lms/deploy/news/2.0.0/missing.js',
      '/lms/deploy/news/2.0.0/',
      '/lms/deploy/news',
    ]) {
      const response = await client.get(url);
      assert.equal(response.statusCode, 404, url);
    }
  });
});
