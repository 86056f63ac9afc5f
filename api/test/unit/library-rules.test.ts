// The e-library's and the materials' rules, without a database (areas/library/rules.ts).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ROLE, type SessionUser } from '@lms/shared/contract';
import { refusalText, UPLOAD_TEMPLATES } from '../../src/areas/library/messages.js';
import {
  catalogueNeeds,
  countsAsDownload,
  declaredTooLarge,
  editBookRefusal,
  fileRefusal,
  identityClaims,
  integerField,
  isRefusal,
  managesMaterial,
  managesUpload,
  materialChoices,
  MULTIPART_OVERHEAD_BYTES,
  readBookFields,
  readsMaterial,
  readUmkFields,
  sizeAmount,
  type LibraryRefusal,
} from '../../src/areas/library/rules.js';
import { fill } from '../../src/lib/messages.js';

const teacher = { uid: 10, id: 100, role: ROLE.teacher } as SessionUser;
const student = { uid: 20, id: 200, role: ROLE.student } as SessionUser;

const book = {
  id_eBook: '-1',
  nameBook: ' Физика ',
  author: 'A',
  description: '',
  totalPages: '12',
  id_bookCategory: '3',
};
const material = {
  id_semester: '1',
  id_discipline: '5',
  id_typeUmk: '2',
  umkName: 'Lecture 1',
};

function refusalOf(value: unknown): LibraryRefusal['refusal'] | undefined {
  return isRefusal(value) ? value.refusal : undefined;
}

describe('form fields', () => {
  test('integerField: digits only, anything else NaN', () => {
    assert.equal(integerField('12'), 12);
    assert.equal(integerField(' -1 '), -1);
    assert.ok(Number.isNaN(integerField('')));
    assert.ok(Number.isNaN(integerField('1e3')));
    assert.ok(Number.isNaN(integerField(undefined)));
    assert.ok(Number.isNaN(integerField('1234567890123')));
  });

  test('identityClaims: only what the form names', () => {
    assert.deepEqual(identityClaims({}), { id: undefined, role: undefined });
    assert.deepEqual(identityClaims({ id_human: '7', id_humanType: '1' }), { id: 7, role: 1 });
  });

  test('a book: a name is required, numbers parsed, a bad category named', () => {
    assert.deepEqual(readBookFields(book), {
      id_eBook: -1,
      nameBook: 'Физика',
      author: 'A',
      description: '',
      totalPages: 12,
      id_bookCategory: 3,
    });
    assert.equal(refusalOf(readBookFields({ ...book, nameBook: '  ' })), 'nameRequired');
    assert.equal(refusalOf(readBookFields({ ...book, id_bookCategory: 'x' })), 'badCategory');
    const pages = readBookFields({ ...book, totalPages: 'many' });
    assert.ok(isRefusal(pages) && pages.refusal === 'badField');
    // In every language, in the words a JSON body's refusal would have.
    assert.equal(pages.invalid.en, 'Invalid request: body/totalPages must be integer');
    assert.match(pages.invalid.kg, /^Туура эмес суроо-талап: body\/totalPages /);
    assert.match(pages.invalid.ru, /^Неверный запрос: body\/totalPages /);
    // Numbers the databases cannot hold are refused like any bad field.
    assert.equal(refusalOf(readBookFields({ ...book, totalPages: '99999999999' })), 'badField');
  });

  test('a material: defaults, and its own codes for type, audience, kind', () => {
    const fields = readUmkFields(material);
    assert.ok(!isRefusal(fields));
    assert.equal(fields.idBook, -1);
    assert.equal(fields.id_examination, -1);
    assert.equal(fields.id_forStudentKind, 'all');
    assert.equal(fields.kind, 'ebook');
    assert.equal(fields.isForEBooks, 0);
    assert.equal(refusalOf(readUmkFields({ ...material, umkName: '' })), 'nameRequired');
    assert.equal(refusalOf(readUmkFields({ ...material, id_typeUmk: '' })), 'badType');
    assert.equal(
      refusalOf(readUmkFields({ ...material, id_forStudentKind: 'evening' })),
      'badAudience',
    );
    assert.equal(refusalOf(readUmkFields({ ...material, kind: 'video' })), 'badKind');
  });

  test("a material's catalogue choices: type, assessment, and a category when listed", () => {
    const parsed = readUmkFields({ ...material, id_examination: '4' });
    assert.ok(!isRefusal(parsed));
    const all = { typeExists: true, examTypeExists: true, categoryExists: true };
    assert.equal(materialChoices(parsed, all), null);
    assert.equal(materialChoices(parsed, { ...all, typeExists: false })?.refusal, 'badType');
    assert.equal(
      materialChoices(parsed, { ...all, examTypeExists: false })?.refusal,
      'badExamType',
    );
    // Not listed in the library: no category is asked for.
    assert.equal(materialChoices(parsed, { ...all, categoryExists: false }), null);
    const listed = { ...parsed, isForEBooks: 1 };
    assert.deepEqual(catalogueNeeds(listed), { examType: 4, category: null });
    assert.equal(materialChoices(listed, all)?.refusal, 'categoryRequired');
    const withCategory = { ...listed, id_bookCategory: 9 };
    assert.deepEqual(catalogueNeeds(withCategory), { examType: 4, category: 9 });
    assert.equal(materialChoices(withCategory, all), null);
    assert.equal(
      materialChoices(withCategory, { ...all, categoryExists: false })?.refusal,
      'categoryRequired',
    );
  });

  test('a new record needs a file, an edit may keep its own', () => {
    assert.equal(fileRefusal(true, false)?.refusal, 'fileRequired');
    assert.equal(fileRefusal(true, true), null);
    assert.equal(fileRefusal(false, false), null);
  });
});

