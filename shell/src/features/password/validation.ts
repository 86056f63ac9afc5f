/** Spec §5 password change: old required; new ≥ 4; confirmation ≥ 4 and equal to the new one. */
export const NEW_PASSWORD_MIN_LENGTH = 4;

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
  if (newPassword.length < NEW_PASSWORD_MIN_LENGTH) errors.newPassword = 'password.errors.newMin';
  if (confirmation.length < NEW_PASSWORD_MIN_LENGTH) {
    errors.confirmation = 'password.errors.confirmMin';
  } else if (confirmation !== newPassword) {
    errors.confirmation = 'password.errors.mismatch';
  }
  return errors;
}
