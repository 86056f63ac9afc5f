import assert from 'node:assert/strict';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { BookCategory, BookListResponse, EBook } from '@lms/shared/contract';
import { SEED_BOOK_COUNT } from '../src/db/seed/library.js';
import { createTestApp, DEMO, envelope, type Client, type TestApp } from './helper.js';
import { LIBRARY_MESSAGES, UPLOAD_MESSAGES } from '../src/areas/library/messages.js';
import { filesUnder, me, multipart, pdfBytes, postMultipart, type Me } from './library-helper.js';

const LIMIT = 256 * 1024;

describe('library: the e-library', () => {
  let t: TestApp;
  let teacher: Client;
  let student: Client;
  let other: Client;
  let teacherMe: Me;
  let studentMe: Me;
  let category: BookCategory;

  before(async () => {
    t = await createTestApp({ uploadLimitBytes: LIMIT });
    teacher = await t.login(DEMO.teacher);
    student = await t.login(DEMO.student);
    teacherMe = await me(teacher);
    studentMe = await me(student);
    // Another teacher: the first teacher account that is not the demo one.
    const row = await t.app.db.kysely
      .selectFrom('users')
      .select('login')
      .where('role', '=', 1)
      .where('login', '<>', DEMO.teacher.login)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await t.app.db.kysely
      .updateTable('users')
      .set({ must_change_credentials: 0 })
      .where('login', '=', row.login)
      .execute();
    other = await loginAs(row.login);
    const categories = envelope<BookCategory[]>(
      await student.post('/lms/api/library/bookcategories.json', { id_baseBookCategory: -1 }),
    ).data;
    assert.ok(categories && categories.length > 0);
    category = categories[0] as BookCategory;
  });
  after(() => t.close());

  /** Signs in a seeded teacher with a password set here. */
  async function loginAs(login: string): Promise<Client> {
    const { hashPassword } = await import('../src/areas/auth/password.js');
    await t.app.db.kysely
      .updateTable('users')
      .set({ password_hash: await hashPassword('Other123') })
      .where('login', '=', login)
      .execute();
    return t.login({ login, password: 'Other123' });
  }

  const list = async (client: Client, body: Record<string, unknown>) => {
    const response = await client.post('/lms/api/library/getbooklist.json', body);
    assert.equal(response.statusCode, 200, response.body);
    const data = envelope<BookListResponse>(response).data;
    assert.ok(data);
    return data;
  };

  const upload = (
    client: Client,
    fields: Record<string, string | number>,
    file?: { name: string; bytes: Buffer },
  ) =>
    postMultipart(
      client,
      '/lms/api/library/insertupdatebook.json',
      {
        id_eBook: -1,
        nameBook: 'Книга',
        author: 'Автор',
        description: '',
        totalPages: 10,
        id_bookCategory: category.id_bookCategory,
        ...fields,
      },
      file ? [file] : [],
    );

  test('the catalogue: base categories, their categories with counts, a full seeded list', async () => {
    const bases = envelope<{ id_baseBookCategory: number; name: string }[]>(
      await student.post('/lms/api/library/basebookcategories.json', {}),
    ).data;
    assert.ok(bases && bases.length >= 3);
    const first = bases[0];
    assert.ok(first);
    const categories = envelope<BookCategory[]>(
      await student.post('/lms/api/library/bookcategories.json', {
        id_baseBookCategory: first.id_baseBookCategory,
      }),
    ).data;
    assert.ok(categories && categories.length > 0);
    assert.ok(categories.every((c) => c.id_baseBookCategory === first.id_baseBookCategory));
    const all = await list(student, { id_bookCategory: -1 });
    assert.ok(all.total >= SEED_BOOK_COUNT, `total ${all.total}`);
    assert.equal(all.items.length, all.pageSize);
    assert.equal(all.found, null);
    // Newest first.
    const added = all.items.map((item) => item.added);
    assert.deepEqual(
      added,
      [...added].sort((a, b) => b - a),
    );
  });

  test('search: by name (mode 1) or author (mode 2), ignoring case, with the counts of the messages', async () => {
    const before = await list(student, { id_bookCategory: -1 });
    const created: number[] = [];
    for (const [name, author] of [
      ['Кыргыз тили: Грамматика ҮӨҢ', 'Жумабаева Ү. Т.'],
      ['кыргыз тили: фонетика', 'ЖУМАБАЕВА Ү. Т.'],
      ['Unrelated', 'Zzyzx Q.'],
    ] as const) {
      const response = await upload(
        teacher,
        { nameBook: name, author },
        { name: `${name}.pdf`, bytes: pdfBytes(name) },
      );
      assert.equal(response.statusCode, 200, response.body);
      created.push(envelope<EBook>(response).data?.id_eBook ?? 0);
    }
    const byName = await list(student, { id_bookCategory: -1, search: 'ГРАММАТИКА үөң', mode: 1 });
    assert.equal(byName.found, 1);
    assert.equal(byName.items[0]?.nameBook, 'Кыргыз тили: Грамматика ҮӨҢ');
    assert.equal(byName.total, before.total + 3);
    const byAuthor = await list(student, { id_bookCategory: -1, search: 'жумабаева ү', mode: 2 });
    assert.equal(byAuthor.found, 2);
    assert.deepEqual(
      byAuthor.items.map((item) => item.id_eBook).sort(),
      created.slice(0, 2).sort(),
    );
    // By name the author's text is not found; nothing found → every book, found 0.
    const none = await list(student, { id_bookCategory: -1, search: 'Zzyzx', mode: 1 });
    assert.equal(none.found, 0);
    assert.equal(none.total, before.total + 3);
    assert.equal(none.items.length, none.pageSize);
    // LIKE's wildcards are literal text.
    const wildcard = await list(student, { id_bookCategory: -1, search: '%_', mode: 1 });
    assert.equal(wildcard.found, 0);
    // Within a category.
    const inCategory = await list(student, {
      id_bookCategory: category.id_bookCategory,
      search: 'грамматика',
      mode: 1,
    });
    assert.equal(inCategory.found, 1);
  });

  test('upload: teachers only; bad fields are 400 and keep nothing', async () => {
    const refused = await upload(student, {}, { name: 'a.pdf', bytes: pdfBytes('s') });
    assert.equal(refused.statusCode, 403);
    const noFile = await upload(teacher, {});
    assert.equal(noFile.statusCode, 400);
    const noName = await upload(
      teacher,
      { nameBook: '  ' },
      { name: 'a.pdf', bytes: pdfBytes('n') },
    );
    assert.equal(noName.statusCode, 400);
    const badCategory = await upload(
      teacher,
      { id_bookCategory: 999_999 },
      { name: 'a.pdf', bytes: pdfBytes('c') },
    );
    assert.equal(badCategory.statusCode, 400);
    const pages = await upload(
      teacher,
      { totalPages: 'many' },
      { name: 'a.pdf', bytes: pdfBytes('p') },
    );
    assert.equal(pages.statusCode, 400);
    assert.deepEqual(await filesUnder(join(t.dataDir, 'uploads', 'incoming')), []);
  });

  test("another user's id in the payload is refused (403)", async () => {
    const spoofed = await upload(
      teacher,
      { id_human: studentMe.id, id_humanType: 1 },
      { name: 'a.pdf', bytes: pdfBytes('x') },
    );
    assert.equal(spoofed.statusCode, 403);
    const book = (await list(student, { id_bookCategory: -1 })).items[0];
    assert.ok(book);
    const check = await teacher.post('/lms/api/library/deletecheck.json', {
      id_human: teacherMe.id + 1,
      id_EBook: book.id_eBook,
    });
    assert.equal(check.statusCode, 403);
    const del = await teacher.post('/lms/api/library/deleteebook.json', {
      id_human: studentMe.id,
      id_humanType: 2,
      id_EBook: book.id_eBook,
    });
    assert.equal(del.statusCode, 403);
  });

  test('the size limit: a declared length over it is refused before reading (413), nothing kept', async () => {
    const big = Buffer.alloc(LIMIT + 1, 7);
    const count = await t.app.db.kysely
      .selectFrom('ebooks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const response = await upload(teacher, { nameBook: 'Big' }, { name: 'big.pdf', bytes: big });
    assert.equal(response.statusCode, 413);
    assert.match(envelope(response).error ?? '', /не больше/);
    // Chunked (no length): refused while it streams.
    const streamed = await (async () => {
      const { multipart } = await import('./library-helper.js');
      const body = await multipart(
        {
          id_eBook: -1,
          nameBook: 'Big',
          author: '',
          description: '',
          totalPages: 1,
          id_bookCategory: category.id_bookCategory,
        },
        [{ name: 'big.pdf', bytes: big }],
      );
      const { Readable } = await import('node:stream');
      return teacher.request({
        method: 'POST',
        url: '/lms/api/library/insertupdatebook.json',
        headers: { ...body.headers, 'transfer-encoding': 'chunked' },
        payload: Readable.from([body.payload.subarray(0, 1000), body.payload.subarray(1000)]),
      });
    })();
    assert.equal(streamed.statusCode, 413);
    const after = await t.app.db.kysely
      .selectFrom('ebooks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    assert.equal(Number(after.n), Number(count.n));
    assert.deepEqual(await filesUnder(join(t.dataDir, 'uploads', 'incoming')), []);
  });

  test('download: PDF inline with ranges (206, 416), other types as attachments; counted', async () => {
    const bytes = pdfBytes('range test');
    const created = envelope<EBook>(
      await upload(teacher, { nameBook: 'Диапазоны' }, { name: 'Диапазоны.pdf', bytes }),
    ).data;
    assert.ok(created);
    const url = `/lms/api/library/download.file?id=${created.id_eBook}`;
    const whole = await student.get(url);
    assert.equal(whole.statusCode, 200);
    assert.equal(whole.headers['content-type'], 'application/pdf');
    assert.match(String(whole.headers['content-disposition']), /^inline; /);
    assert.equal(whole.rawPayload.length, bytes.length);
    // A file is not the API's JSON: it gets the pages' protections, and is not cached.
    assert.match(String(whole.headers['content-security-policy']), /default-src 'self'/);
    assert.equal(whole.headers['x-frame-options'], 'DENY');
    assert.equal(whole.headers['cache-control'], 'no-store');
    const part = await student.request({ method: 'GET', url, headers: { range: 'bytes=100-199' } });
    assert.equal(part.statusCode, 206);
    assert.equal(part.headers['content-range'], `bytes 100-199/${bytes.length}`);
    assert.deepEqual(part.rawPayload, bytes.subarray(100, 200));
    const tail = await student.request({ method: 'GET', url, headers: { range: 'bytes=-10' } });
    assert.deepEqual(tail.rawPayload, bytes.subarray(bytes.length - 10));
    const beyond = await student.request({
      method: 'GET',
      url,
      headers: { range: `bytes=${bytes.length + 5}-` },
    });
    assert.equal(beyond.statusCode, 416);
    const forced = await student.get(`${url}&download=1`);
    assert.match(String(forced.headers['content-disposition']), /^attachment; /);
    // Counted once for the whole read; the ranges after the first byte are not new readings.
    const listed = (await list(student, { id_bookCategory: -1, search: 'Диапазоны', mode: 1 }))
      .items[0];
    assert.equal(listed?.downloads, 2);

    const text = envelope<EBook>(
      await upload(
        teacher,
        { nameBook: 'Текст' },
        { name: 'Заметки.txt', bytes: Buffer.from('просто текст') },
      ),
    ).data;
    assert.ok(text);
    const plain = await student.get(`/lms/api/library/download.file?id=${text.id_eBook}`);
    assert.match(String(plain.headers['content-disposition']), /^attachment; /);
    assert.match(String(plain.headers['content-disposition']), /UTF-8''%D0%97/);
    assert.equal((await student.get('/lms/api/library/download.file?id=99999999')).statusCode, 404);
  });

  test('the same bytes are stored once; deleting one book keeps the other readable', async () => {
    const bytes = pdfBytes('twins');
    const a = envelope<EBook>(
      await upload(teacher, { nameBook: 'Первая' }, { name: 'one.pdf', bytes }),
    ).data;
    const b = envelope<EBook>(
      await upload(other, { nameBook: 'Вторая' }, { name: 'two.pdf', bytes }),
    ).data;
    assert.ok(a && b);
    const pathOf = async (id: number) => {
      const row = await t.app.db.kysely
        .selectFrom('attachments')
        .selectAll()
        .where('owner_area', '=', 'library')
        .where('owner_id', '=', id)
        .executeTakeFirstOrThrow();
      return join(t.dataDir, 'uploads', 'library', String(id), row.stored_name);
    };
    const [first, second] = [
      await stat(await pathOf(a.id_eBook)),
      await stat(await pathOf(b.id_eBook)),
    ];
    assert.equal(first.ino, second.ino, 'one inode: the bytes are on disk once');
    assert.equal(first.nlink, 2);
    const del = await teacher.post('/lms/api/library/deleteebook.json', {
      id_human: teacherMe.id,
      id_EBook: a.id_eBook,
    });
    assert.equal(del.statusCode, 200, del.body);
    assert.equal(
      (await student.get(`/lms/api/library/download.file?id=${a.id_eBook}`)).statusCode,
      404,
    );
    const still = await student.get(`/lms/api/library/download.file?id=${b.id_eBook}`);
    assert.equal(still.statusCode, 200);
    assert.deepEqual(still.rawPayload, bytes);
  });

  test('delete check: only the uploader; a refused delete is 403; the list no longer has it', async () => {
    const mine = envelope<EBook>(
      await upload(
        teacher,
        { nameBook: 'Моя книга' },
        { name: 'mine.pdf', bytes: pdfBytes('mine') },
      ),
    ).data;
    assert.ok(mine);
    assert.equal(mine.isMine, true);
    const check = async (client: Client, who: Me) =>
      envelope<{ canDelete: boolean }>(
        await client.post('/lms/api/library/deletecheck.json', {
          id_human: who.id,
          id_humanType: who.role,
          id_EBook: mine.id_eBook,
        }),
      ).data?.canDelete;
    assert.equal(await check(teacher, teacherMe), true);
    assert.equal(await check(student, studentMe), false);
    const otherMe = await me(other);
    assert.equal(await check(other, otherMe), false);
    const refused = await other.post('/lms/api/library/deleteebook.json', {
      id_human: otherMe.id,
      id_EBook: mine.id_eBook,
    });
    assert.equal(refused.statusCode, 403);
    // A book the caller may not delete and a missing one answer alike.
    const missing = await other.post('/lms/api/library/deleteebook.json', {
      id_human: otherMe.id,
      id_EBook: 999_999,
    });
    assert.equal(missing.statusCode, refused.statusCode, missing.body);
    assert.equal(envelope(missing).error, envelope(refused).error);
    const byStudent = await student.post('/lms/api/library/deleteebook.json', {
      id_human: studentMe.id,
      id_EBook: mine.id_eBook,
    });
    assert.equal(byStudent.statusCode, 403);
    // Editing is the uploader's too.
    const edit = await upload(other, { id_eBook: mine.id_eBook, nameBook: 'Чужая' });
    assert.equal(edit.statusCode, 403);
    const renamed = await upload(teacher, {
      id_eBook: mine.id_eBook,
      nameBook: 'Моя книга, 2-е изд.',
    });
    assert.equal(renamed.statusCode, 200, renamed.body);
    assert.equal(envelope<EBook>(renamed).data?.fileName, 'mine.pdf');
    const deleted = await teacher.post('/lms/api/library/deleteebook.json', {
      id_human: teacherMe.id,
      id_EBook: mine.id_eBook,
    });
    assert.equal(deleted.statusCode, 200);
    const found = await list(student, { id_bookCategory: -1, search: 'Моя книга', mode: 1 });
    assert.equal(found.found, 0);
    assert.deepEqual(
      await filesUnder(join(t.dataDir, 'uploads', 'library', String(mine.id_eBook))),
      [],
    );
  });

  test('the search index follows edits and deletes; quotes and wildcards are plain text', async () => {
    const book = envelope<EBook>(
      await upload(
        teacher,
        { nameBook: 'Квантовая оптика', author: 'Ысыков Б.' },
        { name: 'q.pdf', bytes: pdfBytes('q') },
      ),
    ).data;
    assert.ok(book);
    const byName = async (search: string) =>
      (await list(student, { id_bookCategory: -1, search, mode: 1 })).found;
    assert.equal(await byName('вантова'), 1);
    const renamed = await upload(teacher, {
      id_eBook: book.id_eBook,
      nameBook: 'Волновая оптика',
      author: 'Ысыков Б.',
    });
    assert.equal(renamed.statusCode, 200, renamed.body);
    assert.equal(await byName('вантова'), 0);
    assert.equal(await byName('олнова'), 1);
    assert.equal(
      (await list(student, { id_bookCategory: -1, search: 'ысыков', mode: 2 })).found,
      1,
    );
    for (const text of ['"олнова"', 'олнова" OR "а', 'о%а_о', 'ол*']) {
      const answer = await list(student, { id_bookCategory: -1, search: text, mode: 1 });
      assert.equal(answer.found, 0, text);
    }
    const deleted = await teacher.post('/lms/api/library/deleteebook.json', {
      id_human: teacherMe.id,
      id_EBook: book.id_eBook,
    });
    assert.equal(deleted.statusCode, 200);
    assert.equal(await byName('олнова'), 0);
  });

  test("refusals come in the caller's language: English and Kyrgyz", async () => {
    const mine = envelope<EBook>(
      await upload(teacher, { nameBook: 'Languages' }, { name: 'l.pdf', bytes: pdfBytes('lang') }),
    ).data;
    assert.ok(mine);
    const inLanguage = async (
      client: Client,
      language: string,
      fields: Record<string, string | number>,
      file?: { name: string; bytes: Buffer },
    ) => {
      const body = await multipart(
        {
          id_eBook: -1,
          nameBook: 'Book',
          totalPages: 1,
          id_bookCategory: category.id_bookCategory,
          ...fields,
        },
        file ? [file] : [],
      );
      return client.request({
        method: 'POST',
        url: '/lms/api/library/insertupdatebook.json',
        payload: body.payload,
        headers: { ...body.headers, 'accept-language': language },
      });
    };
    const pdf = { name: 'a.pdf', bytes: pdfBytes('language') };
    for (const [language, lang] of [
      ['en', 'en'],
      ['ky-KG', 'kg'],
    ] as const) {
      const noName = await inLanguage(teacher, language, { nameBook: ' ' }, pdf);
      assert.equal(noName.statusCode, 400);
      assert.equal(envelope(noName).error, LIBRARY_MESSAGES.nameRequired[lang]);
      const noFile = await inLanguage(teacher, language, {});
      assert.equal(envelope(noFile).error, UPLOAD_MESSAGES.fileRequired[lang]);
      const notYours = await inLanguage(other, language, { id_eBook: mine.id_eBook });
      assert.equal(notYours.statusCode, 403);
      assert.equal(envelope(notYours).error, LIBRARY_MESSAGES.notYours[lang]);
      const big = await inLanguage(
        teacher,
        language,
        {},
        { name: 'big.pdf', bytes: Buffer.alloc(LIMIT + 1, 7) },
      );
      assert.equal(big.statusCode, 413);
      assert.match(
        envelope(big).error ?? '',
        lang === 'en' ? /^The file is too large: at most 256 KB$/ : /256 КБ ашпашы керек$/,
      );
      const json = await teacher.request({
        method: 'POST',
        url: '/lms/api/library/insertupdatebook.json',
        payload: '{}',
        headers: { 'content-type': 'application/json', 'accept-language': language },
      });
      assert.equal(json.statusCode, 400);
      assert.equal(envelope(json).error, UPLOAD_MESSAGES.multipartRequired[lang]);
    }
    // Russian stays the default.
    const russian = await upload(teacher, { nameBook: ' ' }, pdf);
    assert.equal(envelope(russian).error, LIBRARY_MESSAGES.nameRequired.ru);
  });

  test('signed-out callers are refused', async () => {
    const anonymous = await t.client().prime();
    const response = await anonymous.post('/lms/api/library/getbooklist.json', {
      id_bookCategory: -1,
    });
    assert.equal(response.statusCode, 401);
  });
});
