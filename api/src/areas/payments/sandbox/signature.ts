import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header carrying `t=<epoch ms>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export const SIGNATURE_HEADER = 'x-paysandbox-signature';
/** A notification older (or newer) than this is refused even with a right signature. */
export const SIGNATURE_TOLERANCE_MS = 5 * 60 * 1000;

function hmac(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

export function signNotification(secret: string, body: string, timestamp: number): string {
  return `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;
}

export function checkSignature(
  secret: string,
  header: string | undefined,
  body: string,
  now: number,
): { ok: true } | { ok: false; reason: string } {
  if (!header) return { ok: false, reason: 'signature missing' };
  const match = /^t=(\d{1,15}),v1=([0-9a-f]{64})$/.exec(header);
  if (!match) return { ok: false, reason: 'signature malformed' };
  const timestamp = Number(match[1]);
  if (Math.abs(now - timestamp) > SIGNATURE_TOLERANCE_MS) {
    return { ok: false, reason: 'signature too old' };
  }
  const expected = Buffer.from(hmac(secret, timestamp, body), 'hex');
  const given = Buffer.from(match[2] ?? '', 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, reason: 'signature mismatch' };
  }
  return { ok: true };
}
