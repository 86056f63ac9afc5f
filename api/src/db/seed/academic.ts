import { ROLE, type RoleId } from '@lms/shared/contract';
import type { Insertable, Transaction } from 'kysely';
import { academicYearId, academicYearStart } from '../../lib/calendar.js';
import { hashPassword, passwordCost } from '../../areas/auth/index.js';
import type { Database, TeachingAssignmentTable } from '../schema.js';
import { avatarSvg } from './avatar.js';
import type { CoreIds } from './context.js';
import {
  FACULTIES,
  ELECTIVES,
  GENERAL_DISCIPLINES,
  POSITIONS,
  PRACTICE,
  type DepartmentSpec,
} from './catalog.js';
import { generateName } from './names.js';
import { createRandom, type Random } from './random.js';

const STUDENTS_PER_GROUP = 12;

export const DEMO_ACCOUNTS = {
  teacher: { login: 'teacher', password: 'Teacher1', fullName: 'Асанов Бакыт Маратович' },
  student: { login: 'student', password: 'Student1', fullName: 'Жумабаева Айгерим Талантбековна' },
  newstudent: { login: 'newstudent', password: '12345', fullName: 'Токтогулов Адилет Нурланович' },
} as const;
/** Where the demo people sit: the teacher leads this department; students are in ПИ-1 groups. */
const DEMO_TEACHER_DEPARTMENT = 'Кафедра программного обеспечения';
const DEMO_GROUP_PREFIX = 'ПИ';
/** Course index (0 = first year) of the demo students' groups. */
const DEMO_STUDENT_COURSE = { student: 1, newstudent: 0 } as const;
/** Every other seeded account signs in with the demo password of its role. */
const DEFAULT_PASSWORD = { [ROLE.teacher]: 'Teacher1', [ROLE.student]: 'Student1' } as const;

interface PersonPlan {
  fullName: string;
  gender: 'male' | 'female';
  birthDate: string;
  nationality: string;
  inn: string;
  phone: string;
  education: string;
}

interface AccountPlan {
  login: string;
  password: string;
  mustChange: boolean;
  newsPerms: boolean;
}

interface TeacherPlan {
  person: PersonPlan;
  position: string;
  account: AccountPlan;
}

interface DepartmentPlan {
  spec: DepartmentSpec;
  teachers: TeacherPlan[];
}

function pad(value: number, length = 2): string {
  return String(value).padStart(length, '0');
}

function personalData(random: Random, birthYear: number, education: string, fixedName?: string) {
  const generated = generateName(random);
  const fullName = fixedName ?? generated.fullName;
  // A fixed name carries its gender in the patronymic ending.
  const gender = fixedName ? (/вна$/.test(fixedName) ? 'female' : 'male') : generated.gender;
  const nationality = fixedName
    ? gender === 'male'
      ? 'кыргыз'
      : 'кыргызка'
    : generated.nationality;
  const month = random.int(1, 12);
  const day = random.int(1, 28);
  const phonePrefix = random.pick(['555', '700', '707', '770', '777', '550', '509', '220']);
  const person: PersonPlan = {
    fullName,
    gender,
    birthDate: `${birthYear}-${pad(month)}-${pad(day)}`,
    nationality,
    // Kyrgyz personal number: gender digit (1 female, 2 male), birth date DDMMYYYY, 5 digits.
    inn: `${gender === 'female' ? 1 : 2}${pad(day)}${pad(month)}${birthYear}${pad(random.int(0, 99999), 5)}`,
    phone: `+996 ${phonePrefix} ${pad(random.int(0, 99))} ${pad(random.int(0, 99))} ${pad(random.int(0, 99))}`,
    education,
  };
  return person;
}

function teacherEducation(position: string): string {
  if (position === 'Профессор') return 'Высшее, доктор наук';
  if (position === 'Доцент') return 'Высшее, кандидат наук';
  return 'Высшее, магистратура';
}

/**
 * The academic core of the demo university: faculties, departments, specialities, groups,
 * teachers and students with their accounts, disciplines and two years of teaching.
 * Planning and password hashing (slow) happen here, before the seed transaction; the returned
 * step inserts the rows inside it and reports the ids other areas build on.
 */
