import type { Insertable, Transaction } from 'kysely';
import { academicYearId, academicYearStart, currentWs } from '../../lib/calendar.js';
import type { Database, TeachingAssignmentTable } from '../schema.js';
import type { SeedContext } from './context.js';

/**
 * Discipline registration for the current semester: per faculty, one mandatory discipline and
 * three electives of its first department in every active group's study plan, each taught in
 * lecture and practice streams by two teachers (the demo teacher among them on their faculty),
 * an open window, and a few registrations already made, so one stream is full and one has a
 * single seat left.
 */

export const CONTROL_FORMS = ['Экзамен', 'Зачёт', 'Дифференцированный зачёт'] as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** New disciplines per faculty (by position in the seed's faculty list). */
const OFFERINGS: { mandatory: string; electives: [string, string, string] }[] = [
  {
    mandatory: 'Командный программный проект',
    electives: ['Машинное обучение', 'Разработка компьютерных игр', 'Облачные технологии'],
  },
  {
    mandatory: 'Деловые коммуникации',
    electives: ['Цифровой маркетинг', 'Предпринимательство', 'Поведенческая экономика'],
  },
  {
    mandatory: 'Академическое письмо',
    electives: ['Медиаграмотность', 'Культура речи', 'История Великого шелкового пути'],
  },
];

const LECTURE = 1;
const PRACTICE = 2;

interface Stream {
  id: number;
  capacity: number;
  lessonTypeId: number;
}

export async function seedRegistration(ctx: SeedContext): Promise<void> {
  const { trx, now } = ctx;
  const nowMs = now.getTime();
  const yearId = academicYearId(academicYearStart(now));
  const ws = currentWs(now);
  const random = ctx.random(6006);
  // The window is open since the semester began (a clock set back within it, as a demo's or the
  // browser suite's schedule clock is, still finds it open), and for 45 days more.
  const yearStart = academicYearStart(now);
  const semesterBegan = Date.UTC(
    ws === 1 ? yearStart : yearStart + 1,
    ws === 1 ? 8 : ws === 2 ? 1 : 6,
    1,
  );

  for (const name of CONTROL_FORMS) {
    await trx
      .insertInto('control_forms')
      .values({ name })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  }
  const forms = await trx.selectFrom('control_forms').select(['id', 'name']).execute();
  const formId = (name: (typeof CONTROL_FORMS)[number]) =>
    forms.find((form) => form.name === name)?.id ?? 1;

  for (const [index, facultyId] of ctx.core.facultyIds.entries()) {
    const offering = OFFERINGS[index % OFFERINGS.length];
    if (!offering) continue;
    const department = await trx
      .selectFrom('departments')
      .select('id')
      .where('faculty_id', '=', facultyId)
      .orderBy('id')
      .executeTakeFirst();
    if (!department) continue;
    const teachers = (
      await trx
        .selectFrom('teachers')
        .select('id')
        .where('department_id', '=', department.id)
        .orderBy('id')
        .execute()
    ).map((row) => row.id);
    // The demo teacher gives the first streams of their own faculty.
    teachers.sort(
      (a, b) =>
        Number(b === ctx.core.demoTeacher.teacherId) - Number(a === ctx.core.demoTeacher.teacherId),
    );
    if (teachers.length < 2) continue;
    // Groups studying this semester, with the study semester they are in.
    const groups = await trx
      .selectFrom('teaching_assignments as a')
      .innerJoin('groups as g', 'g.id', 'a.group_id')
      .innerJoin('specialities as sp', 'sp.id', 'g.speciality_id')
      .select(['a.group_id', 'a.study_semester'])
      .distinct()
      .where('sp.faculty_id', '=', facultyId)
      .where('a.year_id', '=', yearId)
      .where('a.ws_id', '=', ws)
      .orderBy('a.group_id')
      .execute();
    if (groups.length === 0) continue;
    const students = await trx
      .selectFrom('students')
      .select(['id', 'group_id'])
      .where(
        'group_id',
        'in',
        groups.map((g) => g.group_id),
      )
      .orderBy('id')
      .execute();

    const disciplines = [
      { name: offering.mandatory, elective: 0, credits: 3, form: formId('Экзамен') },
      ...offering.electives.map((name, k) => ({
        name,
        elective: 1,
        credits: 4 + (k % 2),
        form: formId(k === 1 ? 'Зачёт' : 'Дифференцированный зачёт'),
      })),
    ];
    const planned: {
      disciplineId: number;
      credits: number;
      form: number;
      elective: number;
      streams: Stream[];
    }[] = [];
    for (const [k, discipline] of disciplines.entries()) {
      const { id: disciplineId } = await trx
        .insertInto('disciplines')
        .values({
          department_id: department.id,
          code: `РЕГ-${index + 1}${k + 1}`,
          name: discipline.name,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('study_plan')
        .values(
          groups.map((g) => ({
            group_id: g.group_id,
            discipline_id: disciplineId,
            year_id: yearId,
            ws_id: ws,
            credits: discipline.credits,
            control_form_id: discipline.form,
            is_elective: discipline.elective,
          })),
        )
        .execute();
      // Electives go round the department from the demo teacher; the mandatory one ends it.
      const n = teachers.length;
      const first = discipline.elective ? ((k - 1) * 2) % n : n - 2;
      const pair = [teachers[first], teachers[(first + 1) % n]];
      const streams: Stream[] = [];
      for (const lessonTypeId of [LECTURE, PRACTICE]) {
        for (const [n, teacherId] of pair.entries()) {
          if (teacherId === undefined) continue;
          // Mandatory streams hold everyone; elective ones about a third of the faculty each.
          const capacity =
            discipline.elective === 0
              ? Math.ceil(students.length / 2) + 10
              : Math.max(10, Math.ceil(students.length / 3));
          const stream = await trx
            .insertInto('registration_streams')
            .values({
              teacher_id: teacherId,
              discipline_id: disciplineId,
              lesson_type_id: lessonTypeId,
              year_id: yearId,
              ws_id: ws,
              name: `Поток ${n + 1}`,
              capacity,
              taken: 0,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          streams.push({ id: stream.id, capacity, lessonTypeId });
          const assignments: Insertable<TeachingAssignmentTable>[] = groups.map((g) => ({
            teacher_id: teacherId,
            discipline_id: disciplineId,
            group_id: g.group_id,
            subgroup_id: null,
            lesson_type_id: lessonTypeId,
            year_id: yearId,
            ws_id: ws,
            study_semester: g.study_semester,
            credits: discipline.credits,
            is_elective: discipline.elective,
          }));
          await trx.insertInto('teaching_assignments').values(assignments).execute();
        }
      }
      planned.push({
        disciplineId,
        credits: discipline.credits,
        form: discipline.form,
        elective: discipline.elective,
        streams,
      });
    }

    await trx
      .insertInto('registration_windows')
      .values({
        year_id: yearId,
        ws_id: ws,
        faculty_id: facultyId,
        opens_at: Math.min(nowMs - 14 * DAY_MS, semesterBegan),
        closes_at: nowMs + 45 * DAY_MS,
        electives: 1,
      })
      .execute();

    // Registrations already made, never by the demo student: the last elective's first lecture
    // stream is full and the second elective's has one seat left.
    const others = students.filter((s) => s.id !== ctx.core.demoStudent.studentId);
    const shuffled = [...others];
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = random.int(0, i);
      [shuffled[i], shuffled[j]] = [
        shuffled[j] as (typeof others)[number],
        shuffled[i] as (typeof others)[number],
      ];
    }
    // The two electives go to different students (from either end of the shuffle): the credit
    // limit counts the group's own disciplines too, and one student with both would pass it.
    const fill = async (
      entry: (typeof planned)[number],
      stream: Stream,
      chosen: readonly { id: number }[],
    ) => {
      for (const student of chosen) {
        await register(trx, student.id, entry, stream, { yearId, ws }, nowMs);
      }
    };
    const second = planned[2];
    const last = planned[3];
    const secondLecture = second?.streams.find((s) => s.lessonTypeId === LECTURE);
    const lastLecture = last?.streams.find((s) => s.lessonTypeId === LECTURE);
    if (second && secondLecture) {
      await fill(second, secondLecture, shuffled.slice(0, secondLecture.capacity - 1));
    }
    if (last && lastLecture) {
      await fill(last, lastLecture, shuffled.slice(-lastLecture.capacity).reverse());
    }
  }
}

/** One registration with its lecture membership, seat and credits (as the API makes it). */
async function register(
  trx: Transaction<Database>,
  studentId: number,
  entry: { disciplineId: number; credits: number; form: number; elective: number },
  stream: Stream,
  term: { yearId: number; ws: number },
  now: number,
): Promise<void> {
  const taken = await trx
    .selectFrom('registration_streams')
    .select(['taken', 'capacity'])
    .where('id', '=', stream.id)
    .executeTakeFirstOrThrow();
  if (taken.taken >= taken.capacity) return;
  const { id } = await trx
    .insertInto('discipline_registrations')
    .values({
      student_id: studentId,
      discipline_id: entry.disciplineId,
      year_id: term.yearId,
      ws_id: term.ws,
      credits: entry.credits,
      control_form_id: entry.form,
      is_by_plan: entry.elective ? 0 : 1,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('registration_members')
    .values({
      registration_id: id,
      stream_id: stream.id,
      student_id: studentId,
      lesson_type_id: stream.lessonTypeId,
      created_at: now,
    })
    .execute();
  await trx
    .updateTable('registration_streams')
    .set((eb) => ({ taken: eb('taken', '+', 1) }))
    .where('id', '=', stream.id)
    .execute();
  await trx
    .insertInto('registration_loads')
    .values({ student_id: studentId, year_id: term.yearId, ws_id: term.ws, credits: entry.credits })
    .onConflict((oc) =>
      oc
        .columns(['student_id', 'year_id', 'ws_id'])
        .doUpdateSet((eb) => ({ credits: eb('registration_loads.credits', '+', entry.credits) })),
    )
    .execute();
}
