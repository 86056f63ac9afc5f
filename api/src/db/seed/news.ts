import { storedNameFor } from '../../lib/uploads.js';
import { insertAttachments } from '../../lib/attachments.js';
import type { NewsTable } from '../schema.js';
import type { SeedContext } from './context.js';

/** Seeded news items: enough for several pages, so "load more" is real. */
export const SEED_NEWS_COUNT = 44;
const DAY_MS = 24 * 60 * 60 * 1000;

interface Attachment {
  name: string;
  bytes: Buffer;
}

interface NewsPlan {
  message: string;
  audience: NewsTable['audience'];
  /** Index into the faculties (by id order), or null for every faculty. */
  faculty: number | null;
  attachments?: (year: string) => Attachment[];
}

/** A one-page PDF with a line of ASCII text, built by hand (offsets computed, so it opens). */
export function simplePdf(text: string): Buffer {
  const escaped = text.replace(/[()\\]/g, (c) => `\\${c}`);
  const stream = `BT /F1 14 Tf 72 760 Td (${escaped}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const text = (value: string) => Buffer.from(value, 'utf8');

const PLANS: NewsPlan[] = [
  {
    message:
      'Уважаемые студенты! Опубликовано расписание зимней экзаменационной сессии. Проверьте даты и аудитории своих групп.',
    audience: 'students',
    faculty: null,
    attachments: (year) => [
      {
        name: 'Расписание экзаменов.csv',
        bytes: text(
          `Группа;Дисциплина;Дата;Аудитория\nПИ-1;Базы данных;${year}-01-12;301\nПИ-1;Веб-программирование;${year}-01-16;305\nИС-1;Компьютерные сети;${year}-01-13;210\n`,
        ),
      },
    ],
  },
  {
    message:
      'Заседание учёного совета университета состоится в четверг в 14:00 в конференц-зале главного корпуса.',
    audience: 'teachers',
    faculty: null,
  },
  {
    message:
      'Открыта регистрация на элективные дисциплины весеннего семестра. Подробнее: https://portal.example.edu.kg/lms/registration',
    audience: 'students',
    faculty: 0,
  },
  {
    message:
      'Кафедра программного обеспечения приглашает на открытую лекцию «Современная веб-разработка» в аудитории 305.',
    audience: 'all',
    faculty: 0,
  },
  {
    message: 'Библиотека работает в обычном режиме с 8:30 до 18:00, в субботу — до 14:00.',
    audience: 'all',
    faculty: null,
  },
  {
    message:
      'Положение о производственной практике обновлено. Руководителей практики просим ознакомиться до конца месяца.',
    audience: 'teachers',
    faculty: 0,
    attachments: () => [
      {
        name: 'Положение о практике.pdf',
        bytes: simplePdf('Polozhenie o proizvodstvennoi praktike'),
      },
    ],
  },
  {
    message:
      'Студенты экономического факультета: консультации по курсовым работам проходят по средам в 13:00.',
    audience: 'students',
    faculty: 1,
  },
  {
    message:
      'Урматтуу студенттер! Спорттук мелдештерге катталуу уланууда. Катышууну каалагандар деканатка кайрылгыла.',
    audience: 'students',
    faculty: null,
  },
  {
    message: 'Напоминаем: ведомости за модуль сдаются в деканат до пятницы.',
    audience: 'teachers',
    faculty: 1,
    attachments: () => [
      {
        name: 'Шаблон ведомости.csv',
        bytes: text('№;ФИО студента;Модуль 1;Модуль 2;Итог\n1;;;;\n2;;;;\n'),
      },
    ],
  },
  {
    message:
      'День открытых дверей пройдёт в субботу. Приглашаем студентов-волонтёров помочь с экскурсиями.',
    audience: 'all',
    faculty: null,
    attachments: () => [
      {
        name: 'Программа дня открытых дверей.txt',
        bytes: text(
          '10:00 Открытие\n10:30 Экскурсии по факультетам\n12:00 Встреча с ректором\n13:00 Консультации приёмной комиссии\n',
        ),
      },
      {
        name: 'Карта кампуса.pdf',
        bytes: simplePdf('Campus map: main building, library, sport hall'),
      },
    ],
  },
  {
    message:
      'Семинар по дистанционному обучению для преподавателей: как загружать материалы в УМК и проверять задания.',
    audience: 'teachers',
    faculty: null,
  },
  {
    message: 'Открыт конкурс научных студенческих работ. Заявки принимаются до 1 марта.',
    audience: 'students',
    faculty: null,
    attachments: () => [
      {
        name: 'Требования к оформлению научной работы.txt',
        bytes: text('Объём: до 20 страниц.\nШрифт: Times New Roman, 14 pt.\nИнтервал: 1,5.\n'),
      },
    ],
  },
  {
    message: 'Оплата за обучение за весенний семестр — до 15 февраля. Код оплаты есть в портале.',
    audience: 'students',
    faculty: null,
  },
  {
    message: 'Методическое объединение факультета информационных технологий собирается в среду.',
    audience: 'teachers',
    faculty: 0,
  },
  {
    message: 'Всем: в понедельник занятия начинаются по расписанию, корпус Б открыт после ремонта.',
    audience: 'all',
    faculty: null,
  },
];

/**
 * Demo news: ≥ 40 items over the last months from the demo teacher and one dean's-office
 * teacher per faculty (who get newsPerms), with attachments written to the uploads folder.
 */
export async function seedNews(ctx: SeedContext): Promise<void> {
  const { trx, now, core } = ctx;
  const random = ctx.random(20260915);
  const faculties = core.facultyIds.map((id) => ({ id }));
  const demo = { id: core.demoTeacher.uid };
  if (faculties.length === 0) return;
  // One more publisher per faculty: the first teacher of its first department, not the demo one.
  const publishers: { uid: number; full_name: string }[] = [];
  for (const faculty of faculties) {
    const row = await trx
      .selectFrom('users as u')
      .innerJoin('teachers as t', 't.id', 'u.teacher_id')
      .innerJoin('departments as d', 'd.id', 't.department_id')
      .innerJoin('persons as p', 'p.id', 't.person_id')
      .select(['u.id as uid', 'p.full_name'])
      .where('d.faculty_id', '=', faculty.id)
      .where('u.id', '!=', demo.id)
      .orderBy('u.id')
      .executeTakeFirst();
    if (row) publishers.push(row);
  }
  const demoName = { uid: core.demoTeacher.uid, full_name: core.demoTeacher.fullName };
  const authors = [demoName, ...publishers];
  const year = String(now.getFullYear());

  if (publishers.length > 0) {
    await trx
      .updateTable('users')
      .set({ news_perms: 1 })
      .where(
        'id',
        'in',
        publishers.map((p) => p.uid),
      )
      .execute();
  }
  // Oldest first, so ids grow with time like real posting.
  for (let index = SEED_NEWS_COUNT - 1; index >= 0; index--) {
    const plan = PLANS[index % PLANS.length];
    if (!plan) continue;
    const author = index % 3 === 0 ? demoName : (authors[index % authors.length] ?? demoName);
    const created = now.getTime() - index * 2 * DAY_MS - random.int(1, 10) * 60 * 60 * 1000;
    const facultyRow = plan.faculty === null ? undefined : faculties[plan.faculty];
    const { id } = await trx
      .insertInto('news')
      .values({
        author_uid: author.uid,
        author: `Преподаватель|${author.full_name}`,
        message: plan.message,
        audience: plan.audience,
        faculty_id: facultyRow?.id ?? null,
        created_at: created,
        updated_at: created,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const attachments = plan.attachments?.(year) ?? [];
    if (attachments.length === 0) continue;
    const files = attachments.map((attachment, index) => ({
      originalName: attachment.name,
      storedName: storedNameFor(index, attachment.name),
      size: attachment.bytes.length,
    }));
    for (const [index, file] of files.entries()) {
      await ctx.files.write('news', id, file.storedName, attachments[index]?.bytes ?? Buffer.of());
    }
    await insertAttachments(trx, { area: 'news', id }, files, {
      createdBy: author.uid,
      createdAt: created,
    });
  }
}
