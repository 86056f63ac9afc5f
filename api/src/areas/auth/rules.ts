/**
 * The auth area's rules: pure decisions on logins and passwords (no database, no Fastify). Each
 * answers null when the input passes, else the code of its refusal in `messages.ts`.
 */

/** A login: 3 to 50 Latin letters, digits and `. _ -`, compared in lower case. */
export const LOGIN_PATTERN = /^[a-z0-9._-]{3,50}$/;

import { isStrongPassword } from '@lms/shared/contract';

export { isStrongPassword };

/** The login as it is stored and compared: trimmed, lower case. */
export function normalizeLogin(login: string): string {
  return login.trim().toLowerCase();
}

/** Both a login and a password were given (a login of blanks is none). */
export function hasCredentials(login: string, password: string): boolean {
  return normalizeLogin(login) !== '' && password !== '';
}

export type NewCredentialsRefusal = 'badLogin' | 'weakPassword' | 'samePassword';

/**
 * The first-login change (spec §4): the new login must fit the pattern, the new password must be
 * strong and differ from the current one. Checked in that order, the first failure answers.
 */
export function newCredentialsRefusal(
  oldPassword: string,
  newLogin: string,
  newPassword: string,
): NewCredentialsRefusal | null {
  if (!LOGIN_PATTERN.test(normalizeLogin(newLogin))) return 'badLogin';
  if (!isStrongPassword(newPassword)) return 'weakPassword';
  if (newPassword === oldPassword) return 'samePassword';
  return null;
}

/**
 * The password change of a signed-in user: the same policy as the first-login change (one rule
 * for every new password, `isStrongPassword`), and a password other than the current one.
 */
export function newPasswordRefusal(
  oldPassword: string,
  newPassword: string,
): 'weakPassword' | 'samePassword' | null {
  if (!isStrongPassword(newPassword)) return 'weakPassword';
  if (newPassword === oldPassword) return 'samePassword';
  return null;
}

/** The whole minutes a throttled caller is told to wait (at least one). */
export function minutesToWait(retryAfterMs: number): number {
  return Math.max(1, Math.ceil(retryAfterMs / 60000));
}
