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

  /** The chain walked call by call, each step on the first item of the one before. */
  const walk = async (client: Client, me: Me, role: 'teacher' | 'student') => {
    const term = {
      year: envelope(await client.get('/lms/api/discipline/current/year.json')).data,
      ws: envelope(await client.get('/lms/api/discipline/current/ws.json')).data,
    } as { year: { id_a_year: number }; ws: { ws: number } };
    const paths =
      role === 'teacher'
        ? ['list.json', 'semester/list.json', 'group/list.json', 'students/list.json']
        : [
            'forStudentDisciplinelist.json',
            'studentSemester/list.json',
            'studentGroup/list.json',
            'teachers/list.json',
          ];
    const base = { uid: me.uid, year: term.year.id_a_year, ws: term.ws.ws };
    const disciplines = await list<Discipline[]>(client, paths[0]!, base);
    const first = disciplines[0]!;
    const withDiscipline = {
      ...base,
      id_discipline: first.id_discipline,
      kredit: first.kredit,
      isSelect: first.isSelect,
    };
    const semesters = await list<{ id_semester: number }[]>(client, paths[1]!, withDiscipline);
    const withSemester = { ...withDiscipline, id_semester: semesters[0]!.id_semester };
    const groups = await list<Group[]>(client, paths[2]!, withSemester);
    const people = await list<unknown[]>(client, paths[3]!, {
      ...withSemester,
      id_group: groups[0]!.id_group,
    });
    return {
      ...term,
      disciplines,
      semesters,
      groups,
      students: role === 'teacher' ? people : [],
      teachers: role === 'student' ? people : [],
    };
  };

  test("the chain's first screen in one answer is what its calls answer one after the other", async () => {
    for (const [client, me, role] of [
      [teacher, teacherMe, 'teacher'],
      [student, studentMe, 'student'],
    ] as const) {
      const start = await list<Record<string, unknown[]>>(client, 'chain/start.json', {});
      const walked = await walk(client, me, role);
      assert.deepEqual(start, walked, role);
      for (const part of ['disciplines', 'semesters', 'groups'] as const) {
        assert.ok(start[part]!.length > 0, `${role}: ${part}`);
      }
      assert.ok((role === 'teacher' ? start.students : start.teachers)!.length > 0, role);
    }
  });

  test("the chain's first screen is the caller's own: no one else's, no visitor's", async () => {
    // The registrar's office signs in as a teacher: its own teaching, not the demo teacher's.
    const registrar = await t.login(DEMO.registrar);
    const registrarMe = await whoAmI(registrar);
    const own = await list<{ disciplines: Discipline[] }>(registrar, 'chain/start.json', {});
    const { year: y, ws: w } = await list<{ year: { id_a_year: number }; ws: { ws: number } }>(
      registrar,
      'chain/start.json',
      {},
    );
    assert.deepEqual(
      own.disciplines,
      await list<Discipline[]>(registrar, 'list.json', {
        uid: registrarMe.uid,
        year: y.id_a_year,
        ws: w.ws,
      }),
    );
    const visitor = await t.client().prime();
    const anonymous = await visitor.post('/lms/api/discipline/chain/start.json', {});
    assert.equal(anonymous.statusCode, 401);
    // Nothing but an empty body: whose chain it is comes from the session.
    const other = await student.post('/lms/api/discipline/chain/start.json', {
      uid: teacherMe.uid,
    });
    assert.equal(other.statusCode, 400);
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
