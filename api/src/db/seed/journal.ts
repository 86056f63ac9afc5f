import { ABSENCE_MARK, LESSON_ORDERS } from '@lms/shared/contract';
import type { Insertable, Kysely, Transaction } from 'kysely';
import { academicYearId, academicYearStart, currentWs } from '../../lib/calendar.js';
import type { JournalLessonTable, JournalMarkTable } from '../journal-schema.js';
import type { Database } from '../schema.js';
import type { SeedContext } from './context.js';
import { generateName } from './names.js';
import type { Random } from './random.js';

/**
 * The journal's reference lists (every database needs them) and a semester of demo journals:
 * every lesson type of the demo teacher's groups and of the demo student's group, about 14
 * weekly lessons each, mostly present, some grades, ~8 % 'н/б', topics and modules.
 */

export const EDUCATION_FORMS = ['очная', 'заочная', 'дистанционная'] as const;

/** The grade scale (a table, so a university may add its own values). */
export const ASSESSMENTS = [
  { value: '5', name: 'Отлично' },
  { value: '4', name: 'Хорошо' },
  { value: '3', name: 'Удовлетворительно' },
  { value: '2', name: 'Неудовлетворительно' },
  { value: ABSENCE_MARK, name: 'Отсутствовал(а)' },
] as const;

const MODULES_PER_DISCIPLINE = 2;
const LESSONS_PER_JOURNAL = 14;
const ABSENCE_SHARE = 0.08;

const TOPICS = [
  'Введение в дисциплину. Цели и задачи курса',
  'Основные понятия и определения',
  'Исторический обзор и современное состояние',
  'Методы и модели предметной области',
  'Классификация и сравнительный анализ подходов',
  'Практическое применение базовых методов',
  'Разбор типовых задач',
  'Контрольная работа по модулю 1',
  'Углублённое изучение ключевых алгоритмов',
  'Проектирование решения: от постановки к реализации',
  'Инструменты и средства разработки',
  'Оценка качества и эффективности',
  'Работа над индивидуальным заданием',
  'Защита индивидуальных заданий',
  'Обобщение материала. Подготовка к экзамену',
  'Итоговое занятие',
];

/** Reference rows of the journal; run for every database, seeded or not. */
export async function ensureJournalReference(k: Kysely<Database>): Promise<void> {
  for (const name of EDUCATION_FORMS) {
    await k
      .insertInto('education_forms')
      .values({ name })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  }
  for (const time of LESSON_ORDERS) {
    await k
      .insertInto('lesson_times')
      .values({ id: time.id_time, name: time.name, start_time: time.start, end_time: time.end })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
  for (const [index, assessment] of ASSESSMENTS.entries()) {
    await k
      .insertInto('assessments')
      .values({ ...assessment, sort_order: index + 1 })
      .onConflict((oc) => oc.column('value').doNothing())
      .execute();
  }
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * 86_400_000);
}

/** Monday (UTC) of the week before `now`: the last week with finished lessons. */
function lastWeekMonday(now: Date): Date {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const sinceMonday = (today.getUTCDay() + 6) % 7;
  return addDays(today, -sinceMonday - 7);
}

function pickMark(random: Random, lessonTypeId: number): string | null {
  if (random.chance(ABSENCE_SHARE)) return ABSENCE_MARK;
  // Lectures are mostly attendance only; practice and labs are graded more often.
  if (!random.chance(lessonTypeId === 1 ? 0.08 : 0.4)) return null;
  const roll = random.next();
  if (roll < 0.3) return '5';
  if (roll < 0.7) return '4';
  if (roll < 0.94) return '3';
  return '2';
}

async function insertInBatches<T>(
  size: number,
  rows: T[],
  insert: (batch: T[]) => Promise<unknown>,
): Promise<void> {
  for (let offset = 0; offset < rows.length; offset += size) {
    await insert(rows.slice(offset, offset + size));
  }
}

async function modulesOf(trx: Transaction<Database>, disciplineIds: number[]) {
  if (disciplineIds.length === 0) return new Map<number, number[]>();
  const rows = await trx
    .selectFrom('journal_modules')
    .select(['id', 'discipline_id'])
    .where('discipline_id', 'in', disciplineIds)
    .orderBy('sort_order')
    .execute();
  const map = new Map<number, number[]>();
  for (const row of rows)
    map.set(row.discipline_id, [...(map.get(row.discipline_id) ?? []), row.id]);
  return map;
}

