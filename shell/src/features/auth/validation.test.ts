import { hasErrors, validateChange, validateLogin } from './validation';

describe('login form rules (spec §5)', () => {
  it('requires login and password, with the form-level message', () => {
    expect(validateLogin({ login: '', password: '' })).toEqual({
      formError: 'login.errors.enterCredentials',
      fields: { login: 'validation.required', password: 'validation.required' },
    });
    expect(validateLogin({ login: '   ', password: 'abc' }).formError).toBe(
      'login.errors.enterCredentials',
    );
  });

  it('wants at least 3 characters of password', () => {
    expect(validateLogin({ login: 'student', password: 'ab' })).toEqual({
      fields: { password: 'login.errors.passwordMin' },
    });
    expect(hasErrors(validateLogin({ login: 'student', password: 'abc' }))).toBe(false);
  });
});

describe('credential change rules (spec §5)', () => {
  it('requires the new login, the new password and the confirmation', () => {
    expect(validateChange({ newlog: '', newpas: '', newpasconfirm: '' }).fields).toEqual({
      newlog: 'validation.required',
      newpas: 'validation.required',
      newpasconfirm: 'validation.required',
    });
  });

  it('wants the new password to follow the one policy for new passwords', () => {
    expect(validateChange({ newlog: 'a', newpas: 'secret1', newpasconfirm: 'secret1' })).toEqual({
      fields: { newpas: 'password.errors.weak' },
    });
  });

  it('refuses a confirmation that differs, with the login.passnotmatch message', () => {
    expect(validateChange({ newlog: 'a', newpas: 'Secret1', newpasconfirm: 'Secret2' })).toEqual({
      formError: 'login.passnotmatch',
      fields: {},
    });
    expect(
      hasErrors(validateChange({ newlog: 'a', newpas: 'Secret1', newpasconfirm: 'Secret1' })),
    ).toBe(false);
  });
});
