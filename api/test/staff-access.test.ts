// Staff access over HTTP: the registrar grants and revokes the quality office and the department
// head rights; each change writes exactly one audit row (who, before, after) with the change, a
// refused or empty change writes none, and the right takes effect on the account's next request.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { StaffChangeResponse, StaffSearchResponse } from '@lms/shared/contract';
import { verifyChain } from '../src/areas/audit/index.js';
import { STAFF_ACCESS_MESSAGES } from '../src/areas/staff-access/messages.js';
import { MESSAGES } from '../src/lib/messages.js';
import {
  anotherTeacher,
  createTestApp,
  DEMO,
  envelope,
  whoAmI,
  type Client,
  type TestApp,
} from './helper.js';

const API = '/lms/api/staff-access';
const OFFICE_LIST = '/lms/api/questionnaires/office/list.json';

describe('staff access', () => {
  let t: TestApp;
  let registrar: Client;
  let teacher: Client;
  let colleague: Client;
  let student: Client;
  let registrarUid: number;
  let colleagueUid: number;
  let studentUid: number;
  before(async () => {
    // Sessions remembered for a minute, as a busy process would: the change must still take
    // effect on the account's next request.
    t = await createTestApp({ sessionCacheMs: 60_000 });
    registrar = await t.login(DEMO.registrar);
    teacher = await t.login(DEMO.teacher);
    colleague = await anotherTeacher(t);
    student = await t.login(DEMO.student);
    registrarUid = (await whoAmI(registrar)).uid;
    colleagueUid = (await whoAmI(colleague)).uid;
    studentUid = (await whoAmI(student)).uid;
  });
  after(() => t.close());

  const trail = () =>
    t.app.db.kysely
      .selectFrom('audit_trail')
      .selectAll()
      .where('kind', '=', 'permission')
      .orderBy('id')
      .execute();
  const rights = () =>
    t.app.db.kysely
      .selectFrom('users')
      .select(['id', 'quality_perms', 'head_perms'])
      .where((eb) => eb.or([eb('quality_perms', '=', 1), eb('head_perms', '=', 1)]))
      .orderBy('id')
      .execute();
  const change = (client: Client, body: object) => client.post(`${API}/change.json`, body);
  const sessionOf = async (client: Client) =>
    envelope<{ user: { qualityPerms?: boolean; headPerms?: boolean } }>(
      await client.post('/lms/api/auth/enticate.json', {}),
    ).data?.user;

  test('the registrar finds staff by any word of the name, in any case; never students', async () => {
    const found = await registrar.post(`${API}/staff.json`, { query: '  асанов  БАКЫТ ' });
    assert.equal(found.statusCode, 200);
    const data = envelope<StaffSearchResponse>(found).data;
    assert.deepEqual(
      data?.staff.map((m) => [m.fullName, m.quality, m.departmentHead]),
      [['Асанов Бакыт Маратович', false, false]],
    );
    const holders = envelope<StaffSearchResponse>(
      await registrar.post(`${API}/staff.json`, { query: '' }),
    ).data;
    assert.deepEqual(holders, { staff: [], more: false });
    const registrarRow = envelope<StaffSearchResponse>(
      await registrar.post(`${API}/staff.json`, { query: 'регистратор' }),
    ).data;
    assert.ok(registrarRow?.staff.every((m) => m.uid !== studentUid));
  });

  test('a grant writes one audit row with the change and takes effect on the next request', async () => {
    // The colleague has a remembered session and no office: refused.
    assert.equal((await colleague.post(OFFICE_LIST, {})).statusCode, 403);
    const granted = await change(registrar, {
      uid: colleagueUid,
      permission: 'quality',
      granted: true,
    });
    assert.equal(granted.statusCode, 200);
    const answer = envelope<StaffChangeResponse>(granted).data;
    assert.equal(answer?.changed, true);
    assert.equal(answer?.member.quality, true);
    assert.equal(answer?.member.departmentHead, false);
    const rows = await trail();
    assert.equal(rows.length, 1);
    assert.equal(Number(rows[0]?.user_id), registrarUid);
    assert.equal(rows[0]?.record_key, `users:${colleagueUid}`);
    assert.equal(rows[0]?.old_value, '{"departmentHead":false,"quality":false}');
    assert.equal(rows[0]?.new_value, '{"departmentHead":false,"quality":true}');
    // The very next request of the colleague has the right: the office's list opens.
    assert.equal((await sessionOf(colleague))?.qualityPerms, true);
    assert.equal((await colleague.post(OFFICE_LIST, {})).statusCode, 200);
    // Granting it again changes nothing and records nothing.
    const again = await change(registrar, {
      uid: colleagueUid,
      permission: 'quality',
      granted: true,
    });
    assert.equal(envelope<StaffChangeResponse>(again).data?.changed, false);
    assert.equal((await trail()).length, 1);
    // The holders' list names them.
    const holders = envelope<StaffSearchResponse>(
      await registrar.post(`${API}/staff.json`, { query: '' }),
    ).data;
    assert.deepEqual(
      holders?.staff.map((m) => m.uid),
      [colleagueUid],
    );
  });

  test('a holder of the office right still may not grant rights, to others or to themselves', async () => {
    const before = await trail();
    for (const body of [
      { uid: colleagueUid, permission: 'departmentHead', granted: true },
      { uid: registrarUid, permission: 'quality', granted: false },
    ]) {
      const refused = await change(colleague, body);
      assert.equal(refused.statusCode, 403);
      assert.equal(envelope(refused).error, MESSAGES.forbidden.ru);
    }
    assert.equal((await colleague.post(`${API}/staff.json`, { query: '' })).statusCode, 403);
    assert.deepEqual(await trail(), before);
  });

  test('a revoke writes one row and the office closes on the next request', async () => {
    const revoked = await change(registrar, {
      uid: colleagueUid,
      permission: 'quality',
      granted: false,
    });
    assert.equal(envelope<StaffChangeResponse>(revoked).data?.changed, true);
    const rows = await trail();
    assert.equal(rows.length, 2);
    assert.equal(rows[1]?.old_value, '{"departmentHead":false,"quality":true}');
    assert.equal(rows[1]?.new_value, '{"departmentHead":false,"quality":false}');
    assert.equal((await colleague.post(OFFICE_LIST, {})).statusCode, 403);
    assert.equal((await sessionOf(colleague))?.qualityPerms, false);
  });

  test('the department head right: granted and revoked, one row each, the chain holds', async () => {
    const teacherUid = (await whoAmI(teacher)).uid;
    for (const granted of [true, false]) {
      const response = await change(registrar, {
        uid: teacherUid,
        permission: 'departmentHead',
        granted,
      });
      assert.equal(response.statusCode, 200);
      assert.equal((await sessionOf(teacher))?.headPerms, granted);
    }
    const rows = (await trail()).slice(-2);
    assert.deepEqual(
      rows.map((row) => [row.old_value, row.new_value]),
      [
        ['{"departmentHead":false,"quality":false}', '{"departmentHead":true,"quality":false}'],
        ['{"departmentHead":true,"quality":false}', '{"departmentHead":false,"quality":false}'],
      ],
    );
    const report = await verifyChain(t.app.repos.audit);
    assert.equal(report.broken, null);
  });

  test('refused: the own account, a student, a missing account, bad bodies; nothing written', async () => {
    const before = { trail: await trail(), rights: await rights() };
    registrar.cookies.set('lang', 'en');
    const own = await change(registrar, {
      uid: registrarUid,
      permission: 'quality',
      granted: true,
    });
    assert.equal(own.statusCode, 403);
    assert.equal(envelope(own).error, STAFF_ACCESS_MESSAGES.ownAccount.en);
    for (const uid of [studentUid, 9_999_999]) {
      const hidden = await change(registrar, { uid, permission: 'quality', granted: true });
      assert.equal(hidden.statusCode, 403);
      assert.equal(envelope(hidden).error, MESSAGES.forbidden.en);
    }
    for (const body of [
      { uid: colleagueUid, permission: 'registrar', granted: true },
      { uid: colleagueUid, permission: 'quality' },
      { uid: 0, permission: 'quality', granted: true },
      { uid: colleagueUid, permission: 'quality', granted: 'yes' },
    ]) {
      assert.equal((await change(registrar, body)).statusCode, 400, JSON.stringify(body));
    }
    assert.equal(
      (await registrar.post(`${API}/staff.json`, { query: 'x'.repeat(101) })).statusCode,
      400,
    );
    registrar.cookies.delete('lang');
    assert.deepEqual({ trail: await trail(), rights: await rights() }, before);
  });

  test('refused: a teacher, a student and no session, on both routes', async () => {
    const before = { trail: await trail(), rights: await rights() };
    const body = { uid: colleagueUid, permission: 'quality', granted: true };
    for (const [client, status] of [
      [teacher, 403],
      [student, 403],
      [await t.client().prime(), 401],
    ] as const) {
      assert.equal((await change(client, body)).statusCode, status);
      assert.equal((await client.post(`${API}/staff.json`, { query: '' })).statusCode, status);
    }
    assert.deepEqual({ trail: await trail(), rights: await rights() }, before);
  });
});