interface JournalPlan {
  teacherId: number;
  disciplineId: number;
  groupId: number;
  subgroupId: number | null;
  lessonTypeId: number;
  yearId: number;
  ws: number;
}

/**
 * Writes the lessons and marks of the given journals: `lessons` weekly lessons each, ending in
 * the week before `now`, every student of the group (or subgroup) on every list.
 */
export async function writeJournals(
  trx: Transaction<Database>,
  random: Random,
  now: Date,
  plans: JournalPlan[],
  lessons: number,
  updatedBy: number,
): Promise<void> {
  const modules = await modulesOf(trx, [...new Set(plans.map((p) => p.disciplineId))]);
  const form = await trx
    .selectFrom('education_forms')
    .select('id')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const lastMonday = lastWeekMonday(now);
  const at = now.getTime();
  const rosters = new Map<string, number[]>();
  for (const [index, plan] of plans.entries()) {
    const rosterKey = `${plan.groupId}:${plan.subgroupId ?? 0}`;
    let roster = rosters.get(rosterKey);
    if (!roster) {
      let query = trx.selectFrom('students').select('id').where('group_id', '=', plan.groupId);
      if (plan.subgroupId !== null) query = query.where('subgroup_id', '=', plan.subgroupId);
      roster = (await query.orderBy('id').execute()).map((row) => row.id);
      rosters.set(rosterKey, roster);
    }
    const disciplineModules = modules.get(plan.disciplineId) ?? [];
    // Each journal has its own weekday and pair; several lessons a week when there are many.
    const perWeek = Math.max(1, Math.ceil(lessons / 16));
    const weekday = index % 5;
    const rows: Insertable<JournalLessonTable>[] = Array.from({ length: lessons }, (_, k) => {
      const week = Math.floor(k / perWeek);
      const weeksBack = Math.ceil(lessons / perWeek) - 1 - week;
      const slot = k % perWeek;
      const date = addDays(lastMonday, -7 * weeksBack + ((weekday + slot * 2) % 6));
      const moduleIndex = Math.min(
        disciplineModules.length - 1,
        Math.floor((k * disciplineModules.length) / lessons),
      );
      return {
        teacher_id: plan.teacherId,
        discipline_id: plan.disciplineId,
        group_id: plan.groupId,
        subgroup_id: plan.subgroupId,
        subgroup_key: plan.subgroupId ?? 0,
        lesson_type_id: plan.lessonTypeId,
        education_form_id: form.id,
        year_id: plan.yearId,
        ws_id: plan.ws,
        time_id: ((index + slot) % LESSON_ORDERS.length) + 1,
        lesson_date: isoDate(date),
        tema: TOPICS[Math.floor((k * TOPICS.length) / lessons)] ?? '',
        module_id: disciplineModules[moduleIndex] ?? null,
        created_at: at,
        updated_at: at,
      };
    });
    const ids: number[] = [];
    await insertInBatches(200, rows, async (batch) => {
      const inserted = await trx
        .insertInto('journal_lessons')
        .values(batch)
        .returning('id')
        .execute();
      ids.push(...inserted.map((row) => row.id));
    });
    const marks: Insertable<JournalMarkTable>[] = ids.flatMap((lessonId) =>
      roster.map((studentId) => ({
        lesson_id: lessonId,
        student_id: studentId,
        otsenka: pickMark(random, plan.lessonTypeId),
        updated_at: at,
        updated_by: updatedBy,
      })),
    );
    await insertInBatches(1000, marks, (batch) =>
      trx.insertInto('journal_marks').values(batch).execute(),
    );
  }
}

/** Two modules for every discipline (the module lists of the topic form). */
async function seedModules(trx: Transaction<Database>): Promise<void> {
  const disciplines = await trx.selectFrom('disciplines').select('id').orderBy('id').execute();
  const rows = disciplines.flatMap((d) =>
    Array.from({ length: MODULES_PER_DISCIPLINE }, (_, index) => ({
      discipline_id: d.id,
      name: `Модуль ${index + 1}`,
      sort_order: index + 1,
    })),
  );
  await insertInBatches(300, rows, (batch) =>
    trx.insertInto('journal_modules').values(batch).execute(),
  );
}

/** The semester whose journals the demo shows: the current one (spring in the summer). */
function demoSemester(now: Date): { yearId: number; ws: number } {
  const ws = currentWs(now);
  return { yearId: academicYearId(academicYearStart(now)), ws: ws === 3 ? 2 : ws };
}