describe('who manages what', () => {
  const upload = { uploaded_by: teacher.uid, umk_id: null };
  const listing = { uploaded_by: teacher.uid, umk_id: 4 };

  test('an uploaded book: its uploader, a teacher', () => {
    assert.equal(managesUpload(teacher, upload), true);
    assert.equal(managesUpload({ ...teacher, uid: 11 }, upload), false);
    assert.equal(managesUpload({ ...student, uid: teacher.uid }, upload), false);
    assert.equal(managesUpload(teacher, listing), false);
  });

  test("editing a book: a material's listing is edited in UMK, another's book is refused", () => {
    assert.equal(editBookRefusal(teacher, upload), null);
    assert.deepEqual(editBookRefusal(teacher, listing), { refusal: 'fromUmk', status: 400 });
    assert.deepEqual(editBookRefusal({ ...teacher, uid: 11 }, upload), {
      refusal: 'notYours',
      status: 403,
    });
  });

  test('a material: the teacher who added it or one who teaches it', () => {
    const mine = { created_by: teacher.uid, for_library: 0 };
    const theirs = { created_by: 99, for_library: 0 };
    assert.equal(managesMaterial(teacher, mine, false), true);
    assert.equal(managesMaterial(teacher, theirs, false), false);
    assert.equal(managesMaterial(teacher, theirs, true), true);
    assert.equal(managesMaterial(student, theirs, true), false);
  });

  test("reading a material's file: listed in the library, or its people", () => {
    const unlisted = { created_by: 99, for_library: 0 };
    assert.equal(readsMaterial(student, unlisted, false), false);
    assert.equal(readsMaterial(student, unlisted, true), true);
    assert.equal(readsMaterial(student, { ...unlisted, for_library: 1 }, false), true);
    assert.equal(readsMaterial({ ...teacher, uid: 99 }, unlisted, false), true);
  });
});

describe('files', () => {
  test('a declared length over the limit and the framing is refused before reading', () => {
    assert.equal(declaredTooLarge(undefined, 1000), false);
    assert.equal(declaredTooLarge(String(1000 + MULTIPART_OVERHEAD_BYTES), 1000), false);
    assert.equal(declaredTooLarge(String(1001 + MULTIPART_OVERHEAD_BYTES), 1000), true);
  });

  test('sizes are named in MB to one decimal, or in whole KB', () => {
    assert.deepEqual(sizeAmount(20 * 1024 * 1024), { amount: 20, unit: 'MB' });
    assert.deepEqual(sizeAmount(1.25 * 1024 * 1024), { amount: 1.3, unit: 'MB' });
    assert.deepEqual(sizeAmount(64 * 1024), { amount: 64, unit: 'KB' });
    assert.deepEqual(sizeAmount(10), { amount: 1, unit: 'KB' });
    const text = fill(UPLOAD_TEMPLATES.tooLarge, sizeAmount(64 * 1024));
    assert.match(text.ru, /не больше 64 КБ/);
    assert.match(text.en, /at most 64 KB/);
    assert.match(text.kg, /64 КБ ашпашы керек/);
  });

  test('a download counts once per reading', () => {
    assert.equal(countsAsDownload(undefined, undefined), true);
    assert.equal(countsAsDownload('bytes=0-', undefined), true);
    assert.equal(countsAsDownload(' bytes=0-99', undefined), true);
    assert.equal(countsAsDownload('bytes=100-', undefined), false);
    assert.equal(countsAsDownload(undefined, '"etag"'), false);
  });
});

test('every refusal has its words in every language', () => {
  const codes: LibraryRefusal[] = [
    { refusal: 'nameRequired', status: 400 },
    { refusal: 'badCategory', status: 400 },
    { refusal: 'fromUmk', status: 400 },
    { refusal: 'fileRequired', status: 400 },
    { refusal: 'badType', status: 400 },
    { refusal: 'badAudience', status: 400 },
    { refusal: 'badKind', status: 400 },
    { refusal: 'badExamType', status: 400 },
    { refusal: 'categoryRequired', status: 400 },
    {
      refusal: 'badField',
      status: 400,
      invalid: { kg: 'Туура эмес', ru: 'Неверный', en: 'Invalid' },
    },
    { refusal: 'notYours', status: 403 },
    { refusal: 'notYourDiscipline', status: 403 },
  ];
  for (const code of codes) {
    const text = refusalText(code);
    for (const lang of ['kg', 'ru', 'en'] as const) assert.ok(text[lang].length > 0, code.refusal);
    assert.notEqual(text.en, text.ru, code.refusal);
  }
});
