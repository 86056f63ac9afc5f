import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PasskeyAssertion } from '@lms/shared/contract';
import { generateAuthenticationOptions } from '@simplewebauthn/server';
import type { PasskeyRecord } from './passkey-repository.js';
import {
  PASSKEY_CHALLENGE_TTL_MS,
  signedChallenge,
  verifyCheckIn,
  type PasskeySettings,
} from './passkeys.js';

// A person signs a digest (SHA-256, hex) of a record with their passkey: the teacher a
// statement's content, a student the head of their test attempt's chain. The challenge is
// stateless and names what it signs: `<tag>.<record id>.<signer uid>.<digest>.<expiresAt>.<nonce>`
// with an HMAC of the purpose, so an assertion made for one digest cannot be presented for
// another, nor for another record, signer or purpose.

/** What a signing challenge names. */
export interface DigestSigned {
  recordId: number;
  signerUid: number;
  digest: string;
  expiresAt: number;
}

/** What the signature must name: the record and signer, and a digest it accepts. */
export interface DigestExpected {
  recordId: number;
  signerUid: number;
  accepts: (digest: string) => boolean;
}

export type PasskeyRefusal = 'passkeyMismatch' | 'passkeyExpired' | 'passkeyInvalid';

/**
 * The signing of one purpose: `tag` (two lowercase letters) opens its challenges and `purpose`
 * keys their MAC, so a challenge of one purpose is not one of another's.
 */
export function digestSigning(tag: string, purpose: string) {
  const mac = (secret: string, text: string) =>
    createHmac('sha256', `${purpose}:${secret}`).update(text).digest('base64url').slice(0, 32);
  const pattern = new RegExp(
    `^(${tag}\\.([1-9][0-9]{0,9})\\.([1-9][0-9]{0,9})\\.([0-9a-f]{64})\\.([0-9]{1,15})\\.[A-Za-z0-9_-]{16})\\.([A-Za-z0-9_-]{32})$`,
  );

  function challenge(secret: string, named: DigestSigned): string {
    const nonce = randomBytes(12).toString('base64url');
    const body = `${tag}.${named.recordId}.${named.signerUid}.${named.digest}.${named.expiresAt}.${nonce}`;
    return `${body}.${mac(secret, body)}`;
  }

  /** What a challenge names once its MAC is checked; null when it is not one of ours. */
  function parse(secret: string, text: string | null): DigestSigned | null {
    const match = text ? pattern.exec(text) : null;
    if (!match) return null;
    const expected = Buffer.from(mac(secret, match[1]!));
    const given = Buffer.from(match[6]!);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    return {
      recordId: Number(match[2]),
      signerUid: Number(match[3]),
      digest: match[4]!,
      expiresAt: Number(match[5]),
    };
  }

  /** The assertion's challenge, when it is ours and names this record, signer and a digest accepted. */
  function namedBy(
    settings: PasskeySettings,
    assertion: PasskeyAssertion,
    expected: DigestExpected,
  ): DigestSigned | null {
    const named = parse(settings.secret, signedChallenge(assertion.response.clientDataJSON));
    return named &&
      named.recordId === expected.recordId &&
      named.signerUid === expected.signerUid &&
      expected.accepts(named.digest)
      ? named
      : null;
  }

  return {
    challenge,
    parse,

    /** The ceremony's options: one of the signer's registered passkeys signs `named.digest`. */
    options(
      settings: PasskeySettings,
      named: Omit<DigestSigned, 'expiresAt'>,
      passkeys: readonly PasskeyRecord[],
      now: number,
    ) {
      return generateAuthenticationOptions({
        rpID: settings.rpId,
        challenge: challenge(settings.secret, {
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
    },

    /**
     * Why an assertion does not sign what is expected, or the digest it signs and the passkey's
     * counter: its challenge must be ours and name them (else mismatch), not have expired, and be
     * signed by a passkey of the signer's (another person's: invalid).
     */
    async refusal(
      settings: PasskeySettings,
      assertion: PasskeyAssertion,
      expected: DigestExpected,
      passkey: PasskeyRecord | undefined,
      now: number,
    ): Promise<{ refusal: PasskeyRefusal } | { counter: number; digest: string }> {
      const named = namedBy(settings, assertion, expected);
      if (!named) return { refusal: 'passkeyMismatch' };
      if (now > named.expiresAt) return { refusal: 'passkeyExpired' };
      if (
        !passkey ||
        passkey.userId !== expected.signerUid ||
        passkey.credentialId !== assertion.id
      ) {
        return { refusal: 'passkeyInvalid' };
      }
      const counter = await verifyCheckIn(settings, assertion, passkey);
      return counter === null ? { refusal: 'passkeyInvalid' } : { counter, digest: named.digest };
    },

    /**
     * Whether a stored signature still covers what is expected: the assertion verifies with the
     * stored public key and its challenge names an accepted digest.
     */
    async storedHolds(
      settings: PasskeySettings,
      stored: { credential: string; publicKey: string; assertion: string },
      expected: DigestExpected,
    ): Promise<boolean> {
      let assertion: PasskeyAssertion;
      try {
        assertion = JSON.parse(stored.assertion) as PasskeyAssertion;
      } catch {
        return false;
      }
      if (!namedBy(settings, assertion, expected)) return false;
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
      return (await verifyCheckIn(settings, assertion, record)) !== null;
    },
  };
}
