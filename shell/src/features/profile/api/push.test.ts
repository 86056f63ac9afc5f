import { ROLE } from '@lms/shared';
import { DEFAULT_PREFERENCES, PUSH_KIND_ORDER, pushKindsFor } from './push';

describe('the push kinds the profile offers', () => {
  it('offers a teacher every kind, their statements among them', () => {
    expect(pushKindsFor(ROLE.teacher)).toEqual(PUSH_KIND_ORDER);
    expect(pushKindsFor(ROLE.teacher)).toContain('teaching');
  });

  it('offers a student no teacher’s kind', () => {
    expect(pushKindsFor(ROLE.student)).not.toContain('teaching');
    expect(pushKindsFor(ROLE.student)).toContain('marks');
  });

  it('a new device wants every kind, the statements too', () => {
    expect(DEFAULT_PREFERENCES.teaching).toBe(true);
  });
});
