/**
 * The auth area's rules: pure decisions on logins and passwords (no database, no Fastify). Each
 * answers null when the input passes, else the code of its refusal in `messages.ts`.
 */

/** A login: 3 to 50 Latin letters, digits and `. _ -`, compared in lower case. */
export const LOGIN_PATTERN = /^[a-z0-9._-]{3,50}$/;

/** Spec §5: the password-change form asks for at least 4 characters. */
export const MIN_NEW_PASSWORD = 4;

/** The login as it is stored and compared: trimmed, lower case. */
export function normalizeLogin(login: string): string {
  return login.trim().toLowerCase();
}

/** Rule shown by the login form: ≥ 6 characters with a digit, an uppercase and a lowercase letter. */
export function isStrongPassword(password: string): boolean {
  return (
    password.length >= 6 &&
    /\d/.test(password) &&
    /\p{Lu}/u.test(password) &&
    /\p{Ll}/u.test(password)
  );
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

/** The password change of a signed-in user (spec §5): only its length is asked for. */
export function newPasswordRefusal(newPassword: string): 'tooShort' | null {
  return newPassword.length < MIN_NEW_PASSWORD ? 'tooShort' : null;
}

/** The whole minutes a throttled caller is told to wait (at least one). */
export function minutesToWait(retryAfterMs: number): number {
  return Math.max(1, Math.ceil(retryAfterMs / 60000));
}
