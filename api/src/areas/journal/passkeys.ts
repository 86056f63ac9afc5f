import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  EmptyBody,
  Envelope,
  PasskeyCreationOptions,
  PasskeyDeleteBody,
  PasskeyListResponse,
  PasskeyRegisterBody,
  ROLE,
  VisitSmsResponse,
  type PasskeyAssertion,
  type QrRefusal,
} from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { ApiError, ok } from '../../lib/http.js';
import { sessionUser } from '../../plugins/app/session.js';
import type { PasskeyRecord } from './passkey-repository.js';
import type { QrSessionRecord } from './qr-repository.js';
import { QR_REFUSAL_MESSAGES, SCHEDULE_MESSAGES } from './messages.js';

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

export interface PasskeyRouteOptions {
  passkeys: PasskeySettings;
  clock: () => number;
}

/** qr/passkeys/*: a student registers their phone once, sees it and removes it. */
export const passkeyRoutes: FastifyPluginAsyncTypebox<PasskeyRouteOptions> = async (
  app,
  options,
) => {
  app.addHook('onRequest', app.requireUser);
  app.addHook('onRequest', app.requireRole(ROLE.student));
  const { schedule } = app.repos;
  const settings = options.passkeys;
  const key = Buffer.from(settings.secret);
  const refusal = (status: 400 | 403 | 409, reason: QrRefusal) =>
    new ApiError(status, QR_REFUSAL_MESSAGES[reason]);

  app.post(
    '/options.json',
    { schema: { body: EmptyBody, response: { 200: Envelope(PasskeyCreationOptions) } } },
    async (request) => {
      const user = sessionUser(request);
      if ((await schedule.passkeysOf(user.uid)).length > 0) {
        throw refusal(409, 'passkeyExists');
      }
      const expiresAt = options.clock() + PASSKEY_CHALLENGE_TTL_MS;
      const body = `r.${user.uid}.${expiresAt}.${randomBytes(12).toString('base64url')}`;
      const registration = await generateRegistrationOptions({
        rpName: settings.rpName,
        rpID: settings.rpId,
        userID: new TextEncoder().encode(String(user.uid)),
        userName: user.fullName,
        userDisplayName: user.fullName,
        challenge: `${body}.${sign(key, body)}`,
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
      return ok(registration);
    },
  );

  app.post(
    '/register.json',
    { schema: { body: PasskeyRegisterBody, response: { 200: Envelope(PasskeyListResponse) } } },
    async (request) => {
      const user = sessionUser(request);
      const now = options.clock();
      const challenge = signedChallenge(request.body.response.response.clientDataJSON);
      const match =
        challenge &&
        /^(r\.([1-9][0-9]{0,9})\.([0-9]{1,15})\.[A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{32})$/.exec(
          challenge,
        );
      if (!match || !sameText(match[4]!, sign(key, match[1]!)) || Number(match[2]) !== user.uid) {
        throw refusal(400, 'passkeyInvalid');
      }
      if (now > Number(match[3])) throw refusal(400, 'challengeExpired');
      let verified;
      try {
        verified = await verifyRegistrationResponse({
          response: request.body.response as RegistrationResponseJSON,
          expectedChallenge: () => true,
          expectedOrigin: settings.origin,
          expectedRPID: settings.rpId,
          requireUserVerification: true,
          supportedAlgorithmIDs: [-7, -257],
        });
      } catch {
        throw refusal(400, 'passkeyInvalid');
      }
      if (!verified.verified) throw refusal(400, 'passkeyInvalid');
      const { credential } = verified.registrationInfo;
      const stored = await schedule.addPasskey({
        userId: user.uid,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: (request.body.response.response.transports ?? []).filter((t) =>
          /^[a-z-]{1,32}$/.test(t),
        ),
        name: request.body.name?.trim() || SCHEDULE_MESSAGES.defaultPhoneName[request.lang],
        now,
      });
      if (stored === 'exists') throw refusal(409, 'passkeyExists');
      if (stored === 'taken') throw refusal(409, 'passkeyTaken');
      return ok({ passkeys: (await schedule.passkeysOf(user.uid)).map(listed) });
    },
  );

  app.post(
    '/list.json',
    { schema: { body: EmptyBody, response: { 200: Envelope(PasskeyListResponse) } } },
    async (request) =>
      ok({ passkeys: (await schedule.passkeysOf(sessionUser(request).uid)).map(listed) }),
  );

  app.post(
    '/delete.json',
    { schema: { body: PasskeyDeleteBody, response: { 200: Envelope(VisitSmsResponse) } } },
    async (request) => {
      const user = sessionUser(request);
      // Someone else's and a missing one get the same answer.
      if (!(await schedule.removePasskey(user.uid, request.body.id))) {
        throw refusal(403, 'passkeyHidden');
      }
      return ok({ sms: SCHEDULE_MESSAGES.passkeyRemoved[request.lang] });
    },
  );
};

const listed = (passkey: PasskeyRecord) => ({
  id: passkey.id,
  name: passkey.name,
  created_at: passkey.createdAt,
  last_used_at: passkey.lastUsedAt,
});
