import assert from 'node:assert/strict';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type {
  BookListResponse,
  UmkDiscipline,
  UmkItem,
  UmkSemester,
  UmkStartResponse,
  UmkType,
} from '@lms/shared/contract';
import { createTestApp, DEMO, envelope, type Client, type TestApp } from './helper.js';
import { UMK_MESSAGES } from '../src/areas/library/messages.js';
import { MESSAGES } from '../src/lib/messages.js';
import { me, multipart, pdfBytes, postMultipart, type Me } from './library-helper.js';

describe('umk: teaching materials', () => {
  let t: TestApp;
  let teacher: Client;
  let student: Client;
  let teacherMe: Me;
  let studentMe: Me;
  /** A discipline and semester both the demo teacher teaches and the demo student studies. */
  let shared: { id_semester: number; id_discipline: number };
  let types: UmkType[];

  before(async () => {
    t = await createTestApp();
    teacher = await t.login(DEMO.teacher);
    student = await t.login(DEMO.student);
    teacherMe = await me(teacher);
    studentMe = await me(student);
    types = envelope<UmkType[]>(await teacher.post('/lms/api/umk/types.json', {})).data ?? [];
    const studentSemesters =
      envelope<UmkSemester[]>(await student.post('/lms/api/umk/semestersforstud.json', {})).data ??
      [];
    for (const { id_semester } of studentSemesters) {
      const theirs =
        envelope<UmkDiscipline[]>(
          await student.post('/lms/api/umk/disciplinesforstud.json', { id_semester }),
        ).data ?? [];
      const mine =
        envelope<UmkDiscipline[]>(
          await teacher.post('/lms/api/umk/disciplines.json', { id_semester }),
        ).data ?? [];
      const both = theirs.find((d) => mine.some((m) => m.id_discipline === d.id_discipline));
      if (both) {
        shared = { id_semester, id_discipline: both.id_discipline };
        break;
      }
    }
    assert.ok(shared, 'the demo teacher teaches the demo student something');
  });
  after(() => t.close());

  const save = (client: Client, fields: Record<string, string | number>, withFile = true) =>
    postMultipart(
      client,
      '/lms/api/umk/insertorupdateumk.json',
      {
        idBook: -1,
        ...shared,
        id_typeUmk: types[0]?.id_typeUmk ?? 1,
        id_examination: -1,
        umkName: 'Лекция 1',
        author: 'Автор',
        description: '',
        totalPages: 12,
        id_forStudentKind: 'all',
        kind: 'manual',
        isForEBooks: 0,
        id_bookCategory: -1,
        ...fields,
      },
      withFile ? [{ name: 'Лекция.pdf', bytes: pdfBytes(String(fields.umkName ?? 'x')) }] : [],
    );

  test('the teacher and the student see the seeded materials of their disciplines', async () => {
    const semesters = envelope<UmkSemester[]>(
      await teacher.post('/lms/api/umk/semesters.json', {}),
    ).data;
    assert.ok(semesters && semesters.length > 0);
    const mine = envelope<UmkItem[]>(
      await teacher.post('/lms/api/umk/umklist.json', { ...shared, id_typeUmk: -1 }),
    ).data;
    assert.ok(mine && mine.length > 0);
    assert.ok(mine.every((item) => item.canEdit && !item.isNew));
    const theirs = envelope<UmkItem[]>(
      await student.post('/lms/api/umk/getumklistforstud.json', shared),
    ).data;
    assert.ok(theirs);
    assert.deepEqual(
      theirs.map((item) => item.idBook),
      mine.map((item) => item.idBook),
    );
    assert.ok(theirs.every((item) => !item.canEdit));
    // The seed made the demo teacher's newest material newer than the student's last visit.
    assert.ok(theirs.some((item) => item.isNew));
    const exams = envelope<unknown[]>(
      await student.post('/lms/api/umk/getstudentexamtypes.json', {}),
    ).data;
    assert.ok(exams && exams.length > 0);
    const teachers = envelope<{ id_teacher: number }[]>(
      await student.post('/lms/api/umk/getumkteachers.json', shared),
    ).data;
    assert.ok(teachers?.some((row) => row.id_teacher === teacherMe.id));
  });

  test('the first screen in one call answers what each role’s chain answers', async () => {
    for (const [client, semestersPath, disciplinesPath, listPath] of [
      [teacher, 'semesters', 'disciplines', 'umklist'],
      [student, 'semestersforstud', 'disciplinesforstud', 'getumklistforstud'],
    ] as const) {
      const data = async <T>(path: string, body: object = {}) => {
        const response = await client.post(`/lms/api/umk/${path}.json`, body);
        assert.equal(response.statusCode, 200, `${path}: ${response.body}`);
        return envelope<T>(response).data as T;
      };
      const first = await data<UmkStartResponse>('start');
      const semesters = await data<UmkSemester[]>(semestersPath);
      assert.deepEqual(first.semesters, semesters);
      assert.deepEqual(first.types, await data<UmkType[]>('types'));
      assert.equal(first.id_semester, semesters[0]?.id_semester);
      const disciplines = await data<UmkDiscipline[]>(disciplinesPath, {
        id_semester: first.id_semester,
      });
      assert.deepEqual(first.disciplines, disciplines);
      assert.equal(first.id_discipline, disciplines[0]?.id_discipline);
      const body = { id_semester: first.id_semester, id_discipline: first.id_discipline };
      assert.deepEqual(first.teachers, await data('getumkteachers', body));
      const list = await data<UmkItem[]>(listPath, { ...body, id_typeUmk: -1, id_teacher: -1 });
      assert.ok(list.length > 0);
      assert.deepEqual(first.list, list);
    }
    // A student's own marks (new since the previous visit, not editable); a teacher's editable.
    const theirs = envelope<UmkStartResponse>(await student.post('/lms/api/umk/start.json', {}));
    assert.ok(theirs.data?.list?.every((item) => !item.canEdit));
    const mine = envelope<UmkStartResponse>(await teacher.post('/lms/api/umk/start.json', {}));
    assert.ok(mine.data?.list?.every((item) => item.canEdit && !item.isNew));
    // No session at all.
    const anonymous = await t.client().prime();
    assert.equal((await anonymous.post('/lms/api/umk/start.json', {})).statusCode, 401);
    // The call takes no fields: identity is the session's, a uid in the body is refused.
    const withUid = await student.post('/lms/api/umk/start.json', { uid: 5 });
    assert.equal(withUid.statusCode, 400);
    assert.match(envelope(withUid).error ?? '', /body\/uid такого поля нет/);
  });

  test('roles: the lists of the other role are refused', async () => {
    assert.equal((await student.post('/lms/api/umk/semesters.json', {})).statusCode, 403);
    assert.equal((await teacher.post('/lms/api/umk/semestersforstud.json', {})).statusCode, 403);
    assert.equal((await student.post('/lms/api/umk/umklist.json', shared)).statusCode, 403);
    assert.equal(
      (await teacher.post('/lms/api/umk/getumklistforstud.json', shared)).statusCode,
      403,
    );
    assert.equal((await save(student, { umkName: 'Студент' })).statusCode, 403);
  });

  test('a discipline the caller does not teach or study is refused', async () => {
    const foreign = await t.app.db.kysely
      .selectFrom('disciplines')
      .select('id')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('teaching_assignments')
              .select('id')
              .whereRef('discipline_id', '=', 'disciplines.id')
              .where('teacher_id', '=', teacherMe.id),
          ),
        ),
      )
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const body = { id_semester: shared.id_semester, id_discipline: foreign.id };
    assert.equal((await teacher.post('/lms/api/umk/umklist.json', body)).statusCode, 403);
    assert.equal(
      (await save(teacher, { id_discipline: foreign.id, umkName: 'Чужая' })).statusCode,
      403,
    );
  });

  test('add, edit in place, list in the library, delete with the listing', async () => {
    const category = (envelope<{ id_bookCategory: number }[]>(
      await teacher.post('/lms/api/umk/bookcategories.json', { id_baseBookCategory: -1 }),
    ).data ?? [])[0];
    assert.ok(category);
    const noCategory = await save(teacher, { umkName: 'Без категории', isForEBooks: 1 });
    assert.equal(noCategory.statusCode, 400);
    const created = await save(teacher, {
      umkName: 'Методичка по лабораторным',
      author: 'Асанов К. Т.',
      isForEBooks: 1,
      id_bookCategory: category.id_bookCategory,
      id_forStudentKind: 'distance',
      kind: 'normative',
    });
    assert.equal(created.statusCode, 200, created.body);
    const item = envelope<UmkItem>(created).data;
    assert.ok(item);
    assert.equal(item.isForEBooks, true);
    assert.equal(item.id_forStudentKind, 'distance');
    assert.equal(item.kind, 'normative');

    // In the library, found by author, its file served from the material (no copy).
    const found = envelope<BookListResponse>(
      await student.post('/lms/api/library/getbooklist.json', {
        id_bookCategory: -1,
        search: 'асанов к. т.',
        mode: 2,
      }),
    ).data;
    const listing = found?.items.find((book) => book.nameBook === 'Методичка по лабораторным');
    assert.ok(listing);
    assert.equal(listing.isFromUmk, true);
    const files = await t.app.db.kysely
      .selectFrom('attachments')
      .select(['owner_area', 'owner_id'])
      .where('owner_area', '=', 'library')
      .where('owner_id', '=', listing.id_eBook)
      .execute();
    assert.deepEqual(files, []);
    const read = await student.get(`/lms/api/library/download.file?id=${listing.id_eBook}`);
    assert.equal(read.statusCode, 200);
    assert.match(String(read.headers['content-disposition']), /^inline; /);

    // Edit without a file: the fields change, the file stays, the listing follows.
    const edited = await save(
      teacher,
      {
        idBook: item.idBook,
        umkName: 'Методичка по лабораторным (2-е изд.)',
        isForEBooks: 1,
        id_bookCategory: category.id_bookCategory,
      },
      false,
    );
    assert.equal(edited.statusCode, 200, edited.body);
    assert.equal(envelope<UmkItem>(edited).data?.fileName, 'Лекция.pdf');
    const renamed = envelope<BookListResponse>(
      await student.post('/lms/api/library/getbooklist.json', {
        id_bookCategory: -1,
        search: '2-е изд.',
        mode: 1,
      }),
    ).data;
    assert.ok(renamed?.items.some((book) => book.id_eBook === listing.id_eBook));

    // The student reads it; a spoofed id is refused; then the teacher deletes it.
    const download = await student.get(`/lms/api/umk/download.file?id=${item.idBook}`);
    assert.equal(download.statusCode, 200);
    const spoofed = await teacher.post('/lms/api/umk/deletebook.json', {
      id_human: studentMe.id,
      id_humanType: 2,
      id_books: item.idBook,
    });
    assert.equal(spoofed.statusCode, 403);
    const byStudent = await student.post('/lms/api/umk/deletebook.json', {
      id_human: studentMe.id,
      id_books: item.idBook,
    });
    assert.equal(byStudent.statusCode, 403);
    const folder = join(t.dataDir, 'uploads', 'umk', String(item.idBook));
    assert.ok((await stat(folder)).isDirectory());
    const deleted = await teacher.post('/lms/api/umk/deletebook.json', {
      id_human: teacherMe.id,
      id_humanType: 1,
      id_books: item.idBook,
    });
    assert.equal(deleted.statusCode, 200, deleted.body);
    assert.equal(
      (await student.get(`/lms/api/library/download.file?id=${listing.id_eBook}`)).statusCode,
      404,
    );
    const list = envelope<UmkItem[]>(await teacher.post('/lms/api/umk/umklist.json', shared)).data;
    assert.ok(list && !list.some((row) => row.idBook === item.idBook));
  });

  test('a material taken off the library stays in UMK', async () => {
    const category = (envelope<{ id_bookCategory: number }[]>(
      await teacher.post('/lms/api/library/bookcategories.json', { id_baseBookCategory: -1 }),
    ).data ?? [])[0];
    assert.ok(category);
    const item = envelope<UmkItem>(
      await save(teacher, {
        umkName: 'Снять с полки',
        isForEBooks: 1,
        id_bookCategory: category.id_bookCategory,
      }),
    ).data;
    assert.ok(item);
    const book = await t.app.db.kysely
      .selectFrom('ebooks')
      .select('id')
      .where('umk_id', '=', item.idBook)
      .executeTakeFirstOrThrow();
    const check = envelope<{ canDelete: boolean }>(
      await teacher.post('/lms/api/library/deletecheck.json', {
        id_human: teacherMe.id,
        id_EBook: book.id,
      }),
    ).data;
    assert.equal(check?.canDelete, true);
    const off = await teacher.post('/lms/api/library/deleteebook.json', {
      id_human: teacherMe.id,
      id_EBook: book.id,
      isFromUMK: 1,
    });
    assert.equal(off.statusCode, 200, off.body);
    const list = envelope<UmkItem[]>(await teacher.post('/lms/api/umk/umklist.json', shared)).data;
    const still = list?.find((row) => row.idBook === item.idBook);
    assert.ok(still);
    assert.equal(still.isForEBooks, false);
    assert.equal(
      (await student.get(`/lms/api/umk/download.file?id=${item.idBook}`)).statusCode,
      200,
    );
  });

  test("refusals come in the caller's language: English and Kyrgyz", async () => {
    const saveIn = async (language: string, fields: Record<string, string | number>) => {
      const body = await multipart(
        {
          idBook: -1,
          ...shared,
          id_typeUmk: types[0]?.id_typeUmk ?? 1,
          umkName: 'Lecture',
          ...fields,
        },
        [{ name: 'a.pdf', bytes: pdfBytes(`lang ${language}`) }],
      );
      return teacher.request({
        method: 'POST',
        url: '/lms/api/umk/insertorupdateumk.json',
        payload: body.payload,
        headers: { ...body.headers, 'accept-language': language },
      });
    };
    for (const [language, lang] of [
      ['en', 'en'],
      ['ky-KG', 'kg'],
    ] as const) {
      const noCategory = await saveIn(language, { isForEBooks: 1 });
      assert.equal(noCategory.statusCode, 400);
      assert.equal(envelope(noCategory).error, UMK_MESSAGES.categoryRequired[lang]);
      const badKind = await saveIn(language, { kind: 'video' });
      assert.equal(envelope(badKind).error, UMK_MESSAGES.badKind[lang]);
      const foreign = await saveIn(language, { id_semester: 12, id_discipline: 999_999 });
      assert.equal(foreign.statusCode, 403);
      assert.equal(envelope(foreign).error, UMK_MESSAGES.notYourDiscipline[lang]);
      // A material that does not exist is hidden like another's.
      const missing = await student.request({
        method: 'GET',
        url: '/lms/api/umk/download.file?id=999999',
        headers: { 'accept-language': language },
      });
      assert.equal(missing.statusCode, 403);
      assert.equal(envelope(missing).error, MESSAGES.forbidden[lang]);
    }
    const russian = await saveIn('ru', { kind: 'video' });
    assert.equal(envelope(russian).error, UMK_MESSAGES.badKind.ru);
  });
});
