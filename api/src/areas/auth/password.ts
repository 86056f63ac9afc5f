import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEY_LENGTH = 32;
const DEFAULT_COST = 16384;

function scryptAsync(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, { ...options, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/**
 * The scrypt cost N. LMS_PASSWORD_COST exists only so the test suite can seed its many accounts
 * quickly; production keeps the default. Stored hashes carry their own parameters, so a cost
 * change never breaks existing passwords.
 */
export function passwordCost(): number {
  const fromEnv = Number(process.env.LMS_PASSWORD_COST);
  return Number.isInteger(fromEnv) && fromEnv >= 2 && (fromEnv & (fromEnv - 1)) === 0
    ? fromEnv
    : DEFAULT_COST;
}

/** Returns `scrypt$N$r$p$salt$hash` (salt and hash base64). */
export async function hashPassword(password: string, cost = passwordCost()): Promise<string> {
  const salt = randomBytes(16);
  const r = 8;
  const p = 1;
  const key = await scryptAsync(password, salt, { N: cost, r, p });
  return ['scrypt', cost, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** True when a stored hash is cheaper than the current cost: it is upgraded at the next sign-in. */
export function needsRehash(stored: string, cost = passwordCost()): boolean {
  const [scheme, n] = stored.split('$');
  return scheme !== 'scrypt' || Number(n) < cost;
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check, so an unknown login cannot be told from a wrong password
 * by the response time.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy-password');
  await verifyPassword(password, await dummyHash);
  return false;
}
