// A hand-made week of the demo teacher's in a year the seed does not touch (2011-12): three
// assignments, the curriculum's hours for them, journal lessons over two weeks and timetable
// slots; and lessons that must not count (a colleague's, one without an assignment).
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema.js';

export const YEAR = 11;
/** Monday of ISO week 40 (even) and of week 41 (odd), in the fall semester of 2011-12. */
export const WEEK_EVEN = '2011-10-03';
export const WEEK_ODD = '2011-10-10';

export interface HandMadeWeek {
  teacherId: number;
  colleagueId: number;
  /** Lecture of D1 (4 h planned, 6 taught), practice of D1 (2, 2), lecture of D2 (10, 0). */
  lecture: number;
  practice: number;
  other: number;
}

export async function handMadeWeek(db: Kysely<Database>, teacherId: number): Promise<HandMadeWeek> {
  const [d1, d2] = await db.selectFrom('disciplines').select('id').orderBy('id').limit(2).execute();
  const group = await db.selectFrom('groups').select('id').orderBy('id').executeTakeFirstOrThrow();
  const room = await db.selectFrom('rooms').select('id').orderBy('id').executeTakeFirstOrThrow();
  const colleague = await db
    .selectFrom('teachers')
    .select('id')
    .where('id', '!=', teacherId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  if (!d1 || !d2) throw new Error('two disciplines are seeded');
  await db
    .insertInto('academic_years')
    .values({ id: YEAR, name: '2011-12' })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const curriculum = [
    { discipline_id: d1.id, lesson_type_id: 1, hours: 4 },
    { discipline_id: d1.id, lesson_type_id: 2, hours: 2 },
    { discipline_id: d2.id, lesson_type_id: 1, hours: 10 },
  ];
  for (const row of curriculum) {
    await db
      .deleteFrom('workload_curriculum')
      .where('discipline_id', '=', row.discipline_id)
      .where('lesson_type_id', '=', row.lesson_type_id)
      .execute();
    await db.insertInto('workload_curriculum').values(row).execute();
  }
  const assign = async (disciplineId: number, lessonTypeId: number, teacher = teacherId) => {
    const row = await db
      .insertInto('teaching_assignments')
      .values({
        teacher_id: teacher,
        discipline_id: disciplineId,
        group_id: group.id,
        subgroup_id: null,
        lesson_type_id: lessonTypeId,
        year_id: YEAR,
        ws_id: 1,
        study_semester: 1,
        credits: 3,
        is_elective: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const lecture = await assign(d1.id, 1);
  const practice = await assign(d1.id, 2);
  const other = await assign(d2.id, 1);
  await assign(d1.id, 1, colleague.id);

  const lesson = (teacher: number, disciplineId: number, lessonTypeId: number, date: string) => ({
    teacher_id: teacher,
    discipline_id: disciplineId,
    group_id: group.id,
    subgroup_id: null,
    subgroup_key: 0,
    lesson_type_id: lessonTypeId,
    education_form_id: 1,
    year_id: YEAR,
    ws_id: 1,
    time_id: 1,
    lesson_date: date,
    tema: '',
    module_id: null,
    created_at: 0,
    updated_at: 0,
  });
  await db
    .insertInto('journal_lessons')
    .values([
      // Week 40: the lecture twice and the practice once: 6 hours.
      lesson(teacherId, d1.id, 1, '2011-10-03'),
      lesson(teacherId, d1.id, 1, '2011-10-05'),
      lesson(teacherId, d1.id, 2, '2011-10-04'),
      // Week 41: the lecture once: 2 hours.
      lesson(teacherId, d1.id, 1, '2011-10-12'),
      // Not counted: a lab with no assignment, and the colleague's lecture.
      lesson(teacherId, d1.id, 3, '2011-10-06'),
      lesson(colleague.id, d1.id, 1, '2011-10-07'),
    ])
    .execute();
  const slot = (disciplineId: number, lessonTypeId: number, day: number, weekKind: number) => ({
    year_id: YEAR,
    ws_id: 1,
    day_number: day,
    time_id: 1,
    week_kind: weekKind,
    teacher_id: teacherId,
    discipline_id: disciplineId,
    group_id: group.id,
    subgroup_id: null,
    subgroup_key: 0,
    lesson_type_id: lessonTypeId,
    room_id: room.id,
    updated_at: 0,
  });
  // Every week the D1 lecture and the D2 lecture, odd weeks the practice: week 40 has 4
  // scheduled hours, week 41 has 6.
  await db
    .insertInto('schedule_lessons')
    .values([slot(d1.id, 1, 1, 0), slot(d1.id, 2, 2, 1), slot(d2.id, 1, 3, 0)])
    .execute();
  return { teacherId, colleagueId: colleague.id, lecture, practice, other };
}
