import { createHmac, timingSafeEqual } from 'node:crypto';

/** Where a document's QR leads: the public page that says whether it is genuine. */
export const VERIFY_PATH = '/lms/verify';

/**
 * A document's verification id: `<document id>-<HMAC>`: the id alone cannot be guessed into
 * another document's, and a changed id or signature is refused. Revocation is the document's
 * row, so a signed id can be withdrawn.
 */
export function signDocumentId(
  secret: string,
  id: number,
  kind: SignedKind = 'issued-document',
): string {
  return `${id}-${mac(secret, id, kind)}`;
}

/**
 * What a verification id names: an issued document, or a statement (its own ids, so one kind's
 * id never verifies as the other's).
 */
export type SignedKind = 'issued-document' | 'statement';

/** The document id a verification id names, or null when it is malformed or not ours. */
export function verifyDocumentId(
  secret: string,
  token: string,
  kind: SignedKind = 'issued-document',
): number | null {
  const match = /^([1-9][0-9]{0,9})-([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  const expected = Buffer.from(mac(secret, id, kind));
  const given = Buffer.from(match[2] ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

function mac(secret: string, id: number, kind: SignedKind): string {
  // 128 bits of the HMAC are plenty for a QR that must stay small.
  return createHmac('sha256', secret)
    .update(`${kind}:${id}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}
