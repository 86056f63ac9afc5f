import { isStrongPassword } from '@lms/shared';

/**
 * The password change: the old password is required; the new one follows the portal's one policy
 * for new passwords (`isStrongPassword`, the same as the first-login change; the server enforces
 * it too); the confirmation repeats it.
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
  if (password === '') errors.password = 'password.errors.oldRequired';
  if (!isStrongPassword(newPassword)) errors.newPassword = 'password.errors.weak';
  if (confirmation === '') {
    errors.confirmation = 'password.errors.confirmRequired';
  } else if (confirmation !== newPassword) {
    errors.confirmation = 'password.errors.mismatch';
  }
  return errors;
}
