import { checkNewPassword } from '../../lib/newPassword';

/**
 * Spec §5 for the login screen. Results are i18n keys of the `common` namespace, so the texts
 * follow the interface language.
 */
export const LOGIN_PASSWORD_MIN_LENGTH = 3;

export interface LoginValues {
  login: string;
  password: string;
}

export interface LoginValidation {
  /** Shown in the message box: 'Введите имя пользователя и пароль'. */
  formError?: string;
  fields: Partial<Record<keyof LoginValues, string>>;
}

export function validateLogin({ login, password }: LoginValues): LoginValidation {
  if (login.trim() === '' || password === '') {
    return {
      formError: 'login.errors.enterCredentials',
      fields: {
        ...(login.trim() === '' ? { login: 'validation.required' } : {}),
        ...(password === '' ? { password: 'validation.required' } : {}),
      },
    };
  }
  if (password.length < LOGIN_PASSWORD_MIN_LENGTH) {
    return { fields: { password: 'login.errors.passwordMin' } };
  }
  return { fields: {} };
}

export interface ChangeValues {
  newlog: string;
  newpas: string;
  newpasconfirm: string;
}

export interface ChangeValidation {
  /** Shown in the message box: the mismatch message (key login.passnotmatch). */
  formError?: string;
  fields: Partial<Record<keyof ChangeValues, string>>;
}

export function validateChange({ newlog, newpas, newpasconfirm }: ChangeValues): ChangeValidation {
  const fields: ChangeValidation['fields'] = {};
  const problems = checkNewPassword(newpas, newpasconfirm);
  if (newlog.trim() === '') fields.newlog = 'validation.required';
  if (problems.newPassword === 'missing') fields.newpas = 'validation.required';
  if (problems.newPassword === 'weak') fields.newpas = 'password.errors.weak';
  if (problems.confirmation === 'missing') fields.newpasconfirm = 'validation.required';
  if (Object.keys(fields).length > 0) return { fields };
  // A confirmation that differs is the message box's, once every field is filled in.
  if (problems.confirmation === 'different') {
    return { formError: 'login.passnotmatch', fields: {} };
  }
  return { fields: {} };
}

export const hasErrors = (result: { formError?: string; fields: object }): boolean =>
  result.formError !== undefined || Object.keys(result.fields).length > 0;