export async function prepareAcademicCore(
  now: Date,
): Promise<(trx: Transaction<Database>) => Promise<CoreIds>> {
  const random = createRandom(20260901);
  const currentStart = academicYearStart(now);
  let teacherCounter = 0;
  let studentCounter = 0;

  // 1. Plan people in memory (deterministic order), so password hashing can run in parallel
  //    before the write transaction.
  const faculties = FACULTIES.map((faculty) => ({
    spec: faculty,
    departments: faculty.departments.map((department): DepartmentPlan => ({
      spec: department,
      teachers: Array.from({ length: department.teachers }, (_, index) => {
        const isDemo = department.name === DEMO_TEACHER_DEPARTMENT && index === 0;
        const position = isDemo ? 'Доцент' : random.pick(POSITIONS);
        teacherCounter++;
        return {
          person: personalData(
            random,
            random.int(1962, 1994),
            teacherEducation(position),
            isDemo ? DEMO_ACCOUNTS.teacher.fullName : undefined,
          ),
          position,
          account: isDemo
            ? {
                login: DEMO_ACCOUNTS.teacher.login,
                password: DEMO_ACCOUNTS.teacher.password,
                mustChange: false,
                newsPerms: true,
              }
            : {
                login: `t${pad(teacherCounter, 3)}`,
                password: DEFAULT_PASSWORD[ROLE.teacher],
                mustChange: false,
                newsPerms: false,
              },
        };
      }),
    })),
    groups: faculty.specialities.flatMap((speciality) =>
      speciality.groupsPerCourse.flatMap((count, courseIndex) => {
        const admission = currentStart - courseIndex;
        return Array.from({ length: count }, (_, parallel) => {
          const name = `${speciality.prefix}-${parallel + 1}-${pad(admission % 100)}`;
          const demoGroup = speciality.prefix === DEMO_GROUP_PREFIX && parallel === 0;
          const demoKey = (['student', 'newstudent'] as const).find(
            (key) => demoGroup && DEMO_STUDENT_COURSE[key] === courseIndex,
          );
          const demo = demoKey && DEMO_ACCOUNTS[demoKey];
          const students = Array.from({ length: STUDENTS_PER_GROUP }, (_, index) => {
            const isDemo = demo !== undefined && index === 0;
            studentCounter++;
            const birthYear = currentStart - 17 - courseIndex - random.int(0, 1);
            return {
              person: personalData(
                random,
                birthYear,
                'Среднее общее образование',
                isDemo ? demo.fullName : undefined,
              ),
              subgroup: index % 2,
              account: isDemo
                ? {
                    login: demo.login,
                    password: demo.password,
                    mustChange: demo === DEMO_ACCOUNTS.newstudent,
                    newsPerms: false,
                  }
                : {
                    login: `s${pad(studentCounter, 4)}`,
                    password: DEFAULT_PASSWORD[ROLE.student],
                    mustChange: false,
                    newsPerms: false,
                  },
            };
          });
          return { speciality, name, admission, students };
        });
      }),
    ),
  }));

  const accounts = faculties.flatMap((f) => [
    ...f.departments.flatMap((d) => d.teachers.map((t) => t.account)),
    ...f.groups.flatMap((g) => g.students.map((s) => s.account)),
  ]);
  // Every account at the real cost: a cheaper hash would answer a wrong password faster and
  // tell that the account exists (see verifyAgainstDummy).
  const hashes = new Map<AccountPlan, string>();
  await Promise.all(
    accounts.map(async (account) => {
      hashes.set(account, await hashPassword(account.password, passwordCost()));
    }),
  );
  const createdAt = now.getTime();

  return async (trx) => {
    const insertPerson = async (person: PersonPlan, colorIndex: number) => {
      const photo = await trx
        .insertInto('photos')
        .values({ mime: 'image/svg+xml', bytes: avatarSvg(person.fullName, colorIndex) })
        .returning('id')
        .executeTakeFirstOrThrow();
      const row = await trx
        .insertInto('persons')
        .values({
          full_name: person.fullName,
          gender: person.gender,
          birth_date: person.birthDate,
          nationality: person.nationality,
          citizenship: 'Кыргызская Республика',
          inn: person.inn,
          phone: person.phone,
          education: person.education,
          photo_id: photo.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    };
    const insertUser = async (
      account: AccountPlan,
      role: RoleId,
      personRef: { teacher_id?: number; student_id?: number },
    ) => {
      await trx
        .insertInto('users')
        .values({
          login: account.login,
          password_hash: hashes.get(account) ?? '',
          role,
          must_change_credentials: account.mustChange ? 1 : 0,
          news_perms: account.newsPerms ? 1 : 0,
          teacher_id: personRef.teacher_id ?? null,
          student_id: personRef.student_id ?? null,
          created_at: createdAt,
          updated_at: createdAt,
        })
        .execute();
    };

    // 2. Structure and people.
    const facultyIds = new Map<string, number>();
    const teacherIds = new Map<string, number[]>();
    const disciplineIds = new Map<
      string,
      { id: number; department: DepartmentSpec; index: number }
    >();
    let colorIndex = 0;
    for (const faculty of faculties) {
      const facultyRow = await trx
        .insertInto('faculties')
        .values({ name: faculty.spec.name, short_name: faculty.spec.shortName })
        .returning('id')
        .executeTakeFirstOrThrow();
      facultyIds.set(faculty.spec.name, facultyRow.id);
      for (const department of faculty.departments) {
        const departmentRow = await trx
          .insertInto('departments')
          .values({ faculty_id: facultyRow.id, name: department.spec.name })
          .returning('id')
          .executeTakeFirstOrThrow();
        const ids: number[] = [];
        for (const teacher of department.teachers) {
          const personId = await insertPerson(teacher.person, colorIndex++);
          const teacherRow = await trx
            .insertInto('teachers')
            .values({
              person_id: personId,
              department_id: departmentRow.id,
              position: teacher.position,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          ids.push(teacherRow.id);
          await insertUser(teacher.account, 1, { teacher_id: teacherRow.id });
        }
        teacherIds.set(department.spec.name, ids);
        for (const [index, name] of department.spec.disciplines.entries()) {
          const row = await trx
            .insertInto('disciplines')
            .values({
              department_id: departmentRow.id,
              code: `${faculty.spec.shortName}-${pad(departmentRow.id)}${pad(index + 1)}`,
              name,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          // PRACTICE exists in several departments; the speciality's own one is looked up by key.
          disciplineIds.set(`${department.spec.name}/${name}`, {
            id: row.id,
            department: department.spec,
            index,
          });
          if (!disciplineIds.has(name))
            disciplineIds.set(name, { id: row.id, department: department.spec, index });
        }
      }
    }

    const assignments: Insertable<TeachingAssignmentTable>[] = [];
    let groupIndex = 0;
    for (const faculty of faculties) {
      const facultyId = facultyIds.get(faculty.spec.name) ?? 0;
      const specialityIds = new Map<string, number>();
      for (const speciality of faculty.spec.specialities) {
        const row = await trx
          .insertInto('specialities')
          .values({ faculty_id: facultyId, code: speciality.code, name: speciality.name })
          .returning('id')
          .executeTakeFirstOrThrow();
        specialityIds.set(speciality.code, row.id);
      }
      for (const group of faculty.groups) {
        const groupRow = await trx
          .insertInto('groups')
          .values({
            speciality_id: specialityIds.get(group.speciality.code) ?? 0,
            name: group.name,
            admission_year: group.admission % 100,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const subgroupIds: number[] = [];
        for (const name of ['1', '2']) {
          const row = await trx
            .insertInto('subgroups')
            .values({ group_id: groupRow.id, name })
            .returning('id')
            .executeTakeFirstOrThrow();
          subgroupIds.push(row.id);
        }
        for (const student of group.students) {
          const personId = await insertPerson(student.person, colorIndex++);
          const studentRow = await trx
            .insertInto('students')
            .values({
              person_id: personId,
              group_id: groupRow.id,
              subgroup_id: subgroupIds[student.subgroup] ?? null,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await insertUser(student.account, 2, { student_id: studentRow.id });
        }
        assignments.push(
          ...planGroupTeaching({
            groupId: groupRow.id,
            groupIndex: groupIndex++,
            subgroupIds,
            admission: group.admission,
            currentStart,
            majorDepartments: group.speciality.majorDepartments,
            departments: faculties.flatMap((f) => f.departments.map((d) => d.spec)),
            teacherIds,
            disciplineIds,
          }),
        );
      }
    }

    // 3. Teaching, in batches (bounded by the databases' parameter limits).
    for (let offset = 0; offset < assignments.length; offset += 200) {
      await trx
        .insertInto('teaching_assignments')
        .values(assignments.slice(offset, offset + 200))
        .execute();
    }
    return coreIds(trx, [...facultyIds.values()]);
  };
}

/** The ids other areas' seeds need: faculties and the demo teacher and student. */
async function coreIds(trx: Transaction<Database>, facultyIds: number[]): Promise<CoreIds> {
  const demo = await trx
    .selectFrom('users as u')
    .leftJoin('teachers as t', 't.id', 'u.teacher_id')
    .leftJoin('persons as p', 'p.id', 't.person_id')
    .select(['u.id', 'u.login', 'u.teacher_id', 'u.student_id', 'p.full_name'])
    .where('u.login', 'in', [DEMO_ACCOUNTS.teacher.login, DEMO_ACCOUNTS.student.login])
    .execute();
  const teacher = demo.find((row) => row.login === DEMO_ACCOUNTS.teacher.login);
  const student = demo.find((row) => row.login === DEMO_ACCOUNTS.student.login);
  if (!teacher?.teacher_id || !student?.student_id) throw new Error('demo accounts not seeded');
  return {
    facultyIds,
    demoTeacher: {
      uid: teacher.id,
      teacherId: teacher.teacher_id,
      fullName: teacher.full_name ?? DEMO_ACCOUNTS.teacher.fullName,
    },
    demoStudent: { uid: student.id, studentId: student.student_id },
  };
}

interface GroupTeachingInput {
  groupId: number;
  groupIndex: number;
  subgroupIds: number[];
  admission: number;
  currentStart: number;
  majorDepartments: string[];
  departments: DepartmentSpec[];
  teacherIds: Map<string, number[]>;
  disciplineIds: Map<string, { id: number; department: DepartmentSpec; index: number }>;
}

/**
 * A group's curriculum for the previous and the current academic year: per fall/spring semester
 * four major disciplines (a sliding window over the speciality's departments) and two general
 * ones; lectures, practice and, in computer classes, labs per subgroup. Summer: practice.
 */
function planGroupTeaching(input: GroupTeachingInput): Insertable<TeachingAssignmentTable>[] {
  const { groupId, groupIndex, subgroupIds, teacherIds, disciplineIds } = input;
  const majors = input.majorDepartments.flatMap(
    (name) =>
      input.departments.find((d) => d.name === name)?.disciplines.filter((d) => d !== PRACTICE) ??
      [],
  );
  const rows: Insertable<TeachingAssignmentTable>[] = [];
  const teachersOf = (department: DepartmentSpec) => teacherIds.get(department.name) ?? [];
  const at = <T>(items: T[], index: number): T => {
    const item = items[index % items.length];
    if (item === undefined) throw new Error('empty seed list');
    return item;
  };

  for (const start of [input.currentStart - 1, input.currentStart]) {
    const course = start - input.admission + 1;
    if (course < 1 || course > 4) continue;
    const yearId = academicYearId(start);
    for (const ws of [1, 2] as const) {
      const semester = (course - 1) * 2 + ws;
      const chosen = new Set<string>();
      for (let k = 0; k < 4; k++) chosen.add(at(majors, (semester - 1) * 4 + k));
      const majorCount = chosen.size;
      for (let k = 0; k < 2; k++) chosen.add(at(GENERAL_DISCIPLINES, (semester - 1) * 2 + k));
      [...chosen].forEach((name, position) => {
        const discipline = disciplineIds.get(name);
        if (!discipline) throw new Error(`seed discipline missing: ${name}`);
        const isMajor = position < majorCount;
        const teachers = teachersOf(discipline.department);
        const lecturer = at(teachers, discipline.index);
        const practitioner = at(teachers, discipline.index + 1 + groupIndex);
        const common = {
          discipline_id: discipline.id,
          group_id: groupId,
          year_id: yearId,
          ws_id: ws,
          study_semester: semester,
          // Credits and the elective flag belong to the discipline, so lists never show one
          // discipline twice with different values.
          credits: isMajor ? 4 + (discipline.index % 3) : 3,
          is_elective: ELECTIVES.has(name) ? 1 : 0,
        };
        const languageOnly = discipline.department.name === 'Кафедра иностранных языков';
        if (!languageOnly) {
          rows.push({ ...common, teacher_id: lecturer, subgroup_id: null, lesson_type_id: 1 });
        }
        rows.push({ ...common, teacher_id: practitioner, subgroup_id: null, lesson_type_id: 2 });
        if (discipline.department.labs) {
          subgroupIds.forEach((subgroupId, index) =>
            rows.push({
              ...common,
              teacher_id: index === 0 ? practitioner : lecturer,
              subgroup_id: subgroupId,
              lesson_type_id: 3,
            }),
          );
        }
      });
    }
    const practice = disciplineIds.get(`${input.majorDepartments[0]}/${PRACTICE}`);
    if (practice) {
      rows.push({
        teacher_id: at(teachersOf(practice.department), groupIndex),
        discipline_id: practice.id,
        group_id: groupId,
        subgroup_id: null,
        lesson_type_id: 2,
        year_id: yearId,
        ws_id: 3,
        study_semester: course * 2,
        credits: 3,
        is_elective: 0,
      });
    }
  }
  return rows;
}
