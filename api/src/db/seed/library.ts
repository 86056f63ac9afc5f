import { createHash } from 'node:crypto';
import type { UmkAudience, UmkKind } from '@lms/shared/contract';
import type { Kysely, Selectable } from 'kysely';
import { storedNameFor } from '../../lib/uploads.js';
import { insertAttachments } from '../../lib/attachments.js';
import { searchForm } from '../../areas/library/index.js';
import type { AttachmentArea } from '../attachments-schema.js';
import type { UmkMaterialTable } from '../library-schema.js';
import type { Database } from '../schema.js';
import type { SeedContext } from './context.js';
import type { Random } from './random.js';

/** Uploaded books of the demo library (UMK materials listed there come on top). */
export const SEED_BOOK_COUNT = 320;
/** Most materials per discipline and semester a teacher starts with. */
const MATERIALS_PER_DISCIPLINE = 3;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The demo student's previous visit to the materials: what came after it is "new". */
const DEMO_STUDENT_LAST_VISIT_DAYS = 4;

const AUTHORS = [
  'Асанов К. Т.',
  'Иванова Е. В.',
  'Токтогулов Б. А.',
  'Смирнов А. П.',
  'Жумабаева Г. С.',
  'Осмонов Н. К.',
  'Петров В. И.',
  'Садыкова А. М.',
  'Кудайбергенов Э. Ж.',
  'Knuth D. E.',
  'Tanenbaum A. S.',
  'Cormen T. H.',
];

const TITLE_WORDS: Record<string, string[]> = {
  Математика: [
    'Высшая математика',
    'Линейная алгебра',
    'Математический анализ',
    'Теория вероятностей',
  ],
  Физика: ['Общая физика', 'Механика', 'Электричество и магнетизм', 'Оптика'],
  Химия: ['Общая химия', 'Органическая химия', 'Аналитическая химия'],
  Биология: ['Общая биология', 'Генетика', 'Экология Кыргызстана'],
  Программирование: [
    'Алгоритмы и структуры данных',
    'Программирование на Python',
    'Язык C++',
    'TypeScript',
  ],
  'Базы данных': ['Реляционные базы данных', 'SQL для начинающих', 'Проектирование баз данных'],
  'Компьютерные сети': ['Компьютерные сети', 'Сетевые протоколы', 'Администрирование Linux'],
  'Искусственный интеллект': ['Машинное обучение', 'Нейронные сети', 'Анализ данных'],
  'История Кыргызстана': ['История Кыргызстана', 'Манас: эпос и история', 'Кыргызстан в XX веке'],
  Философия: ['Введение в философию', 'Логика', 'Этика'],
  'Кыргызский язык и литература': ['Кыргыз тили', 'Кыргыз адабияты', 'Орус-кыргыз сөздүгү'],
  Право: ['Конституционное право', 'Гражданское право', 'Трудовое право'],
  'Экономическая теория': ['Микроэкономика', 'Макроэкономика', 'Экономика Кыргызстана'],
  Менеджмент: ['Основы менеджмента', 'Управление проектами', 'Маркетинг'],
  'Бухгалтерский учёт': ['Бухгалтерский учёт', 'Налоги и налогообложение', 'Аудит'],
};

const EDITIONS = ['учебник', 'учебное пособие', 'практикум', 'курс лекций', 'справочник'];

const LATIN: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  ң: 'ng',
  о: 'o',
  ө: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ү: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};

/** Cyrillic → Latin letters, for a title page in the PDF's built-in font (WinAnsi only). */
export function transliterate(text: string): string {
  return Array.from(text)
    .map((char) => {
      const lower = char.toLowerCase();
      const latin = LATIN[lower];
      if (latin === undefined) return /[\x20-\x7e]/.test(char) ? char : '';
      return char === lower ? latin : latin.charAt(0).toUpperCase() + latin.slice(1);
    })
    .join('');
}

/**
 * A small real PDF: a title page (title, author, a line of detail) and `pages - 1` numbered
 * pages, built by hand with offsets computed, so any viewer opens it.
 */