export async function seedJournal(ctx: SeedContext): Promise<void> {
  const { trx, now, core } = ctx;
  const random = ctx.random(20260905);
  await seedModules(trx);
  const { yearId, ws } = demoSemester(now);
  const studentGroup = await trx
    .selectFrom('students')
    .select('group_id')
    .where('id', '=', core.demoStudent.studentId)
    .executeTakeFirstOrThrow();
  const assignments = await trx
    .selectFrom('teaching_assignments')
    .select(['teacher_id', 'discipline_id', 'group_id', 'subgroup_id', 'lesson_type_id'])
    .where('year_id', '=', yearId)
    .where('ws_id', '=', ws)
    .where((eb) =>
      eb.or([
        eb('teacher_id', '=', core.demoTeacher.teacherId),
        eb('group_id', '=', studentGroup.group_id),
      ]),
    )
    .orderBy('id')
    .execute();
  const plans = assignments.map((a) => ({
    teacherId: a.teacher_id,
    disciplineId: a.discipline_id,
    groupId: a.group_id,
    subgroupId: a.subgroup_id,
    lessonTypeId: a.lesson_type_id,
    yearId,
    ws,
  }));
  await writeJournals(trx, random, now, plans, LESSONS_PER_JOURNAL, core.demoTeacher.uid);
  if (process.env.LMS_SEED_SCALE === 'university') await seedUniversityScale(ctx);
}

/** Students of the university-scale seed, and the lessons of its benchmark journal. */
export const UNIVERSITY_SCALE = { students: 30_000, groupSize: 30, benchLessons: 60 } as const;
/** The group whose practice journal (30 students × 60 lessons, the demo teacher's) is benchmarked. */
export const BENCH_GROUP_NAME = 'БЕНЧ-1-26';

/**
 * The university-scale seed for the benchmark (LMS_SEED_SCALE=university): groups of 30 up to
 * ~30,000 students, each taught one discipline by the demo teacher with a 30 × 60 practice
 * journal for the first of them. Students get no accounts (only the demo ones sign in).
 */
export async function seedUniversityScale(ctx: SeedContext): Promise<void> {
  const { trx, now, core } = ctx;
  const random = ctx.random(20260930);
  const { yearId, ws } = demoSemester(now);
  const speciality = await trx
    .selectFrom('specialities')
    .select('id')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const demoAssignment = await trx
    .selectFrom('teaching_assignments')
    .select(['discipline_id', 'credits', 'study_semester'])
    .where('teacher_id', '=', core.demoTeacher.teacherId)
    .where('year_id', '=', yearId)
    .where('ws_id', '=', ws)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const groups = Math.ceil(UNIVERSITY_SCALE.students / UNIVERSITY_SCALE.groupSize);
  let benchGroupId = 0;
  for (let g = 0; g < groups; g++) {
    const name = g === 0 ? BENCH_GROUP_NAME : `УН-${g}-${yearId}`;
    const group = await trx
      .insertInto('groups')
      .values({ speciality_id: speciality.id, name, admission_year: yearId })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (g === 0) benchGroupId = group.id;
    const people = Array.from({ length: UNIVERSITY_SCALE.groupSize }, () => {
      const name = generateName(random);
      return { full_name: name.fullName, gender: name.gender };
    });
    const persons = await trx.insertInto('persons').values(people).returning('id').execute();
    await trx
      .insertInto('students')
      .values(persons.map((p) => ({ person_id: p.id, group_id: group.id, subgroup_id: null })))
      .execute();
    await trx
      .insertInto('teaching_assignments')
      .values({
        teacher_id: core.demoTeacher.teacherId,
        discipline_id: demoAssignment.discipline_id,
        group_id: group.id,
        subgroup_id: null,
        lesson_type_id: 2,
        year_id: yearId,
        ws_id: ws,
        study_semester: demoAssignment.study_semester,
        credits: demoAssignment.credits,
        is_elective: 0,
      })
      .execute();
  }
  await writeJournals(
    trx,
    random,
    now,
    [
      {
        teacherId: core.demoTeacher.teacherId,
        disciplineId: demoAssignment.discipline_id,
        groupId: benchGroupId,
        subgroupId: null,
        lessonTypeId: 2,
        yearId,
        ws,
      },
    ],
    UNIVERSITY_SCALE.benchLessons,
    core.demoTeacher.uid,
  );
}
