import { createHmac, timingSafeEqual } from 'node:crypto';

// The QR's rotating proofs (tokens, typed codes, claims) and the distance of a phone from its room.
// Pure functions of the clock and a session's secret, so any API process checks what any other
// one issued.

/** Great-circle distance in metres between two positions in degrees. */
export function distanceMetres(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(a)));
}

const mac = (secret: string, text: string) =>
  createHmac('sha256', Buffer.from(secret, 'hex')).update(text).digest();

const sameMac = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** The rotation step of an instant. */
export const stepOf = (now: number, rotateMs: number) => Math.floor(now / rotateMs);

/** The QR token of a session at a step: `<session id>.<step>.<mac>`. */
export function tokenFor(sessionId: number, secret: string, step: number): string {
  const signature = mac(secret, `token.${sessionId}.${step}`).toString('base64url').slice(0, 22);
  return `${sessionId}.${step}.${signature}`;
}

/** The session a token names (before its signature is checked), or null when malformed. */
export function parseToken(token: string): { sessionId: number; step: number } | null {
  const match = /^([1-9][0-9]{0,9})\.([0-9]{1,15})\.[A-Za-z0-9_-]{22}$/.exec(token);
  if (!match) return null;
  return { sessionId: Number(match[1]), step: Number(match[2]) };
}

export type TokenCheck = 'ok' | 'invalid' | 'expired';

/** A token is good at the step it was shown and the next one (one rotation of grace). */
export function checkToken(token: string, secret: string, currentStep: number): TokenCheck {
  const parsed = parseToken(token);
  if (!parsed) return 'invalid';
  if (!sameMac(token, tokenFor(parsed.sessionId, secret, parsed.step))) return 'invalid';
  if (parsed.step > currentStep + 1) return 'invalid';
  if (parsed.step < currentStep - 1) return 'expired';
  return 'ok';
}

/** The typed code shown beside the QR at a step (QR_SHORT_CODE_LENGTH digits). */
export function codeFor(sessionId: number, secret: string, step: number): string {
  const value = mac(secret, `code.${sessionId}.${step}`).readUInt32BE(0) % 1_000_000;
  return String(value).padStart(6, '0');
}

/** Does the code match the session's code of this step or the one before? */
export function codeMatches(code: string, sessionId: number, secret: string, step: number) {
  return [step, step - 1].some((s) => sameMac(code, codeFor(sessionId, secret, s)));
}

/** A claim: a token seen on this device before signing in, good until `expiresAt`. */
export function claimFor(
  sessionId: number,
  secret: string,
  expiresAt: number,
  deviceHash: string,
): string {
  const signature = mac(secret, `claim.${sessionId}.${expiresAt}.${deviceHash}`)
    .toString('base64url')
    .slice(0, 22);
  return `${sessionId}.${expiresAt}.${signature}`;
}

export function checkClaim(
  claim: string,
  secret: string,
  deviceHash: string,
  now: number,
): TokenCheck {
  const parsed = parseToken(claim);
  if (!parsed) return 'invalid';
  const expiresAt = parsed.step;
  if (!sameMac(claim, claimFor(parsed.sessionId, secret, expiresAt, deviceHash))) return 'invalid';
  return now > expiresAt ? 'expired' : 'ok';
}