export function titlePagePdf(lines: string[], pages = 2): Buffer {
  const escape = (text: string) => transliterate(text).replace(/[()\\]/g, (c) => `\\${c}`);
  const pageCount = Math.max(1, Math.min(pages, 12));
  const objects: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '', // the page tree, filled in below
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const kids: number[] = [];
  for (let page = 1; page <= pageCount; page++) {
    const stream =
      page === 1
        ? lines
            .map(
              (line, index) =>
                `BT /F1 ${index === 0 ? 22 : 14} Tf 72 ${700 - index * 36} Td (${escape(line)}) Tj ET`,
            )
            .join('\n')
        : `BT /F1 12 Tf 72 760 Td (${escape(lines[0] ?? '')}) Tj ET\nBT /F1 12 Tf 290 40 Td (${page}) Tj ET`;
    objects.push(
      `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    );
    const contents = objects.length;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents ${contents} 0 R /Resources << /Font << /F1 3 0 R >> >> >>`,
    );
    kids.push(objects.length);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((id) => `${id} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

interface SeedFile {
  ownerId: number;
  name: string;
  bytes: Buffer;
  createdBy: number | null;
  createdAt: number;
}

/** Writes the files, their attachment rows and their content hashes. */
async function attachAll(ctx: SeedContext, area: AttachmentArea, files: SeedFile[]) {
  const { trx } = ctx;
  for (const file of files) {
    const storedName = storedNameFor(0, file.name);
    await ctx.files.write(area, file.ownerId, storedName, file.bytes);
    await insertAttachments(
      trx,
      { area, id: file.ownerId },
      [{ originalName: file.name, storedName, size: file.bytes.length }],
      { createdBy: file.createdBy, createdAt: file.createdAt },
    );
  }
  const ids = await trx
    .selectFrom('attachments')
    .select(['id', 'owner_id'])
    .where('owner_area', '=', area)
    .execute();
  const byOwner = new Map(ids.map((row) => [row.owner_id, row.id]));
  const hashes = files.flatMap((file) => {
    const attachmentId = byOwner.get(file.ownerId);
    return attachmentId === undefined
      ? []
      : [
          {
            attachment_id: attachmentId,
            sha256: createHash('sha256').update(file.bytes).digest('hex'),
          },
        ];
  });
  for (let offset = 0; offset < hashes.length; offset += 200) {
    await trx
      .insertInto('library_file_hashes')
      .values(hashes.slice(offset, offset + 200))
      .execute();
  }
}

function bookTitle(random: Random, category: string): string {
  const words = TITLE_WORDS[category] ?? [category];
  return `${random.pick(words)}: ${random.pick(EDITIONS)}`;
}

async function categoryList(k: Kysely<Database>) {
  return k.selectFrom('book_categories').select(['id', 'name']).orderBy('id').execute();
}

/**
 * The demo library and materials: several hundred uploaded books with small title-page PDFs,
 * and materials for every discipline × semester the teachers teach (the demo teacher's
 * included), some of them also listed in the library; a few are newer than the demo student's
 * previous visit, so the "new" mark shows.
 */
export async function seedLibrary(ctx: SeedContext): Promise<void> {
  const { trx } = ctx;
  const random = ctx.random(8008);
  const now = ctx.now.getTime();
  const categories = await categoryList(trx);
  const teacherUsers = await trx
    .selectFrom('users')
    .select(['id', 'teacher_id'])
    .where('teacher_id', 'is not', null)
    .orderBy('id')
    .execute();
  const uidOfTeacher = new Map(teacherUsers.map((row) => [row.teacher_id ?? 0, row.id]));

  // ---- Materials: per teacher × discipline × study semester ----
  const teachings = await trx
    .selectFrom('teaching_assignments as a')
    .innerJoin('disciplines as d', 'd.id', 'a.discipline_id')
    .select(['a.teacher_id', 'a.discipline_id', 'a.study_semester', 'd.name as discipline'])
    .distinct()
    .orderBy('a.teacher_id')
    .orderBy('a.discipline_id')
    .orderBy('a.study_semester')
    .execute();
  const types = await trx
    .selectFrom('umk_types')
    .select(['id', 'name'])
    .orderBy('sort_order')
    .execute();
  const exams = await trx.selectFrom('umk_exam_types').select('id').orderBy('sort_order').execute();
  const teacherNames = new Map(
    (
      await trx
        .selectFrom('teachers as t')
        .innerJoin('persons as p', 'p.id', 't.person_id')
        .select(['t.id', 'p.full_name'])
        .execute()
    ).map((row) => [row.id, row.full_name]),
  );
  const audiences: UmkAudience[] = ['all', 'all', 'full_time', 'distance'];
  const kinds: UmkKind[] = ['manual', 'manual', 'ebook', 'normative'];
  const materials: Omit<Selectable<UmkMaterialTable>, 'id'>[] = [];
  const seen = new Set<string>();
  for (const teaching of teachings) {
    const key = `${teaching.discipline_id}:${teaching.study_semester}`;
    // One teacher's set per discipline and semester is enough for a full list.
    if (seen.has(key)) continue;
    seen.add(key);
    const isDemo = teaching.teacher_id === ctx.core.demoTeacher.teacherId;
    const count = isDemo ? MATERIALS_PER_DISCIPLINE : random.int(1, MATERIALS_PER_DISCIPLINE);
    for (let n = 0; n < count; n++) {
      const type = types[n % types.length] ?? types[0];
      if (!type) break;
      const forLibrary = random.chance(0.3);
      const category = random.pick(categories);
      const created = now - random.int(0, 120) * DAY_MS - random.int(0, DAY_MS - 1);
      materials.push({
        teacher_id: teaching.teacher_id,
        discipline_id: teaching.discipline_id,
        study_semester: teaching.study_semester,
        type_id: type.id,
        exam_type_id: random.chance(0.7) ? random.pick(exams).id : null,
        name: `${teaching.discipline}: ${type.name.toLowerCase()}`,
        author: teacherNames.get(teaching.teacher_id) ?? random.pick(AUTHORS),
        description: `${type.name} по дисциплине «${teaching.discipline}», ${teaching.study_semester} семестр.`,
        pages: random.int(8, 240),
        audience: random.pick(audiences),
        kind: random.pick(kinds),
        for_library: forLibrary ? 1 : 0,
        category_id: forLibrary ? category.id : null,
        created_by: uidOfTeacher.get(teaching.teacher_id) ?? null,
        // The demo teacher's newest material is two days old: "new" for the demo student.
        created_at: isDemo && n === 0 ? now - 2 * DAY_MS : created,
        updated_at: created,
        downloads: random.int(0, 60),
      });
    }
  }
  const umkFiles: SeedFile[] = [];
  const listings: {
    category_id: number;
    name: string;
    author: string;
    description: string;
    pages: number;
    search_name: string;
    search_author: string;
    umk_id: number;
    uploaded_by: number | null;
    created_at: number;
    updated_at: number;
    downloads: number;
  }[] = [];
  for (let offset = 0; offset < materials.length; offset += 100) {
    const batch = materials.slice(offset, offset + 100);
    const ids = await trx.insertInto('umk_materials').values(batch).returning('id').execute();
    batch.forEach((material, index) => {
      const id = ids[index]?.id;
      if (id === undefined) return;
      const pdf = index % 7 !== 3;
      umkFiles.push({
        ownerId: id,
        name: pdf ? `${material.name.replace(/[:«»]/g, '')}.pdf` : 'Вопросы к экзамену.txt',
        bytes: pdf
          ? titlePagePdf(
              [material.name, material.author, `${material.study_semester} semestr`],
              Math.min(material.pages, 4),
            )
          : Buffer.from(
              `${material.name}\n\n1. Вопрос первый.\n2. Вопрос второй.\n3. Вопрос третий.\n(${id})\n`,
              'utf8',
            ),
        createdBy: material.created_by,
        createdAt: material.created_at,
      });
      if (material.for_library === 1 && material.category_id !== null) {
        listings.push({
          category_id: material.category_id,
          name: material.name,
          author: material.author,
          description: material.description,
          pages: material.pages,
          search_name: searchForm(material.name),
          search_author: searchForm(material.author),
          umk_id: id,
          uploaded_by: material.created_by,
          created_at: material.created_at,
          updated_at: material.created_at,
          downloads: 0,
        });
      }
    });
  }
  await attachAll(ctx, 'umk', umkFiles);
  for (let offset = 0; offset < listings.length; offset += 100) {
    await trx
      .insertInto('ebooks')
      .values(listings.slice(offset, offset + 100))
      .execute();
  }

  // ---- Uploaded books ----
  const uploaders = [ctx.core.demoTeacher.uid, ...teacherUsers.slice(0, 6).map((row) => row.id)];
  const books = Array.from({ length: SEED_BOOK_COUNT }, (_, index) => {
    const category = categories[index % categories.length] ?? random.pick(categories);
    const name = bookTitle(random, category.name);
    const author = random.pick(AUTHORS);
    const created = now - random.int(1, 720) * DAY_MS - random.int(0, DAY_MS - 1);
    return {
      category_id: category.id,
      name,
      author,
      description: `${name}. ${category.name}: основные понятия, примеры и задания для самостоятельной работы.`,
      pages: random.int(40, 620),
      search_name: searchForm(name),
      search_author: searchForm(author),
      umk_id: null,
      uploaded_by: uploaders[index % uploaders.length] ?? null,
      created_at: created,
      updated_at: created,
      downloads: random.int(0, 300),
    };
  });
  const bookFiles: SeedFile[] = [];
  for (let offset = 0; offset < books.length; offset += 100) {
    const batch = books.slice(offset, offset + 100);
    const ids = await trx.insertInto('ebooks').values(batch).returning('id').execute();
    batch.forEach((book, index) => {
      const id = ids[index]?.id;
      if (id === undefined) return;
      bookFiles.push({
        ownerId: id,
        name: `${book.name.replace(/:/g, ' -')}.pdf`,
        bytes: titlePagePdf([book.name, book.author, `${book.pages} pages, no. ${id}`], 3),
        createdBy: book.uploaded_by,
        createdAt: book.created_at,
      });
    });
  }
  await attachAll(ctx, 'library', bookFiles);

  // The demo student's previous visit (session 0 is no session: their first list starts a visit).
  await trx
    .insertInto('umk_visits')
    .values({
      user_id: ctx.core.demoStudent.uid,
      session_id: 0,
      visited_at: now - DEMO_STUDENT_LAST_VISIT_DAYS * DAY_MS,
      previous_visit_at: null,
    })
    .execute();

  const bulk = Number(process.env.LMS_SEED_LIBRARY_BOOKS ?? 0);
  if (bulk > 0) await seedBulkBooks(trx, random, bulk, now);
}

/**
 * The benchmark's library (LMS_SEED_LIBRARY_BOOKS=100000): that many more books, metadata only
 * (no files), spread over every category, for measuring the search.
 */
export async function seedBulkBooks(
  k: Kysely<Database>,
  random: Random,
  count: number,
  now: number,
): Promise<void> {
  const categories = await categoryList(k);
  // Rows of 12 columns: 80 per statement stays under SQLite's 999 bound parameters.
  const BATCH = 80;
  for (let offset = 0; offset < count; offset += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, count - offset) }, (_, index) => {
      const category = random.pick(categories);
      const name = `${bookTitle(random, category.name)} (${offset + index + 1})`;
      const author = random.pick(AUTHORS);
      const created = now - random.int(30, 3650) * DAY_MS;
      return {
        category_id: category.id,
        name,
        author,
        description: '',
        pages: random.int(20, 900),
        search_name: searchForm(name),
        search_author: searchForm(author),
        umk_id: null,
        uploaded_by: null,
        created_at: created,
        updated_at: created,
        downloads: 0,
      };
    });
    await k.insertInto('ebooks').values(rows).execute();
  }
}
