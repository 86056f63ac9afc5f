import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, DEMO, envelope, type Client, type TestApp, whoAmI } from './helper.js';

interface Me {
  uid: number;
  id: number;
}
interface Discipline {
  id_discipline: number;
  name: string;
  kredit: number;
  isSelect: number;
}
interface Group {
  id_group: number;
  name: string;
  subgroups: { id_subgroup: number; name: string }[];
}

describe('discipline lists', () => {
  let t: TestApp;
  let teacher: Client;
  let student: Client;
  let teacherMe: Me;
  let studentMe: Me;
  let year: number;
  const ws = 1;
  before(async () => {
    t = await createTestApp();
    teacher = await t.login(DEMO.teacher);
    student = await t.login(DEMO.student);
    teacherMe = await whoAmI(teacher);
    studentMe = await whoAmI(student);
    year = envelope<{ id_a_year: number }>(
      await teacher.get('/lms/api/discipline/current/year.json'),
    ).data?.id_a_year as number;
  });
  after(async () => t.close());

  const list = async <T>(client: Client, path: string, body: Record<string, unknown>) => {
    const response = await client.post(`/lms/api/discipline/${path}`, body);
    assert.equal(response.statusCode, 200, `${path}: ${response.body}`);
    return envelope<T>(response).data as T;
  };

  test("a teacher's disciplines are exactly their assignments", async () => {
    const disciplines = await list<Discipline[]>(teacher, 'list.json', {
      uid: teacherMe.uid,
      year,
      ws,
    });
    const assigned = await t.app.db.kysely
      .selectFrom('teaching_assignments')
      .select('discipline_id')
      .distinct()
      .where('teacher_id', '=', teacherMe.id)
      .where('year_id', '=', year)
      .where('ws_id', '=', ws)
      .execute();
    assert.ok(disciplines.length >= 3, 'the demo teacher has several disciplines');
    assert.deepEqual(
      [...new Set(disciplines.map((d) => d.id_discipline))].sort(),
      assigned.map((row) => row.discipline_id).sort(),
    );
    const names = disciplines.map((d) => d.name);
    assert.equal(new Set(names).size, names.length, 'no discipline listed twice');
  });

  test('the teacher chain: discipline → semesters → groups → students', async () => {
    const disciplines = await list<Discipline[]>(teacher, 'list.json', {
      uid: teacherMe.uid,
      year,
      ws,
    });
    const streamDisciplines = new Set(
      (
        await t.app.db.kysely.selectFrom('registration_streams').select('discipline_id').execute()
      ).map((row) => row.discipline_id),
    );
    const groupsSeen = new Set<string>();
    for (const discipline of disciplines) {
      const base = {
        uid: teacherMe.uid,
        year,
        ws,
        id_discipline: discipline.id_discipline,
        kredit: discipline.kredit,
        isSelect: discipline.isSelect,
      };
      const semesters = await list<{ id_semester: number; name: string }[]>(
        teacher,
        'semester/list.json',
        base,
      );
      assert.ok(semesters.length > 0);
      for (const semester of semesters) {
        assert.match(semester.name, /^\d+ семестр$/);
        const groups = await list<Group[]>(teacher, 'group/list.json', {
          ...base,
          id_semester: semester.id_semester,
        });
        assert.ok(groups.length > 0);
        for (const group of groups) {
          groupsSeen.add(group.name);
          const students = await list<
            { id_student: number; id_group: number; id_subgroup: number | null }[]
          >(teacher, 'students/list.json', {
            ...base,
            id_semester: semester.id_semester,
            id_group: group.id_group,
          });
          // Registration streams list only the students registered with this teacher.
          if (!streamDisciplines.has(discipline.id_discipline)) assert.ok(students.length > 0);
          assert.ok(students.every((s) => s.id_group === group.id_group));
        }
      }
    }
    assert.ok(groupsSeen.size >= 2, 'the demo teacher teaches several groups');
  });

  test('a teacher cannot list students of a group they do not teach', async () => {
    const disciplines = await list<Discipline[]>(teacher, 'list.json', {
      uid: teacherMe.uid,
      year,
      ws,
    });
    const discipline = disciplines[0] as Discipline;
    const taught = await t.app.db.kysely
      .selectFrom('teaching_assignments')
      .select('group_id')
      .where('teacher_id', '=', teacherMe.id)
      .where('discipline_id', '=', discipline.id_discipline)
      .execute();
    const other = await t.app.db.kysely
      .selectFrom('groups')
      .select('id')
      .where(
        'id',
        'not in',
        taught.map((row) => row.group_id),
      )
      .executeTakeFirstOrThrow();
    for (let semester = 1; semester <= 8; semester++) {
      const students = await list<unknown[]>(teacher, 'students/list.json', {
        uid: teacherMe.uid,
        year,
        ws,
        id_discipline: discipline.id_discipline,
        id_semester: semester,
        id_group: other.id,
      });
      assert.deepEqual(students, []);
    }
  });

  test("a student's chain covers their group only, with several teachers", async () => {
    const own = await t.app.db.kysely
      .selectFrom('students')
      .select(['group_id', 'subgroup_id'])
      .where('id', '=', studentMe.id)
      .executeTakeFirstOrThrow();
    const disciplines = await list<Discipline[]>(student, 'forStudentDisciplinelist.json', {
      uid: studentMe.uid,
      year,
      ws,
    });
    assert.ok(disciplines.length >= 4);
    const teachers = new Set<number>();
    for (const discipline of disciplines) {
      const base = { uid: studentMe.uid, year, ws, id_discipline: discipline.id_discipline };
      const semesters = await list<{ id_semester: number }[]>(
        student,
        'studentSemester/list.json',
        base,
      );
      assert.equal(semesters.length, 1);
      const id_semester = semesters[0]?.id_semester as number;
      const groups = await list<Group[]>(student, 'studentGroup/list.json', {
        ...base,
        id_semester,
      });
      assert.deepEqual(
        groups.map((g) => g.id_group),
        [own.group_id],
      );
      assert.ok(groups[0]?.subgroups.every((sg) => sg.id_subgroup === own.subgroup_id));
      const list_ = await list<{ id_teacher: number; fullName: string; lessonTypes: string[] }[]>(
        student,
        'teachers/list.json',
        { ...base, id_semester, id_group: own.group_id },
      );
      assert.ok(list_.length >= 1);
      for (const item of list_) {
        assert.ok(item.lessonTypes.length > 0);
        teachers.add(item.id_teacher);
      }
      const foreign = await list<unknown[]>(student, 'teachers/list.json', {
        ...base,
        id_semester,
        id_group: own.group_id + 1,
      });
      assert.deepEqual(foreign, []);
    }
    assert.ok(teachers.size >= 3, 'the demo student has several teachers');
  });

  test('another year with no teaching gives empty lists', async () => {
    const empty = await list<unknown[]>(student, 'forStudentDisciplinelist.json', {
      uid: studentMe.uid,
      year: (year + 50) % 100,
      ws,
    });
    assert.deepEqual(empty, []);
  });
});
