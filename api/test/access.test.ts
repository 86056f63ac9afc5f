import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { MESSAGES } from '../src/lib/http.js';
import { ID_NAME } from '../src/plugins/app/route-catalog.js';
import { NEWS_MESSAGES } from '../src/areas/news/messages.js';
import { QR_REFUSAL_MESSAGES } from '../src/areas/qr/messages.js';
import { DOCUMENTS_MESSAGES } from '../src/areas/documents/messages.js';
import { ORDER_MESSAGES } from '../src/areas/orders/messages.js';
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

/** An id no record has (within every id field's schema). */
const MISSING_ID = 987_654;

/**
 * A request body or query the schema accepts, built from the schema alone: every record id
 * (ID_NAME) set to `MISSING_ID`, everything else at its simplest valid value.
 */
function sampleOf(schema: unknown, name = '', asText = false): unknown {
  const s = (schema ?? {}) as Record<string, unknown>;
  if ('const' in s) return s.const;
  if (Array.isArray(s.anyOf)) return sampleOf(s.anyOf[0], name, asText);
  if (Array.isArray(s.enum)) return s.enum[0];
  const typed = (value: number) => (asText ? String(value) : value);
  switch (s.type) {
    case 'object': {
      const properties = (s.properties ?? {}) as Record<string, unknown>;
      const required = new Set((s.required ?? []) as string[]);
      return Object.fromEntries(
        Object.entries(properties)
          .filter(([key]) => required.has(key) || ID_NAME.test(key))
          .map(([key, value]) => [key, sampleOf(value, key, asText)]),
      );
    }
    case 'integer':
    case 'number': {
      if (ID_NAME.test(name)) return typed(MISSING_ID);
      const minimum = typeof s.minimum === 'number' ? s.minimum : 1;
      return typed(Math.max(minimum, Math.min(1, Number(s.maximum ?? 1))));
    }
    case 'string': {
      if (ID_NAME.test(name)) return String(MISSING_ID);
      if (s.format === 'date') return '2026-09-01';
      return 'x'.repeat(Math.max(1, Number(s.minLength ?? 1)));
    }
    case 'boolean':
      return false;
    case 'array':
      return [];
    default:
      return typed(MISSING_ID);
  }
}

describe('records of other people: a missing id answers like a hidden one, on every by-id route', () => {
  let t: TestApp;
  let clients: [string, Client][];
  before(async () => {
    t = await createTestApp();
    clients = [
      ['teacher', await t.login(DEMO.teacher)],
      ['student', await t.login(DEMO.student)],
    ];
  });
  after(async () => t.close());

  /**
   * Routes whose records anyone signed in may see (there is nothing to hide, so a missing one
   * may say so), and routes that answer a missing id of their own kind.
   */
  const PUBLIC_RECORDS = new Map([
    // The e-library's catalogue: every book is listed to everyone.
    ['POST /lms/api/library/deletecheck.json', 'the library catalogue is public'],
    ['GET /lms/api/library/download.file', 'the library catalogue is public'],
    // The registrar's queue: the registrar sees every order.
    ['POST /lms/api/singlewindow/queue/move.json', "the registrar's queue holds every order"],
    ['POST /lms/api/singlewindow/document/revoke.json', 'the registrar sees every document'],
  ]);

  // Refusals of who the caller is, whatever the id.
  const ROLE_REFUSALS = new Set<string>([
    NEWS_MESSAGES.noPermission.ru,
    ORDER_MESSAGES.registrarOnly.ru,
    DOCUMENTS_MESSAGES.registrarOnly.ru,
    MESSAGES.teachersOnly.ru,
    MESSAGES.studentsOnly.ru,
    MESSAGES.forbidden.ru,
    MESSAGES.xsrf.ru,
  ]);

  // Refusals that say "not yours or not there" in the caller's language, as hiddenRecord() does;
  // each route's own test checks that someone else's record gets the very same answer.
  const HIDDEN_REFUSALS = new Set<string>([
    // qr/passkeys/delete.json (qr.test.ts: another student's phone and a missing one).
    ...Object.values(QR_REFUSAL_MESSAGES.passkeyHidden),
  ]);

  test('no route that takes a record id tells a missing record from a hidden one', async () => {
    const routes = t.app.apiRoutes.filter(
      (route) =>
        route.ids.some((id) => !id.startsWith(':')) &&
        !route.url.endsWith('/events') &&
        !PUBLIC_RECORDS.has(`${route.method} ${route.url}`),
    );
    assert.ok(routes.length > 50, `only ${routes.length} by-id routes`);
    const telling: string[] = [];
    for (const route of routes) {
      for (const [who, client] of clients) {
        const response =
          route.method === 'GET'
            ? await client.get(
                `${route.url}?${new URLSearchParams(
                  sampleOf(route.schemas.querystring, '', true) as Record<string, string>,
                ).toString()}`,
              )
            : await client.post(route.url, sampleOf(route.schemas.body));
        const error = response.statusCode >= 400 ? envelope(response).error : null;
        const what = `${route.method} ${route.url} as ${who}: ${response.statusCode} ${error}`;
        // A missing record must not be told apart: no 404, and a 403 only as hiddenRecord()
        // (or the refusal of the caller's role, which does not depend on the id).
        if (response.statusCode === 404) telling.push(what);
        if (
          response.statusCode === 403 &&
          !ROLE_REFUSALS.has(error ?? '') &&
          !HIDDEN_REFUSALS.has(error ?? '')
        ) {
          telling.push(what);
        }
      }
    }
    assert.deepEqual(telling, []);
  });
});
