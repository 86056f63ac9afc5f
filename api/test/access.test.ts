import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, DEMO, envelope, type Client, type TestApp } from './helper.js';

interface Me {
  uid: number;
  id: number;
  role: 1 | 2;
}

async function me(client: Client): Promise<Me> {
  const response = await client.post('/lms/api/auth/enticate.json', {});
  const user = envelope<{ user: Me }>(response).data?.user;
  assert.ok(user);
  return user;
}

describe('access control', () => {
  let t: TestApp;
  let teacher: Client;
  let student: Client;
  let teacherMe: Me;
  let studentMe: Me;
  const year = 26;
  before(async () => {
    t = await createTestApp();
    teacher = await t.login(DEMO.teacher);
    student = await t.login(DEMO.student);
    teacherMe = await me(teacher);
    studentMe = await me(student);
  });
  after(async () => t.close());

  const chain = (uid: number) => ({
    uid,
    year,
    ws: 1,
    id_discipline: 1,
    id_semester: 1,
    id_group: 1,
  });

  const TEACHER_ONLY = [
    'discipline/list.json',
    'discipline/semester/list.json',
    'discipline/group/list.json',
    'discipline/students/list.json',
  ];
  const STUDENT_ONLY = [
    'discipline/forStudentDisciplinelist.json',
    'discipline/studentSemester/list.json',
    'discipline/studentGroup/list.json',
    'discipline/teachers/list.json',
  ];

  test('teacher-only calls refuse students with 403', async () => {
    for (const path of TEACHER_ONLY) {
      const response = await student.post(`/lms/api/${path}`, chain(studentMe.uid));
      assert.equal(response.statusCode, 403, path);
      assert.equal(envelope(response).error, 'Доступно только преподавателям');
    }
    const position = await student.post('/lms/api/misc/position.json', { id: studentMe.id });
    assert.equal(position.statusCode, 403);
  });

  test('student-only calls refuse teachers with 403', async () => {
    for (const path of STUDENT_ONLY) {
      const response = await teacher.post(`/lms/api/${path}`, chain(teacherMe.uid));
      assert.equal(response.statusCode, 403, path);
      assert.equal(envelope(response).error, 'Доступно только студентам');
    }
  });

  test('each role gets 200 from its own calls', async () => {
    for (const path of TEACHER_ONLY) {
      const response = await teacher.post(`/lms/api/${path}`, chain(teacherMe.uid));
      assert.equal(response.statusCode, 200, path);
    }
    for (const path of STUDENT_ONLY) {
      const response = await student.post(`/lms/api/${path}`, chain(studentMe.uid));
      assert.equal(response.statusCode, 200, path);
    }
  });

  test("a payload naming another user's uid, id or role → 403", async () => {
    const other = studentMe.uid + 1;
    const cases: [Client, string, unknown][] = [
      [student, 'profile/data.json', { uid: other, role: 2 }],
      [student, 'profile/data.json', { uid: studentMe.uid, role: 1 }],
      [teacher, 'profile/data.json', { uid: studentMe.uid, role: 2 }],
      [student, 'misc/photo.json', { uid: teacherMe.uid, role: 1 }],
      [teacher, 'misc/photo.json', { uid: teacherMe.uid, role: 2 }],
      [teacher, 'misc/position.json', { id: teacherMe.id + 1 }],
      [student, 'misc/settings.json', { role: 1 }],
      [teacher, 'misc/registered-faculty-list.json', { id: teacherMe.id + 1 }],
      [student, 'misc/dinurls.json', { role: 1 }],
      [
        teacher,
        'passwd/reset.json',
        { uid: studentMe.uid, role: 2, password: 'x', newPassword: 'yyyy' },
      ],
      [
        student,
        'passwd/reset.json',
        { uid: studentMe.uid, role: 1, password: 'x', newPassword: 'yyyy' },
      ],
      ...TEACHER_ONLY.map((path): [Client, string, unknown] => [
        teacher,
        path,
        chain(studentMe.uid),
      ]),
      ...STUDENT_ONLY.map((path): [Client, string, unknown] => [student, path, chain(other)]),
    ];
    for (const [client, path, body] of cases) {
      const response = await client.post(`/lms/api/${path}`, body);
      assert.equal(response.statusCode, 403, `${path} ${JSON.stringify(body)}`);
      assert.equal(envelope(response).result, true);
    }
  });

  test('without a session every protected call → 401', async () => {
    const anonymous = await t.client().prime();
    const posts = [
      'profile/data.json',
      'misc/photo.json',
      'misc/position.json',
      'misc/settings.json',
      'misc/registered-faculty-list.json',
      'misc/dinurls.json',
      'passwd/reset.json',
      ...TEACHER_ONLY,
      ...STUDENT_ONLY,
    ];
    for (const path of posts) {
      const response = await anonymous.post(`/lms/api/${path}`, {});
      assert.equal(response.statusCode, 401, path);
      assert.equal(envelope(response).result, true);
    }
    for (const path of [
      'misc/years.json',
      'misc/defaultyear.json',
      'discipline/current/ws.json',
      'discipline/current/year.json',
    ]) {
      const response = await anonymous.get(`/lms/api/${path}`);
      assert.equal(response.statusCode, 401, path);
    }
  });

  test('a forged session cookie is not a session', async () => {
    // With the XSRF token that goes with it, so the session itself is what is refused.
    const forged = t.client().useSession('forged-token');
    const response = await forged.post('/lms/api/auth/enticate.json', {});
    assert.equal(response.statusCode, 401);
  });
});
