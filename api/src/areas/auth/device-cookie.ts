import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The known-device cookie of sign-in throttling (docs/security.md; OWASP "Slow Down Online
 * Guessing Attacks with Device Cookies"): issued on a successful sign-in, it names the login
 * and a random nonce, signed with the server's secret. A sign-in attempt that carries a valid one
 * for the login it tries is counted against that device, not against the account, so guesses
 * from elsewhere cannot keep the owner out of a browser they have signed in from before.
 */
export const DEVICE_COOKIE = 'lms_device';

/** How long a device stays known without a new sign-in from it. */
export const DEVICE_TTL_MS = 180 * 24 * 60 * 60 * 1000;

const VERSION = 'd1';

function mac(secret: string, login: string, nonce: string, issuedAt: string): Buffer {
  return createHmac('sha256', secret)
    .update(`device:${VERSION}:${login}:${nonce}:${issuedAt}`)
    .digest();
}

/** A new device cookie's value for the (normalised) login. */
export function issueDeviceCookie(secret: string, login: string, now = Date.now()): string {
  const nonce = randomBytes(16).toString('base64url');
  const issuedAt = now.toString(36);
  const name = Buffer.from(login, 'utf8').toString('base64url');
  const signature = mac(secret, login, nonce, issuedAt).toString('base64url');
  return `${VERSION}.${name}.${nonce}.${issuedAt}.${signature}`;
}

/**
 * The device's nonce when `value` is a genuine, unexpired device cookie for this (normalised)
 * login; null for anything else (none, forged, expired, another login's).
 */
export function deviceOf(
  secret: string,
  value: string | undefined,
  login: string,
  now = Date.now(),
): string | null {
  if (!value || value.length > 300) return null;
  const [version, name, nonce, issuedAt, signature, ...rest] = value.split('.');
  if (version !== VERSION || rest.length > 0 || !name || !nonce || !issuedAt || !signature) {
    return null;
  }
  if (Buffer.from(name, 'base64url').toString('utf8') !== login) return null;
  const at = parseInt(issuedAt, 36);
  if (!Number.isSafeInteger(at) || at > now + 60_000 || now - at > DEVICE_TTL_MS) return null;
  // Compared as text: a signature in another spelling of the same bytes (base64url's unused low
  // bits of the last character) is not the one this server issued.
  const expected = Buffer.from(mac(secret, login, nonce, issuedAt).toString('base64url'));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return nonce;
}
