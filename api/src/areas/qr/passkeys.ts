import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PasskeyAssertion, PasskeyRegisterBody } from '@lms/shared/contract';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { PasskeyRecord } from './passkey-repository.js';
import type { QrSessionRecord } from './repository.js';

/** The WebAuthn library, loaded on the first passkey call (a large module most processes skip). */
const webauthn = () => import('@simplewebauthn/server');

// A QR check-in is signed by the student's registered phone: a WebAuthn passkey (docs/security.md
// "QR check-in: the student's phone"). The relying party is the portal's configured public
// origin, never a request's Host header. Challenges are stateless: an HMAC names what they are for
// (the lesson and the student, or the registering account) and until when.

/** Where the passkeys belong: the portal's public origin and its host name. */
export interface PasskeySettings {
  origin: string;
  rpId: string;
  rpName: string;
  /** HMAC key of the registration challenges (a data-folder secret). */
  secret: string;
}

export function passkeySettings(publicOrigin: string, rpName: string, secret: string) {
  const url = new URL(publicOrigin);
  return { origin: url.origin, rpId: url.hostname, rpName, secret };
}

/** How long a ceremony's challenge stays good. */
export const PASSKEY_CHALLENGE_TTL_MS = 2 * 60 * 1000;

const sign = (key: Buffer, text: string) =>
  createHmac('sha256', key).update(text).digest('base64url').slice(0, 32);

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** The stored form of a credential in a visit: it checks in one student per lesson. */
export const passkeyHash = (credentialId: string) =>
  createHash('sha256').update(`passkey:${credentialId}`).digest('base64url');

/** The check-in challenge: `c.<session>.<user>.<expiresAt>.<nonce>.<mac>` (the lesson's secret). */
export function checkInChallenge(session: QrSessionRecord, userId: number, expiresAt: number) {
  const body = `c.${session.id}.${userId}.${expiresAt}.${randomBytes(12).toString('base64url')}`;
  return `${body}.${sign(Buffer.from(session.secret, 'hex'), body)}`;
}

/** What a check-in challenge names, before its MAC is checked; null when it is not one. */
export function parseCheckInChallenge(challenge: string) {
  const match =
    /^c\.([1-9][0-9]{0,9})\.([1-9][0-9]{0,9})\.([0-9]{1,15})\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{32}$/.exec(
      challenge,
    );
  if (!match) return null;
  return { sessionId: Number(match[1]), userId: Number(match[2]), expiresAt: Number(match[3]) };
}

export function checkInChallengeValid(challenge: string, session: QrSessionRecord): boolean {
  const at = challenge.lastIndexOf('.');
  return sameText(
    challenge.slice(at + 1),
    sign(Buffer.from(session.secret, 'hex'), challenge.slice(0, at)),
  );
}

/** The challenge (as text) an assertion or attestation signed, from its clientDataJSON. */
export function signedChallenge(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as {
      challenge?: unknown;
    };
    if (typeof data.challenge !== 'string') return null;
    return Buffer.from(data.challenge, 'base64url').toString('utf8');
  } catch {
    return null;
  }
}

/** The options of the check-in ceremony: any passkey of this portal on the phone (discoverable). */
export async function checkInOptions(settings: PasskeySettings, challenge: string) {
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({
    rpID: settings.rpId,
    challenge,
    userVerification: 'required',
    timeout: PASSKEY_CHALLENGE_TTL_MS,
  });
  return { ...options, allowCredentials: [] };
}

/** Verifies an assertion by the given registered passkey; the new counter, or null. */
export async function verifyCheckIn(
  settings: PasskeySettings,
  assertion: PasskeyAssertion,
  passkey: PasskeyRecord,
): Promise<number | null> {
  const { verifyAuthenticationResponse } = await webauthn();
  try {
    const result = await verifyAuthenticationResponse({
      response: assertion as AuthenticationResponseJSON,
      // The challenge's own MAC was checked by the caller; here it must be the one signed.
      expectedChallenge: () => true,
      expectedOrigin: settings.origin,
      expectedRPID: settings.rpId,
      requireUserVerification: true,
      credential: {
        id: passkey.credentialId,
        publicKey: Buffer.from(passkey.publicKey, 'base64url'),
        counter: passkey.counter,
      },
    });
    return result.verified ? result.authenticationInfo.newCounter : null;
  } catch {
    return null;
  }
}

/** The registration ceremony's options: a platform passkey, its challenge signed for the account. */
export async function registrationOptions(
  settings: PasskeySettings,
  user: { uid: number; fullName: string },
  expiresAt: number,
) {
  const { generateRegistrationOptions } = await webauthn();
  const body = `r.${user.uid}.${expiresAt}.${randomBytes(12).toString('base64url')}`;
  return generateRegistrationOptions({
    rpName: settings.rpName,
    rpID: settings.rpId,
    userID: new TextEncoder().encode(String(user.uid)),
    userName: user.fullName,
    userDisplayName: user.fullName,
    challenge: `${body}.${sign(Buffer.from(settings.secret), body)}`,
    timeout: PASSKEY_CHALLENGE_TTL_MS,
    attestationType: 'none',
    authenticatorSelection: {
      authenticatorAttachment: 'platform',
      residentKey: 'required',
      userVerification: 'required',
    },
    // ES256 and RS256: what phones' platform authenticators make.
    supportedAlgorithmIDs: [-7, -257],
  });
}

/** What a registration's challenge names once its MAC is checked: the account and until when. */
export function parseRegistrationChallenge(settings: PasskeySettings, challenge: string | null) {
  const match =
    challenge &&
    /^(r\.([1-9][0-9]{0,9})\.([0-9]{1,15})\.[A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{32})$/.exec(
      challenge,
    );
  if (!match || !sameText(match[4]!, sign(Buffer.from(settings.secret), match[1]!))) return null;
  return { userId: Number(match[2]), expiresAt: Number(match[3]) };
}

/** The new passkey of a verified registration, or null when it does not verify. */
export async function verifyRegistration(
  settings: PasskeySettings,
  response: PasskeyRegisterBody['response'],
) {
  const { verifyRegistrationResponse } = await webauthn();
  try {
    const verified = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: () => true,
      expectedOrigin: settings.origin,
      expectedRPID: settings.rpId,
      requireUserVerification: true,
      supportedAlgorithmIDs: [-7, -257],
    });
    if (!verified.verified) return null;
    const { credential } = verified.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: (response.response.transports ?? []).filter((t) => /^[a-z-]{1,32}$/.test(t)),
    };
  } catch {
    return null;
  }
}
