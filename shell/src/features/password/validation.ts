import { checkNewPassword } from '../../lib/newPassword';

/**
 * The password change: the old password is required; the new one follows the portal's one policy
 * for new passwords and the confirmation repeats it (`checkNewPassword`, as in the first-login
 * change; the server enforces the policy too).
 */
export interface PasswordChangeValues {
  password: string;
  newPassword: string;
  confirmation: string;
}

/** i18n keys (namespace common) per field; empty when the values may be sent. */
export type PasswordChangeErrors = Partial<Record<keyof PasswordChangeValues, string>>;

export function validatePasswordChange({
  password,
  newPassword,
  confirmation,
}: PasswordChangeValues): PasswordChangeErrors {
  const errors: PasswordChangeErrors = {};
  const problems = checkNewPassword(newPassword, confirmation);
  if (password === '') errors.password = 'password.errors.oldRequired';
  // An empty new password is told the policy too.
  if (problems.newPassword) errors.newPassword = 'password.errors.weak';
  if (problems.confirmation === 'missing') errors.confirmation = 'password.errors.confirmRequired';
  if (problems.confirmation === 'different') errors.confirmation = 'password.errors.mismatch';
  return errors;
}
