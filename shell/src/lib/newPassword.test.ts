import { checkNewPassword } from './newPassword';

describe('a new password and its confirmation', () => {
  it('are both wanted', () => {
    expect(checkNewPassword('', '')).toEqual({ newPassword: 'missing', confirmation: 'missing' });
  });

  it('follow the one policy for new passwords', () => {
    for (const weak of ['abc', 'secret1', 'SECRET1', 'Secret', 'Sec1']) {
      expect(checkNewPassword(weak, weak)).toEqual({ newPassword: 'weak' });
    }
    expect(checkNewPassword('Secret1', 'Secret1')).toEqual({});
  });

  it('repeat each other exactly, whatever the password is worth', () => {
    expect(checkNewPassword('Secret1', 'secret1')).toEqual({ confirmation: 'different' });
    expect(checkNewPassword('abc', 'abd')).toEqual({
      newPassword: 'weak',
      confirmation: 'different',
    });
  });
});
