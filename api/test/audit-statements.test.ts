// The audit trail of statements over HTTP, on SQLite and (with DATABASE_URL) PostgreSQL: the
// teacher's signature, the registrar's confirmation and lock write exactly one row each with the
// old and new state and the digest signed; a refused step (wrong role, another teacher, a digest
// not seen, the wrong state, the loser of two confirmations at once) writes none.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { StatementDetail, StatementSummary } from '@lms/shared/contract';
import { verifyChain } from '../src/areas/audit/index.js';
import {
  anotherTeacher,
  createTestApp,
  DEMO,
  envelope,
  whoAmI,
  type Client,
  type TestApp,
} from './helper.js';
import { signBody, teacherPasskey } from './statement-sign-helper.js';
import type { SoftAuthenticator } from './soft-authenticator.js';

const API = '/lms/api/statements';
const REGISTRAR = DEMO.registrar;

describe('audit trail: statement signatures and confirmations', () => {
  let t: TestApp;
  let teacher: Client;
  let colleague: Client;
  let student: Client;
  let registrar: Client;
  let statementId: number;
  let passkey: SoftAuthenticator;
  const signed = (id: number, digest: string) => signBody(teacher, passkey, id, digest);

  const rows = () => t.app.db.kysely.selectFrom('audit_trail').selectAll().orderBy('id').execute();
  const count = async () => (await rows()).length;
  const post = (client: Client, path: string, body: object) => client.post(`${API}/${path}`, body);
  const detail = async (client: Client, path: string, body: object) => {
    const answer = await post(client, path, body);
    assert.equal(answer.statusCode, 200, answer.body);
    return envelope<StatementDetail>(answer).data!;
  };

  before(async () => {
    t = await createTestApp();
    teacher = await t.login(DEMO.teacher);
    student = await t.login(DEMO.student);
    registrar = await t.login(REGISTRAR);
    colleague = await anotherTeacher(t);
    passkey = await teacherPasskey(teacher);
    const list = envelope<StatementSummary[]>(await post(teacher, 'teacher/list.json', {})).data!;
    statementId = list[0]!.id;
  });
  after(() => t.close());

  test('sign, confirm and lock write one row each; every refused step none', async () => {
    const id = statementId;
    const teacherUid = (await whoAmI(teacher)).uid;
    const registrarUid = (await whoAmI(registrar)).uid;
    let seen = await detail(teacher, 'open.json', { id });
    const target = seen.lines.find((line) => line.admitted)!;
    seen = await detail(teacher, 'teacher/save.json', {
      id,
      lines: [{ id_student: target.id_student, exam: 30 }],
    });
    const start = await count();
    // Refused: a digest not seen, another teacher, a student, the registrar's steps of a draft.
    const refused = [
      await post(teacher, 'teacher/sign.json', await signed(id, '0'.repeat(64))),
      await post(colleague, 'teacher/sign.json', await signed(id, seen.digest)),
      await post(student, 'teacher/sign.json', await signed(id, seen.digest)),
      await post(registrar, 'registrar/confirm.json', { id, digest: seen.digest }),
      await post(registrar, 'registrar/lock.json', { id }),
      await post(teacher, 'registrar/lock.json', { id }),
    ];
    for (const answer of refused) assert.ok(answer.statusCode >= 400, answer.body);
    assert.equal(await count(), start);

    const signedOnce = await detail(teacher, 'teacher/sign.json', await signed(id, seen.digest));
    assert.equal(signedOnce.state, 'signed');
    // Signed twice, confirmed with a digest not seen: refused, nothing written.
    assert.equal(
      (await post(teacher, 'teacher/sign.json', await signed(id, seen.digest))).statusCode,
      409,
    );
    assert.equal(
      (await post(registrar, 'registrar/confirm.json', { id, digest: '1'.repeat(64) })).statusCode,
      409,
    );
    assert.equal(await count(), start + 1);

    // Two registrar tabs confirm at once: one wins, one row.
    const second = await t.login(REGISTRAR);
    const answers = await Promise.all(
      [registrar, second].map((client) =>
        post(client, 'registrar/confirm.json', { id, digest: signedOnce.digest }),
      ),
    );
    assert.deepEqual(answers.map((a) => a.statusCode).sort(), [200, 409]);
    assert.equal((await detail(registrar, 'registrar/lock.json', { id })).state, 'locked');
    assert.equal((await post(registrar, 'registrar/lock.json', { id })).statusCode, 409);

    const digest = signedOnce.digest;
    const written = (await rows()).slice(start);
    assert.deepEqual(
      written.map((row) => [
        row.kind,
        row.record_key,
        Number(row.user_id),
        row.student_id,
        JSON.parse(row.old_value),
        JSON.parse(row.new_value),
      ]),
      [
        [
          'statement',
          `statement:${id}`,
          teacherUid,
          null,
          { state: 'draft', digest: null },
          { state: 'signed', digest },
        ],
        [
          'statement',
          `statement:${id}`,
          registrarUid,
          null,
          { state: 'signed', digest },
          { state: 'confirmed', digest },
        ],
        [
          'statement',
          `statement:${id}`,
          registrarUid,
          null,
          { state: 'confirmed', digest },
          { state: 'locked', digest },
        ],
      ],
    );
    for (const row of written) assert.ok(row.address && row.device);
    assert.equal((await verifyChain(t.app.repos.audit)).broken, null);
  });
});
