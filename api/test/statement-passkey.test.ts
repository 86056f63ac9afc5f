// The teacher signs a statement with their passkey (WebAuthn), over HTTP on both databases: the
// signing challenge names the statement and its content digest, so an assertion for another
// digest or statement, another teacher's passkey, a stale challenge or an unregistered
// authenticator is refused and nothing is signed; the stored assertion verifies afterwards and
// stops verifying when the content changes. Software authenticators stand in for the devices.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type {
  PasskeyCreationOptions,
  StatementDetail,
  StatementSummary,
} from '@lms/shared/contract';
import { STATEMENTS_MESSAGES } from '../src/areas/statements/messages.js';
import { signedChallenge } from '../src/areas/qr/index.js';
import { MESSAGES } from '../src/lib/messages.js';
import {
  anotherTeacher,
  createTestApp,
  DEMO,
  envelope,
  type Client,
  type TestApp,
} from './helper.js';
import { ORIGIN } from './qr-helper.js';
import { SoftAuthenticator } from './soft-authenticator.js';
import { signBody, signOptions, teacherPasskey } from './statement-sign-helper.js';

const API = '/lms/api/statements';

describe('statements: the passkey signature', () => {
  let t: TestApp;
  let teacher: Client;
  let colleague: Client;
  let student: Client;
  let seeded: StatementSummary;
  let draft: StatementDetail;
  /** The demo teacher's passkey, registered in the second test. */
  let passkey: SoftAuthenticator;

  before(async () => {
    t = await createTestApp();
    teacher = await t.login(DEMO.teacher);
    student = await t.login(DEMO.student);
    colleague = await anotherTeacher(t);
    const list = envelope<StatementSummary[]>(await teacher.post(`${API}/teacher/list.json`, {}));
    seeded = list.data![0]!;
    const opened = envelope<StatementDetail>(
      await teacher.post(`${API}/open.json`, { id: seeded.id }),
    ).data!;
    const saved = await teacher.post(`${API}/teacher/save.json`, {
      id: seeded.id,
      lines: opened.lines
        .filter((l) => l.admitted)
        .map((l) => ({ id_student: l.id_student, exam: 30 })),
    });
    assert.equal(saved.statusCode, 200, saved.body);
    draft = envelope<StatementDetail>(saved).data!;
  });
  after(() => t.close());

  const refusedWith = (
    response: Awaited<ReturnType<Client['post']>>,
    status: number,
    text: { ru: string },
  ) => {
    assert.equal(response.statusCode, status, response.body);
    assert.equal(envelope(response).error, text.ru);
  };
  const stored = () =>
    t.app.db.kysely
      .selectFrom('statements')
      .selectAll()
      .where('id', '=', seeded.id)
      .executeTakeFirstOrThrow();

  test('a teacher without a passkey is told to register one; options ask for their own', async () => {
    const options = { id: seeded.id, digest: draft.digest };
    const none = await teacher.post(`${API}/teacher/sign-options.json`, options);
    refusedWith(none, 409, STATEMENTS_MESSAGES.noPasskey);
    // Who may ask: not another teacher, not a student, not without a session.
    refusedWith(
      await colleague.post(`${API}/teacher/sign-options.json`, options),
      403,
      MESSAGES.forbidden,
    );
    assert.equal((await student.post(`${API}/teacher/sign-options.json`, options)).statusCode, 403);
    const anonymous = t.client();
    await anonymous.get('/lms/config.json');
    assert.equal(
      (await anonymous.post(`${API}/teacher/sign-options.json`, options)).statusCode,
      401,
    );
  });

  test('refused: another digest, another teacher’s passkey, a stale challenge, an unknown one', async () => {
    passkey = await teacherPasskey(teacher);
    const theirs = await teacherPasskey(colleague);
    const mine = (await teacher.post('/lms/api/qr/passkeys/list.json', {})).body;
    assert.match(mine, /Test phone/);
    const options = await signOptions(teacher, seeded.id, draft.digest);
    assert.equal(options.allowCredentials?.length, 1);
    assert.equal(
      options.allowCredentials![0]!.id,
      passkey.credentials[0]!.id.toString('base64url'),
    );
    // The challenge names the statement and its digest.
    const challenge = Buffer.from(options.challenge, 'base64url').toString('utf8');
    assert.ok(challenge.startsWith(`st.${seeded.id}.`) && challenge.includes(draft.digest));

    // The assertion of a challenge for another digest, sent with the digest the teacher saw.
    const other = await signOptions(teacher, seeded.id, 'a'.repeat(64));
    refusedWith(
      await teacher.post(`${API}/teacher/sign.json`, {
        id: seeded.id,
        digest: draft.digest,
        passkey: passkey.assert(other),
      }),
      400,
      STATEMENTS_MESSAGES.passkeyMismatch,
    );
    // Another teacher's registered passkey over the right challenge.
    refusedWith(
      await teacher.post(`${API}/teacher/sign.json`, {
        id: seeded.id,
        digest: draft.digest,
        passkey: theirs.assert(options),
      }),
      400,
      STATEMENTS_MESSAGES.passkeyInvalid,
    );
    // An authenticator nobody registered.
    const stranger = new SoftAuthenticator(ORIGIN);
    stranger.register({ user: { id: 'c3RyYW5nZXI' }, challenge: 'eA' } as PasskeyCreationOptions);
    refusedWith(
      await teacher.post(`${API}/teacher/sign.json`, {
        id: seeded.id,
        digest: draft.digest,
        passkey: stranger.assert(options),
      }),
      400,
      STATEMENTS_MESSAGES.passkeyInvalid,
    );
    // A challenge past its two minutes.
    const stale = passkey.assert(await signOptions(teacher, seeded.id, draft.digest));
    const realNow = Date.now;
    Date.now = () => realNow() + 3 * 60_000;
    try {
      refusedWith(
        await teacher.post(`${API}/teacher/sign.json`, {
          id: seeded.id,
          digest: draft.digest,
          passkey: stale,
        }),
        400,
        STATEMENTS_MESSAGES.passkeyExpired,
      );
    } finally {
      Date.now = realNow;
    }
    // A forged challenge (its MAC not the server's) is not one of ours.
    const tampered = {
      ...options,
      challenge: Buffer.from(challenge.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))).toString(
        'base64url',
      ),
    };
    refusedWith(
      await teacher.post(`${API}/teacher/sign.json`, {
        id: seeded.id,
        digest: draft.digest,
        passkey: passkey.assert(tampered),
      }),
      400,
      STATEMENTS_MESSAGES.passkeyMismatch,
    );
    // Nothing was signed.
    const row = await stored();
    assert.equal(row.state, 'draft');
    assert.equal(row.sign_assertion, null);
  });

  test('signed with the passkey: the assertion is stored, verifies, and not on a changed sheet', async () => {
    const body = await signBody(teacher, passkey, seeded.id, draft.digest);
    const answer = await teacher.post(`${API}/teacher/sign.json`, body);
    assert.equal(answer.statusCode, 200, answer.body);
    const detail = envelope<StatementDetail>(answer).data!;
    assert.equal(detail.state, 'signed');
    assert.equal(detail.passkey, true);
    assert.equal(detail.signature_valid, true);
    const row = await stored();
    assert.equal(row.sign_credential, body.passkey.id);
    const kept = JSON.parse(row.sign_assertion!) as typeof body.passkey;
    assert.ok(signedChallenge(kept.response.clientDataJSON)!.includes(detail.digest));
    // The same assertion cannot sign the statement again (it is signed).
    refusedWith(
      await teacher.post(`${API}/teacher/sign.json`, body),
      409,
      STATEMENTS_MESSAGES.wrongState,
    );
    // The content changed behind the signature: it no longer verifies, and is not confirmed.
    await t.app.db.kysely
      .updateTable('statement_lines')
      .set((eb) => ({ exam: eb('exam', '+', 1) }))
      .where('statement_id', '=', seeded.id)
      .where('admitted', '=', 1)
      .execute();
    const reopened = envelope<StatementDetail>(
      await teacher.post(`${API}/open.json`, { id: seeded.id }),
    ).data!;
    assert.equal(reopened.signature_valid, false);
  });
});
