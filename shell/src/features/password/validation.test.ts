import { validatePasswordChange } from './validation';

describe('password change rules', () => {
  it('requires the old password', () => {
    expect(
      validatePasswordChange({ password: '', newPassword: 'Secret1', confirmation: 'Secret1' }),
    ).toEqual({ password: 'password.errors.oldRequired' });
  });

  it('wants the new password to follow the one policy, as the first-login change does', () => {
    for (const weak of ['abc', 'abcd', 'secret1', 'SECRET1', 'Secret', 'Sec1']) {
      expect(
        validatePasswordChange({ password: 'old', newPassword: weak, confirmation: weak }),
      ).toEqual({ newPassword: 'password.errors.weak' });
    }
  });

  it('wants the confirmation, equal to the new password', () => {
    expect(
      validatePasswordChange({ password: 'old', newPassword: 'Secret1', confirmation: '' }),
    ).toEqual({ confirmation: 'password.errors.confirmRequired' });
    expect(
      validatePasswordChange({ password: 'old', newPassword: 'Secret1', confirmation: 'Secret2' }),
    ).toEqual({ confirmation: 'password.errors.mismatch' });
    expect(
      validatePasswordChange({ password: 'old', newPassword: 'Secret1', confirmation: 'Secret1' }),
    ).toEqual({});
  });
});
