import { ROLE, type RoleId } from '@lms/shared/contract';
import type { Insertable, Kysely } from 'kysely';
import { academicYearId, academicYearStart, currentWs } from '../../lib/calendar.js';
import type { ChatMessageTable } from '../chat-schema.js';
import type { Database } from '../schema.js';
import type { SeedContext } from './context.js';
import type { Random } from './random.js';

/**
 * Demo conversations: the demo teacher and student talk in the discipline they share, with more
 * history than several pages (page size 20) and unread messages for both; the group chat of that
 * discipline's group is busy; and each of them has a few more conversations with unread messages.
 */

const PERSONAL_HISTORY = 65;
const GROUP_HISTORY = 48;

const TEACHER_LINES = [
  'Добрый день! Напоминаю, что отчёт по лабораторной работе нужно сдать до пятницы.',
  'Посмотрел вашу работу: структура хорошая, но не хватает выводов.',
  'Исправьте, пожалуйста, оформление таблиц по методичке.',
  'Консультация будет в среду в 14:00 в аудитории 305.',
  'Вопросы к модулю выложил в УМК, посмотрите.',
  'Хорошо, жду исправленный вариант.',
  'Тесты должны покрывать граничные случаи, не только основной сценарий.',
  'Да, можно сдать в электронном виде.',
  'Отлично, работа принята.',
  'На следующей паре разберём типичные ошибки.',
  'Не забудьте подготовить презентацию к защите проекта.',
  'Оценки за первый модуль уже в журнале.',
];

const STUDENT_LINES = [
  'Здравствуйте! Можно уточнить требования к отчёту?',
  'Спасибо, понял(а).',
  'Я отправил(а) исправленный вариант, посмотрите, пожалуйста.',
  'А можно сдать работу в понедельник? Я болел(а) на прошлой неделе.',
  'Какие темы будут на модуле?',
  'В задании 3 не совсем понятно условие, можно объяснить?',
  'Хорошо, приду на консультацию.',
  'Спасибо за разъяснение!',
  'Нужно ли прикладывать исходный код к отчёту?',
  'Извините за задержку, всё исправил(а).',
  'Добрый вечер! В УМК не открывается файл с вопросами.',
  'Поняла, исправлю до завтра.',
];

const GROUP_LINES = [
  'Ребята, кто-нибудь уже сделал вторую лабораторную?',
  'Пара завтра в 305 или в компьютерном классе?',
  'Скиньте, пожалуйста, методичку, у меня не скачивается.',
  'В компьютерном классе, 412.',
  'Я сделал, могу объяснить после пары.',
  'Спасибо!',
  'Когда дедлайн по проекту?',
  'До конца месяца, преподаватель говорил на лекции.',
  'Кто в одной команде по проекту с нами?',
  'Напомните, модуль в четверг?',
];

const TEACHER_GROUP_LINES = [
  'Уважаемые студенты! Завтрашнее занятие переносится в аудиторию 412.',
  'Модуль состоится в четверг, в начале пары. Повторите лекции 1–6.',
  'Задание для проекта выложено в УМК. Команды по 3 человека.',
  'Напоминаю: отчёты принимаются до конца недели.',
];

interface Person {
  role: RoleId;
  id: number;
}

interface Thread {
  ref: {
    year_id: number;
    ws_id: number;
    discipline_id: number;
    group_id: number;
    teacher_id: number | null;
    student_id: number | null;
  };
  conversation: string;
  messages: { sender: Person; text: string }[];
  /** Readers and how many of the newest messages they have not read yet. */
  unreadTail: { reader: Person; count: number }[];
}

function personalKey(year: number, ws: number, discipline: number, t: number, s: number) {
  return `p:${year}:${ws}:${discipline}:${t}:${s}`;
}

function groupKey(year: number, ws: number, discipline: number, group: number) {
  return `g:${year}:${ws}:${discipline}:${group}`;
}

