import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { Migrator, sql, type Kysely } from 'kysely';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/database.js';
import { InCodeMigrationProvider, migrateToLatest } from '../src/db/migrations.js';
import { Client, envelope, isolatedDatabase } from './helper.js';

// A database as the releases before the attachments table left it (migrations 0001..0003):
// news files in `news_files`, chat files as a ';!;'-joined column with files f1, f2… on disk.
// Migrated to the latest schema, every item, message and file is still served.

const YEAR = 26;
const WS = 1;
const NEWS_FILES = [
  {
    name: 'Приказ №12.pdf',
    stored: 'f1-0123456789abcdef.pdf',
    bytes: Buffer.from('%PDF-1.4 order'),
  },
  { name: 'list.csv', stored: 'f2-fedcba9876543210.csv', bytes: Buffer.from('a;b\n1;2\n') },
];
const CHAT_FILES = [
  { name: 'Отчёт по лабораторной.docx', bytes: Buffer.from('report bytes') },
  { name: 'page.html', bytes: Buffer.from('<script>alert(1)</script>') },
];

interface Ids {
  teacherUid: number;
  studentUid: number;
  teacherId: number;
  studentId: number;
  disciplineId: number;
  groupId: number;
  newsId: number;
  chatWithFiles: number;
  chatMissingFile: number;
  chatPlain: number;
}

/** Rows of the old shape, written with plain SQL-ish inserts (the typed schema is the new one). */
/** Any table, any columns: the old shape is not in the typed schema any more. */
type Untyped = Kysely<Record<string, Record<string, unknown>>>;

async function seedOldShape(k: Untyped, dataDir: string): Promise<Ids> {
  const insert = async (table: string, values: Record<string, unknown>) =>
    Number(
      (
        (await k.insertInto(table).values(values).returning('id').executeTakeFirstOrThrow()) as {
          id: number;
        }
      ).id,
    );
  const now = Date.now();
  const faculty = await insert('faculties', { name: 'Факультет', short_name: 'Ф' });
  const department = await insert('departments', { faculty_id: faculty, name: 'Кафедра' });
  const speciality = await insert('specialities', {
    faculty_id: faculty,
    code: '710400',
    name: 'Программная инженерия',
  });
  const groupId = await insert('groups', {
    speciality_id: speciality,
    name: 'ПИ-1-25',
    admission_year: 25,
  });
  const teacherPerson = await insert('persons', { full_name: 'Асанов Бакыт Маратович' });
  const studentPerson = await insert('persons', { full_name: 'Жумабаева Айгерим' });
  const teacherId = await insert('teachers', {
    person_id: teacherPerson,
    department_id: department,
    position: 'Доцент',
  });
  const studentId = await insert('students', { person_id: studentPerson, group_id: groupId });
  const account = { password_hash: 'x', created_at: now, updated_at: now };
  const teacherUid = await insert('users', {
    ...account,
    login: 'old-teacher',
    role: 1,
    news_perms: 1,
    teacher_id: teacherId,
  });
  const studentUid = await insert('users', {
    ...account,
    login: 'old-student',
    role: 2,
    student_id: studentId,
  });
  await k.insertInto('academic_years').values({ id: YEAR, name: '2026-27' }).execute();
  await k.insertInto('ws').values({ id: WS, name: 'Осенний' }).execute();
  await k.insertInto('lesson_types').values({ id: 1, name: 'Лекция' }).execute();
  const disciplineId = await insert('disciplines', {
    department_id: department,
    code: 'Ф-0101',
    name: 'Базы данных',
  });
  await insert('teaching_assignments', {
    teacher_id: teacherId,
    discipline_id: disciplineId,
    group_id: groupId,
    lesson_type_id: 1,
    year_id: YEAR,
    ws_id: WS,
    study_semester: 3,
    credits: 4,
  });

  const newsId = await insert('news', {
    author_uid: teacherUid,
    author: 'Преподаватель|Асанов Бакыт Маратович',
    message: 'Приказ о сессии',
    audience: 'all',
    created_at: now,
    updated_at: now,
  });
  const newsFolder = join(dataDir, 'uploads', 'news', String(newsId));
  await mkdir(newsFolder, { recursive: true });
  for (const [index, file] of NEWS_FILES.entries()) {
    await writeFile(join(newsFolder, file.stored), file.bytes);
    await insert('news_files', {
      news_id: newsId,
      original_name: file.name,
      stored_name: file.stored,
      size: file.bytes.length,
      sort_order: index + 1,
    });
  }

  const message = (text: string, files: string, senderRole: 1 | 2, createdAt: number) =>
    insert('chat_messages', {
      conversation: `p:${YEAR}:${WS}:${disciplineId}:${teacherId}:${studentId}`,
      year_id: YEAR,
      ws_id: WS,
      discipline_id: disciplineId,
      group_id: groupId,
      teacher_id: teacherId,
      student_id: studentId,
      sender_role: senderRole,
      sender_id: senderRole === 1 ? teacherId : studentId,
      message: text,
      files,
      created_at: createdAt,
    });
  const chatPlain = await message('Здравствуйте!', '', 1, now - 3000);
  const chatWithFiles = await message(
    'Отправляю отчёт',
    CHAT_FILES.map((file) => file.name).join(';!;'),
    2,
    now - 2000,
  );
  const chatMissingFile = await message('Ещё файл', 'lost.txt', 2, now - 1000);
  const chatFolder = join(dataDir, 'uploads', 'chat', String(chatWithFiles));
  await mkdir(chatFolder, { recursive: true });
  for (const [index, file] of CHAT_FILES.entries()) {
    await writeFile(join(chatFolder, `f${index + 1}`), file.bytes);
  }
  return {
    teacherUid,
    studentUid,
    teacherId,
    studentId,
    disciplineId,
    groupId,
    newsId,
    chatWithFiles,
    chatMissingFile,
    chatPlain,
  };
}

