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

// The student signs the submission of an attempt with their passkey (the QR check-in's, areas/qr)
// over the head of their device's hash chain (chain.ts). The challenge is stateless and names
// what it signs: `ta.<attempt>.<student uid>.<head>.<expiresAt>.<nonce>` with an HMAC, so an
// assertion made for one head cannot be presented for another, another attempt or student.

/** What a submission's challenge names. */
export interface SubmissionSigned {
  attemptId: number;
  signerUid: number;
  head: string;
  expiresAt: number;
}

const mac = (secret: string, text: string) =>
  createHmac('sha256', `testing-sign:${secret}`).update(text).digest('base64url').slice(0, 32);

export function submissionChallenge(secret: string, named: SubmissionSigned): string {
  const nonce = randomBytes(12).toString('base64url');
  const body = `ta.${named.attemptId}.${named.signerUid}.${named.head}.${named.expiresAt}.${nonce}`;
  return `${body}.${mac(secret, body)}`;
}

const CHALLENGE =
  /^(ta\.([1-9][0-9]{0,9})\.([1-9][0-9]{0,9})\.([0-9a-f]{64})\.([0-9]{1,15})\.[A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{32})$/;

/** What a submission's challenge names once its MAC is checked; null when it is not ours. */
export function parseSubmissionChallenge(
  secret: string,
  challenge: string | null,
): SubmissionSigned | null {
  const match = challenge ? CHALLENGE.exec(challenge) : null;
  if (!match) return null;
  const expected = Buffer.from(mac(secret, match[1]!));
  const given = Buffer.from(match[6]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return {
    attemptId: Number(match[2]),
    signerUid: Number(match[3]),
    head: match[4]!,
    expiresAt: Number(match[5]),
  };
}

/** The ceremony's options: one of the student's registered passkeys signs the head. */
export function submissionOptions(
  settings: PasskeySettings,
  named: Omit<SubmissionSigned, 'expiresAt'>,
  passkeys: readonly PasskeyRecord[],
  now: number,
) {
  return generateAuthenticationOptions({
    rpID: settings.rpId,
    challenge: submissionChallenge(settings.secret, {
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
}

export type SubmissionRefusal = 'passkeyMismatch' | 'passkeyExpired' | 'passkeyInvalid';

/**
 * Why an assertion does not sign a head of this attempt for this student, or the head it signs
 * and the passkey's counter: the challenge must be ours, name this attempt and student and a head
 * one of the attempt's chains holds now (`heads`), not have expired, and be signed by a passkey
 * of the student's.
 */
export async function submissionRefusal(
  settings: PasskeySettings,
  assertion: PasskeyAssertion,
  expected: { attemptId: number; signerUid: number; heads: readonly string[] },
  passkey: PasskeyRecord | undefined,
  now: number,
): Promise<{ refusal: SubmissionRefusal } | { counter: number; head: string }> {
  const named = parseSubmissionChallenge(
    settings.secret,
    signedChallenge(assertion.response.clientDataJSON),
  );
  if (
    !named ||
    named.attemptId !== expected.attemptId ||
    named.signerUid !== expected.signerUid ||
    !expected.heads.includes(named.head)
  ) {
    return { refusal: 'passkeyMismatch' };
  }
  if (now > named.expiresAt) return { refusal: 'passkeyExpired' };
  if (!passkey || passkey.userId !== expected.signerUid || passkey.credentialId !== assertion.id) {
    return { refusal: 'passkeyInvalid' };
  }
  const counter = await verifyPasskeyAssertion(settings, assertion, passkey);
  return counter === null ? { refusal: 'passkeyInvalid' } : { counter, head: named.head };
}