function personalThread(
  random: Random,
  year: number,
  ws: number,
  discipline: number,
  group: number,
  teacher: number,
  student: number,
  length: number,
  unread: { teacher: number; student: number },
): Thread {
  const messages: Thread['messages'] = [];
  let fromTeacher = random.int(0, 1) === 1;
  for (let index = 0; index < length; index++) {
    // Conversations run in short turns of one to three messages each.
    if (index > 0 && random.int(0, 2) === 0) fromTeacher = !fromTeacher;
    const sender: Person = fromTeacher
      ? { role: ROLE.teacher, id: teacher }
      : { role: ROLE.student, id: student };
    const lines = fromTeacher ? TEACHER_LINES : STUDENT_LINES;
    messages.push({
      sender,
      text: lines[(index * 7 + random.int(0, lines.length - 1)) % lines.length] ?? '',
    });
  }
  // The newest messages come from the side whose messages are unread by the other.
  const tail = unread.student + unread.teacher;
  for (let k = 0; k < tail && k < messages.length; k++) {
    const index = messages.length - tail + k;
    const sender: Person =
      k < unread.student
        ? { role: ROLE.teacher, id: teacher }
        : { role: ROLE.student, id: student };
    const lines = sender.role === ROLE.teacher ? TEACHER_LINES : STUDENT_LINES;
    messages[index] = { sender, text: lines[(index + k) % lines.length] ?? '' };
  }
  return {
    ref: {
      year_id: year,
      ws_id: ws,
      discipline_id: discipline,
      group_id: group,
      teacher_id: teacher,
      student_id: student,
    },
    conversation: personalKey(year, ws, discipline, teacher, student),
    messages,
    unreadTail: [
      { reader: { role: ROLE.student, id: student }, count: unread.student },
      { reader: { role: ROLE.teacher, id: teacher }, count: unread.teacher },
    ],
  };
}

export async function seedChat(ctx: SeedContext): Promise<void> {
  const { trx: db, now } = ctx;
  const random = ctx.random(20261122);
  const year = academicYearId(academicYearStart(now));
  const ws = currentWs(now);
  const teacherId = ctx.core.demoTeacher.teacherId;
  const studentId = ctx.core.demoStudent.studentId;
  const student = await db
    .selectFrom('students')
    .select(['group_id', 'subgroup_id'])
    .where('id', '=', studentId)
    .executeTakeFirstOrThrow();
  const teaching = await db
    .selectFrom('teaching_assignments')
    .select(['teacher_id', 'discipline_id', 'group_id', 'subgroup_id'])
    .where('year_id', '=', year)
    .where('ws_id', '=', ws)
    .orderBy('discipline_id')
    .orderBy('id')
    .execute();
  // The summer term may have no shared teaching; then the demo has no conversation to show.
  const shared = teaching.find(
    (a) =>
      a.teacher_id === teacherId &&
      a.group_id === student.group_id &&
      (a.subgroup_id === null || a.subgroup_id === student.subgroup_id),
  );
  if (!shared) return;

  const groupmates = await db
    .selectFrom('students')
    .select('id')
    .where('group_id', '=', student.group_id)
    .orderBy('id')
    .execute();
  const threads: Thread[] = [
    personalThread(
      random,
      year,
      ws,
      shared.discipline_id,
      student.group_id,
      teacherId,
      studentId,
      PERSONAL_HISTORY,
      { teacher: 3, student: 4 },
    ),
  ];

  // The busy group chat of the shared discipline's group: the group's students and the teacher.
  const groupMessages: Thread['messages'] = [];
  for (let index = 0; index < GROUP_HISTORY; index++) {
    if (index % 9 === 0) {
      groupMessages.push({
        sender: { role: ROLE.teacher, id: teacherId },
        text: TEACHER_GROUP_LINES[(index / 9) % TEACHER_GROUP_LINES.length] ?? '',
      });
    } else {
      const mate = groupmates[random.int(0, groupmates.length - 1)]?.id ?? studentId;
      groupMessages.push({
        sender: { role: ROLE.student, id: mate },
        text: GROUP_LINES[random.int(0, GROUP_LINES.length - 1)] ?? '',
      });
    }
  }
  threads.push({
    ref: {
      year_id: year,
      ws_id: ws,
      discipline_id: shared.discipline_id,
      group_id: student.group_id,
      teacher_id: null,
      student_id: null,
    },
    conversation: groupKey(year, ws, shared.discipline_id, student.group_id),
    messages: groupMessages,
    unreadTail: [
      { reader: { role: ROLE.student, id: studentId }, count: 6 },
      { reader: { role: ROLE.teacher, id: teacherId }, count: 5 },
    ],
  });

  // A few more conversations: the teacher with other students it teaches, the student with
  // the other teachers of its group.
  const otherStudents = await db
    .selectFrom('students')
    .select(['id', 'group_id', 'subgroup_id'])
    .where('id', '!=', studentId)
    .orderBy('id')
    .execute();
  const teacherPairs = teaching
    .filter((a) => a.teacher_id === teacherId && a.subgroup_id === null)
    .flatMap((a) =>
      otherStudents
        .filter((s) => s.group_id === a.group_id)
        .slice(0, 1)
        .map((s) => ({ discipline: a.discipline_id, group: a.group_id, student: s.id })),
    )
    .filter((pair, index, all) => all.findIndex((p) => p.student === pair.student) === index)
    .slice(0, 3);
  for (const pair of teacherPairs) {
    threads.push(
      personalThread(random, year, ws, pair.discipline, pair.group, teacherId, pair.student, 8, {
        teacher: 2,
        student: 0,
      }),
    );
  }
  const studentPairs = teaching
    .filter(
      (a) =>
        a.teacher_id !== teacherId && a.group_id === student.group_id && a.subgroup_id === null,
    )
    .filter((pair, index, all) => all.findIndex((p) => p.teacher_id === pair.teacher_id) === index)
    .slice(0, 2);
  for (const pair of studentPairs) {
    threads.push(
      personalThread(
        random,
        year,
        ws,
        pair.discipline_id,
        student.group_id,
        pair.teacher_id,
        studentId,
        6,
        { teacher: 0, student: 1 },
      ),
    );
  }

  for (const thread of threads) await insertThread(db, thread, now);
}