describe('migration to one attachments table', () => {
  let dataDir: string;
  let database: Awaited<ReturnType<typeof isolatedDatabase>>;
  let app: FastifyInstance;
  let ids: Ids;

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'lms-api-migrate-'));
    database = await isolatedDatabase();
    const db = openDatabase({ dataDir, databaseUrl: database.databaseUrl });
    const migrator = new Migrator({
      db: db.kysely,
      provider: new InCodeMigrationProvider(db.dialect, dataDir),
    });
    const old = await migrator.migrateTo('0003_chat');
    assert.equal(old.error, undefined);
    ids = await seedOldShape(db.kysely as unknown as Untyped, dataDir);
    await migrateToLatest(db, dataDir);
    await db.kysely.destroy();
    app = await buildApp({
      dataDir,
      databaseUrl: database.databaseUrl,
      logger: false,
      staticRoot: join(dataDir, 'static'),
    });
    await app.ready();
  });
  after(async () => {
    await app?.close();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function sessionOf(uid: number): Promise<Client> {
    const client = await new Client(app, `10.9.0.${uid % 250}`).prime();
    client.useSession(await app.repos.sessions.create(uid, 60 * 60 * 1000));
    return client;
  }

  test('the old news table and chat column are gone; every file has a row', async () => {
    const k = app.db.kysely;
    const rows = await k
      .selectFrom('attachments')
      .selectAll()
      .orderBy('owner_area')
      .orderBy('owner_id')
      .orderBy('position')
      .execute();
    assert.deepEqual(
      rows.map((row) => [
        row.owner_area,
        row.owner_id,
        row.position,
        row.stored_name,
        row.original_name,
        Number(row.size),
        row.media_type,
        row.created_by,
      ]),
      [
        [
          'chat',
          ids.chatWithFiles,
          1,
          'f1',
          CHAT_FILES[0]?.name,
          12,
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          ids.studentUid,
        ],
        [
          'chat',
          ids.chatWithFiles,
          2,
          'f2',
          'page.html',
          CHAT_FILES[1]?.bytes.length,
          'text/html',
          ids.studentUid,
        ],
        ['chat', ids.chatMissingFile, 1, 'f1', 'lost.txt', 0, 'text/plain', ids.studentUid],
        [
          'news',
          ids.newsId,
          1,
          NEWS_FILES[0]?.stored,
          NEWS_FILES[0]?.name,
          NEWS_FILES[0]?.bytes.length,
          'application/pdf',
          ids.teacherUid,
        ],
        [
          'news',
          ids.newsId,
          2,
          NEWS_FILES[1]?.stored,
          'list.csv',
          NEWS_FILES[1]?.bytes.length,
          'text/csv',
          ids.teacherUid,
        ],
      ],
    );
    const newsFiles =
      app.db.dialect === 'postgres'
        ? await sql<{ n: number }>`select count(*)::int as n from information_schema.tables
            where table_name = 'news_files'`.execute(k)
        : await sql<{ n: number }>`select count(*) as n from sqlite_master
            where name = 'news_files'`.execute(k);
    assert.equal(Number(newsFiles.rows[0]?.n), 0);
    const chatColumns =
      app.db.dialect === 'postgres'
        ? await sql<{ name: string }>`select column_name as name from information_schema.columns
            where table_name = 'chat_messages'`.execute(k)
        : await sql<{ name: string }>`select name from pragma_table_info('chat_messages')`.execute(
            k,
          );
    assert.ok(chatColumns.rows.length > 0);
    assert.ok(!chatColumns.rows.some((column) => column.name === 'files'));
  });

  test('news: the item lists its files as before and each downloads', async () => {
    const student = await sessionOf(ids.studentUid);
    const page = envelope<{ items: { id_eventMessage: number; fileName: string }[] }>(
      await student.post('/lms/api/news/data.json', { page: 1 }),
    );
    const item = page.data?.items.find((each) => each.id_eventMessage === ids.newsId);
    assert.equal(item?.fileName, NEWS_FILES.map((file) => file.name).join(';!;'));
    for (const file of NEWS_FILES) {
      const query = new URLSearchParams({ filename: `${ids.newsId}_${file.name}`, type: '4' });
      const response = await student.get(`/lms/api/news/download.file?${query.toString()}`);
      assert.equal(response.statusCode, 200, file.name);
      assert.deepEqual(response.rawPayload, file.bytes);
    }
  });

  test('chat: messages keep their file names, and the files download', async () => {
    const student = await sessionOf(ids.studentUid);
    const opened = envelope<{ messages: { id_message: number; files: string[] }[] }>(
      await student.post('/lms/api/chat/messages.json', {
        year: YEAR,
        ws: WS,
        id_discipline: ids.disciplineId,
        id_from: ids.studentId,
        id_from_type: 2,
        id_to: ids.teacherId,
        id_to_type: 1,
      }),
    );
    assert.deepEqual(
      opened.data?.messages.map((message) => [message.id_message, message.files]),
      [
        [ids.chatPlain, []],
        [ids.chatWithFiles, CHAT_FILES.map((file) => file.name)],
        [ids.chatMissingFile, ['lost.txt']],
      ],
    );
    const teacher = await sessionOf(ids.teacherUid);
    for (const file of CHAT_FILES) {
      const query = new URLSearchParams({ id: String(ids.chatWithFiles), name: file.name });
      const response = await teacher.get(`/lms/api/chat/download.file?${query.toString()}`);
      assert.equal(response.statusCode, 200, file.name);
      assert.deepEqual(response.rawPayload, file.bytes);
    }
    const lost = new URLSearchParams({ id: String(ids.chatMissingFile), name: 'lost.txt' });
    assert.equal(
      (await teacher.get(`/lms/api/chat/download.file?${lost.toString()}`)).statusCode,
      404,
    );
  });
});
