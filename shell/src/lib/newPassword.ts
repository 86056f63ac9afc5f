import { isStrongPassword } from '@lms/shared';

/**
 * What is wrong with a new password and its confirmation, before a form words it. The first
 * sign-in's change and the profile's password change word it each their own way (spec §5) but
 * check the same: the portal's one policy for new passwords (`isStrongPassword`, which the
 * server enforces too) and a confirmation that repeats the password.
 */
export interface NewPasswordProblems {
  newPassword?: 'missing' | 'weak';
  confirmation?: 'missing' | 'different';
}

export function checkNewPassword(newPassword: string, confirmation: string): NewPasswordProblems {
  const problems: NewPasswordProblems = {};
  if (newPassword === '') problems.newPassword = 'missing';
  else if (!isStrongPassword(newPassword)) problems.newPassword = 'weak';
  if (confirmation === '') problems.confirmation = 'missing';
  else if (confirmation !== newPassword) problems.confirmation = 'different';
  return problems;
}
