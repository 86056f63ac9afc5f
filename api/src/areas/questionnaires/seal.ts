import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// An answer waiting for its batch is kept in the database encrypted (AES-256-GCM) with a key
// that lives outside it (<dataDir>/questionnaire-key): the rows written in the student's own
// transaction say nothing of what they answered (docs/security.md "Course evaluations").

/** A random id of an answer row: 128 bits, hex. */
export function randomId(): string {
  return randomBytes(16).toString('hex');
}

export function seal(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

export function unseal(key: Buffer, sealed: string): string {
  const bytes = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}
