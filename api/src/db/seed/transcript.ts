import { academicYearId, academicYearStart } from '../../lib/calendar.js';
import { hashPassword, passwordCost } from '../../areas/auth/index.js';
import type { SeedContext } from './context.js';

/** A demo student in the final year, so the transcript shows several years. */
export const SENIOR_ACCOUNT = {
  login: 'senior',
  password: 'Student1',
  fullName: 'Мамытова Нургуль Бакытбековна',
} as const;

const GENERAL_SEMESTER_SIZE = 6;

/** The last day of a semester: fall ends with the winter exams, spring in June, summer in August. */
function semesterEnd(start: number, ws: number): Date {
  if (ws === 1) return new Date(start + 1, 1, 0);
  if (ws === 2) return new Date(start + 1, 6, 0);
  return new Date(start + 1, 8, 0);
}

/**
 * Final grades of every student for every semester that has ended: the semesters the academic
 * core has teaching for take its disciplines and credits; earlier ones take disciplines of the
 * group's faculty in turn. Scores follow each student's level, a failing one now and then.
 * Also the final-year demo account (SENIOR_ACCOUNT).
 */
export async function seedTranscript(ctx: SeedContext): Promise<void> {
  const { trx, now } = ctx;
  const random = ctx.random(20261110);
  const currentStart = academicYearStart(now);

  // The final-year demo student, in the first ПИ group admitted three years ago.
  const seniorGroup = await trx
    .selectFrom('groups')
    .select(['id'])
    .where('name', '=', `ПИ-1-${String((currentStart - 3) % 100).padStart(2, '0')}`)
    .executeTakeFirst();
  if (seniorGroup) {
    const person = await trx
      .insertInto('persons')
      .values({
        full_name: SENIOR_ACCOUNT.fullName,
        gender: 'female',
        birth_date: `${currentStart - 20}-03-14`,
        nationality: 'кыргызка',
        citizenship: 'Кыргызская Республика',
        inn: `11403${currentStart - 20}00417`,
        phone: '+996 700 41 41 41',
        education: 'Среднее общее образование',
        photo_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const student = await trx
      .insertInto('students')
      .values({ person_id: person.id, group_id: seniorGroup.id, subgroup_id: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('users')
      .values({
        login: SENIOR_ACCOUNT.login,
        password_hash: await hashPassword(SENIOR_ACCOUNT.password, passwordCost()),
        role: 2,
        must_change_credentials: 0,
        news_perms: 0,
        teacher_id: null,
        student_id: student.id,
        created_at: now.getTime(),
        updated_at: now.getTime(),
      })
      .execute();
  }

  const groups = await trx
    .selectFrom('groups as g')
    .innerJoin('specialities as sp', 'sp.id', 'g.speciality_id')
    .select(['g.id', 'g.admission_year', 'sp.faculty_id'])
    .orderBy('g.id')
    .execute();
  const students = await trx
    .selectFrom('students')
    .select(['id', 'group_id'])
    .orderBy('id')
    .execute();
  const assignments = await trx
    .selectFrom('teaching_assignments')
    .select(['group_id', 'discipline_id', 'year_id', 'ws_id', 'study_semester', 'credits'])
    .distinct()
    .execute();
  const facultyDisciplines = await trx
    .selectFrom('disciplines as d')
    .innerJoin('departments as dep', 'dep.id', 'd.department_id')
    .select(['d.id', 'dep.faculty_id'])
    .orderBy('d.id')
    .execute();

  type Entry = { disciplineId: number; credits: number; semester: number };
  const curriculum = new Map<string, Entry[]>();
  for (const group of groups) {
    const admitted = currentStart - (((currentStart % 100) - group.admission_year + 100) % 100);
    const own = facultyDisciplines.filter((d) => d.faculty_id === group.faculty_id);
    for (let start = admitted; start <= currentStart; start++) {
      const course = start - admitted + 1;
      for (const ws of [1, 2, 3]) {
        if (semesterEnd(start, ws) >= now) continue;
        const yearId = academicYearId(start);
        const taught = assignments.filter(
          (a) => a.group_id === group.id && a.year_id === yearId && a.ws_id === ws,
        );
        const semester = ws === 3 ? course * 2 : (course - 1) * 2 + ws;
        let entries: Entry[];
        if (taught.length > 0) {
          const seen = new Map<number, Entry>();
          for (const a of taught) {
            seen.set(a.discipline_id, {
              disciplineId: a.discipline_id,
              credits: a.credits,
              semester: a.study_semester,
            });
          }
          entries = [...seen.values()];
        } else if (ws === 3 || own.length === 0) {
          entries = [];
        } else {
          entries = Array.from({ length: Math.min(GENERAL_SEMESTER_SIZE, own.length) }, (_, k) => {
            const discipline = own[((semester - 1) * GENERAL_SEMESTER_SIZE + k) % own.length];
            return {
              disciplineId: discipline?.id ?? 0,
              credits: 3 + ((semester + k) % 4),
              semester,
            };
          }).filter(
            (e, index, all) => all.findIndex((o) => o.disciplineId === e.disciplineId) === index,
          );
        }
        curriculum.set(`${group.id}/${yearId}/${ws}`, entries);
      }
    }
  }

  const rows: {
    student_id: number;
    group_id: number;
    discipline_id: number;
    year_id: number;
    ws_id: number;
    study_semester: number;
    credits: number;
    score: number;
    created_at: number;
  }[] = [];
  for (const student of students) {
    const level = random.int(62, 94);
    for (const [key, entries] of curriculum) {
      const [groupId, yearId, ws] = key.split('/').map(Number);
      if (groupId !== student.group_id) continue;
      for (const entry of entries) {
        const score = random.chance(0.03)
          ? random.int(35, 58)
          : Math.max(61, Math.min(100, level + random.int(-10, 8)));
        rows.push({
          student_id: student.id,
          group_id: student.group_id,
          discipline_id: entry.disciplineId,
          year_id: yearId ?? 0,
          ws_id: ws ?? 1,
          study_semester: entry.semester,
          credits: entry.credits,
          score,
          created_at: now.getTime(),
        });
      }
    }
  }
  for (let offset = 0; offset < rows.length; offset += 500) {
    await trx
      .insertInto('transcript_grades')
      .values(rows.slice(offset, offset + 500))
      .execute();
  }
}
