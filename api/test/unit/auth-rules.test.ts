// The auth area's rules, without a database: logins, passwords, the minutes to wait.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  hasCredentials,
  isStrongPassword,
  minutesToWait,
  newCredentialsRefusal,
  newPasswordRefusal,
  normalizeLogin,
} from '../../src/areas/auth/rules.js';

describe('auth rules', () => {
  test('a login is compared trimmed and in lower case', () => {
    assert.equal(normalizeLogin('  Student.One '), 'student.one');
  });

  test('credentials need a login that is not blank and a password', () => {
    assert.equal(hasCredentials('student', 'x'), true);
    assert.equal(hasCredentials('   ', 'x'), false);
    assert.equal(hasCredentials('student', ''), false);
  });

  test('a strong password has 6 characters, a digit, an uppercase and a lowercase letter', () => {
    assert.equal(isStrongPassword('Adilet2026'), true);
    assert.equal(isStrongPassword('Ab1cde'), true);
    assert.equal(isStrongPassword('Ab1cd'), false, 'too short');
    assert.equal(isStrongPassword('adilet2026'), false, 'no uppercase');
    assert.equal(isStrongPassword('ADILET2026'), false, 'no lowercase');
    assert.equal(isStrongPassword('AdiletAdilet'), false, 'no digit');
    assert.equal(isStrongPassword('Әдилет2026'), true, 'letters of any alphabet count');
  });

  test('the first-login change refuses a bad login, a weak or the same password, in that order', () => {
    assert.equal(newCredentialsRefusal('12345', 'adilet', 'Adilet2026'), null);
    assert.equal(newCredentialsRefusal('12345', ' Adilet.T ', 'Adilet2026'), null, 'normalised');
    assert.equal(newCredentialsRefusal('12345', 'a b', 'Adilet2026'), 'badLogin');
    assert.equal(newCredentialsRefusal('12345', 'ab', 'Adilet2026'), 'badLogin', 'too short');
    assert.equal(newCredentialsRefusal('12345', 'a'.repeat(51), 'Adilet2026'), 'badLogin');
    assert.equal(newCredentialsRefusal('12345', 'адилет', 'Adilet2026'), 'badLogin', 'Latin only');
    assert.equal(newCredentialsRefusal('12345', 'a b', 'weak'), 'badLogin', 'login first');
    assert.equal(newCredentialsRefusal('12345', 'adilet', 'Sh0rt'), 'weakPassword');
    assert.equal(newCredentialsRefusal('Adilet2026', 'adilet', 'Adilet2026'), 'samePassword');
  });

  test('a changed password follows the same policy as the first-login change', () => {
    assert.equal(newPasswordRefusal('Teacher1', 'abcd'), 'weakPassword', 'too short');
    assert.equal(
      newPasswordRefusal('Teacher1', 'abcdefgh'),
      'weakPassword',
      'no digit, no capital',
    );
    assert.equal(newPasswordRefusal('Teacher1', 'ABCDEFG1'), 'weakPassword', 'no lower case');
    assert.equal(newPasswordRefusal('Teacher1', 'Sh0rt'), 'weakPassword', 'five characters');
    assert.equal(newPasswordRefusal('Teacher1', 'Teacher1'), 'samePassword');
    assert.equal(newPasswordRefusal('Teacher1', 'Teache2'), null);
    assert.equal(newPasswordRefusal('Teacher1', 'Ёлка12'), null, 'Cyrillic letters count');
  });

  test('the wait is told in whole minutes, at least one', () => {
    assert.equal(minutesToWait(1), 1);
    assert.equal(minutesToWait(60_000), 1);
    assert.equal(minutesToWait(60_001), 2);
    assert.equal(minutesToWait(15 * 60_000), 15);
  });
});