async function insertThread(db: Kysely<Database>, thread: Thread, now: Date): Promise<void> {
  const count = thread.messages.length;
  // Spread over the last weeks, a few hours apart, the newest an hour ago.
  const step = 3 * 60 * 60 * 1000;
  const start = now.getTime() - 60 * 60 * 1000 - (count - 1) * step;
  const rows: Insertable<ChatMessageTable>[] = thread.messages.map((message, index) => ({
    ...thread.ref,
    conversation: thread.conversation,
    sender_role: message.sender.role,
    sender_id: message.sender.id,
    message: message.text,
    created_at: start + index * step,
  }));
  const ids: number[] = [];
  for (let offset = 0; offset < rows.length; offset += 100) {
    const inserted = await db
      .insertInto('chat_messages')
      .values(rows.slice(offset, offset + 100))
      .returning('id')
      .execute();
    ids.push(...inserted.map((row) => row.id).sort((a, b) => a - b));
  }
  // Every reader has read everything but the newest `count` messages others wrote.
  const readers = new Map<string, { reader: Person; unread: number }>();
  for (const { reader, count: unread } of thread.unreadTail) {
    readers.set(`${reader.role}:${reader.id}`, { reader, unread });
  }
  for (const message of thread.messages) {
    const key = `${message.sender.role}:${message.sender.id}`;
    if (!readers.has(key)) readers.set(key, { reader: message.sender, unread: 0 });
  }
  const marks: { message_id: number; reader_role: RoleId; reader_id: number }[] = [];
  for (const { reader, unread } of readers.values()) {
    const foreign = thread.messages
      .map((message, index) => ({ message, id: ids[index] ?? 0 }))
      .filter(
        ({ message }) => message.sender.role !== reader.role || message.sender.id !== reader.id,
      );
    for (const { id } of foreign.slice(0, Math.max(0, foreign.length - unread))) {
      marks.push({ message_id: id, reader_role: reader.role, reader_id: reader.id });
    }
  }
  for (let offset = 0; offset < marks.length; offset += 300) {
    await db
      .insertInto('chat_reads')
      .values(marks.slice(offset, offset + 300))
      .execute();
  }
}
