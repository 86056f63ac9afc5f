import { validatePasswordChange } from './validation';

describe('password change rules (spec §5)', () => {
  it('requires the old password', () => {
    expect(
      validatePasswordChange({ password: '', newPassword: 'abcd', confirmation: 'abcd' }),
    ).toEqual({ password: 'password.errors.oldRequired' });
  });

  it('wants a new password and a confirmation of at least 4 characters', () => {
    expect(
      validatePasswordChange({ password: 'old', newPassword: 'abc', confirmation: 'abc' }),
    ).toEqual({
      newPassword: 'password.errors.newMin',
      confirmation: 'password.errors.confirmMin',
    });
  });

  it('wants the confirmation equal to the new password', () => {
    expect(
      validatePasswordChange({ password: 'old', newPassword: 'abcd', confirmation: 'abce' }),
    ).toEqual({ confirmation: 'password.errors.mismatch' });
    expect(
      validatePasswordChange({ password: 'old', newPassword: 'abcd', confirmation: 'abcd' }),
    ).toEqual({});
  });
});
