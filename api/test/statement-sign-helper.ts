import assert from 'node:assert/strict';
import type { PasskeyRequestOptions, StatementSignBody } from '@lms/shared/contract';
import { envelope, type Client } from './helper.js';
import { ORIGIN, registerPhone } from './qr-helper.js';
import { SoftAuthenticator } from './soft-authenticator.js';

// A teacher signs a statement with their passkey: a software authenticator registered through
// the QR check-in's passkey routes, asserting the challenge teacher/sign-options.json gives.

const API = '/lms/api/statements';

/** A teacher's passkey: a software authenticator registered for the signed-in teacher. */
export async function teacherPasskey(client: Client): Promise<SoftAuthenticator> {
  const { phone, registered } = await registerPhone(client, new SoftAuthenticator(ORIGIN));
  assert.equal(registered.statusCode, 200, registered.body);
  return phone;
}

/** The signing ceremony's options for this statement and digest (asked by `client`). */
export async function signOptions(client: Client, id: number, digest: string) {
  const answer = await client.post(`${API}/teacher/sign-options.json`, { id, digest });
  assert.equal(answer.statusCode, 200, answer.body);
  return envelope<PasskeyRequestOptions>(answer).data!;
}

/** The body of teacher/sign.json: the digest and the passkey's assertion of its challenge. */
export async function signBody(
  client: Client,
  passkey: SoftAuthenticator,
  id: number,
  digest: string,
): Promise<StatementSignBody> {
  const options = await signOptions(client, id, digest);
  return { id, digest, passkey: passkey.assert(options) };
}
