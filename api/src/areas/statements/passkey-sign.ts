import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PasskeyAssertion } from '@lms/shared/contract';
import { generateAuthenticationOptions } from '@simplewebauthn/server';
import {
  PASSKEY_CHALLENGE_TTL_MS,
  signedChallenge,
  verifyPasskeyAssertion,
  type PasskeyRecord,
  type PasskeySettings,
} from '../qr/index.js';

// The teacher signs a statement with their passkey (the QR check-in's, areas/qr). The challenge
// is stateless and names what it signs: `st.<statement>.<signer uid>.<digest>.<expiresAt>.<nonce>`
// with an HMAC, so an assertion made for one version of the content (one digest) cannot be
// presented for another, nor for another statement or signer.

/** What a signing challenge names. */
export interface SignedFor {
  statementId: number;
  signerUid: number;
  digest: string;
  expiresAt: number;
}

const mac = (secret: string, text: string) =>
  createHmac('sha256', `statement-sign:${secret}`).update(text).digest('base64url').slice(0, 32);

/** The signing challenge for this statement, signer and digest, good until `expiresAt`. */
export function signChallenge(secret: string, named: SignedFor): string {
  const nonce = randomBytes(12).toString('base64url');
  const body = `st.${named.statementId}.${named.signerUid}.${named.digest}.${named.expiresAt}.${nonce}`;
  return `${body}.${mac(secret, body)}`;
}

const CHALLENGE =
  /^(st\.([1-9][0-9]{0,9})\.([1-9][0-9]{0,9})\.([0-9a-f]{64})\.([0-9]{1,15})\.[A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{32})$/;

/** What a signing challenge names once its MAC is checked; null when it is not one of ours. */
export function parseSignChallenge(secret: string, challenge: string | null): SignedFor | null {
  const match = challenge ? CHALLENGE.exec(challenge) : null;
  if (!match) return null;
  const expected = Buffer.from(mac(secret, match[1]!));
  const given = Buffer.from(match[6]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return {
    statementId: Number(match[2]),
    signerUid: Number(match[3]),
    digest: match[4]!,
    expiresAt: Number(match[5]),
  };
}

/** The options of the signing ceremony: one of the teacher's registered passkeys. */
export async function signOptions(
  settings: PasskeySettings,
  named: Omit<SignedFor, 'expiresAt'>,
  passkeys: readonly PasskeyRecord[],
  now: number,
) {
  const options = await generateAuthenticationOptions({
    rpID: settings.rpId,
    challenge: signChallenge(settings.secret, {
      ...named,
      expiresAt: now + PASSKEY_CHALLENGE_TTL_MS,
    }),
    userVerification: 'required',
    timeout: PASSKEY_CHALLENGE_TTL_MS,
    allowCredentials: passkeys.map((p) => ({
      id: p.credentialId,
      transports: p.transports as ('internal' | 'hybrid')[],
    })),
  });
  return options;
}

export type PasskeyRefusal = 'passkeyMismatch' | 'passkeyExpired' | 'passkeyInvalid';

/**
 * Why an assertion does not sign this statement's digest for this signer, or null when it does:
 * its challenge must be ours and name them (a wrong digest, statement or signer: mismatch), not
 * have expired, and be signed by a passkey of the signer's (another person's: invalid).
 */
export async function assertionRefusal(
  settings: PasskeySettings,
  assertion: PasskeyAssertion,
  expected: Omit<SignedFor, 'expiresAt'>,
  passkey: PasskeyRecord | undefined,
  now: number,
): Promise<{ refusal: PasskeyRefusal } | { counter: number }> {
  const named = parseSignChallenge(
    settings.secret,
    signedChallenge(assertion.response.clientDataJSON),
  );
  if (
    !named ||
    named.statementId !== expected.statementId ||
    named.signerUid !== expected.signerUid ||
    named.digest !== expected.digest
  ) {
    return { refusal: 'passkeyMismatch' };
  }
  if (now > named.expiresAt) return { refusal: 'passkeyExpired' };
  if (!passkey || passkey.userId !== expected.signerUid || passkey.credentialId !== assertion.id) {
    return { refusal: 'passkeyInvalid' };
  }
  const counter = await verifyPasskeyAssertion(settings, assertion, passkey);
  return counter === null ? { refusal: 'passkeyInvalid' } : { counter };
}

/**
 * Whether a stored passkey signature still covers this statement's content as it stands: the
 * assertion verifies with the stored public key and its challenge names this digest.
 */
export async function storedSignatureHolds(
  settings: PasskeySettings,
  stored: { credential: string; publicKey: string; assertion: string },
  expected: Omit<SignedFor, 'expiresAt'>,
): Promise<boolean> {
  let assertion: PasskeyAssertion;
  try {
    assertion = JSON.parse(stored.assertion) as PasskeyAssertion;
  } catch {
    return false;
  }
  const named = parseSignChallenge(
    settings.secret,
    signedChallenge(assertion.response.clientDataJSON),
  );
  if (
    !named ||
    named.statementId !== expected.statementId ||
    named.signerUid !== expected.signerUid ||
    named.digest !== expected.digest
  ) {
    return false;
  }
  const record: PasskeyRecord = {
    id: 0,
    userId: expected.signerUid,
    credentialId: stored.credential,
    publicKey: stored.publicKey,
    counter: 0,
    transports: [],
    name: '',
    createdAt: 0,
    lastUsedAt: null,
  };
  return (await verifyPasskeyAssertion(settings, assertion, record)) !== null;
}
