import { ROLE } from '@lms/shared';
import { DEFAULT_PREFERENCES, PUSH_KIND_ORDER, pushKindsFor } from './push';

describe('the push kinds the profile offers', () => {
  it('offers a teacher what a teacher is sent: chat, news and their statements', () => {
    expect(pushKindsFor(ROLE.teacher)).toEqual(['chat', 'news', 'teaching']);
  });

  it('offers a student what a student is sent, and no teacher’s kind', () => {
    expect(pushKindsFor(ROLE.student)).toEqual([
      'chat',
      'orders',
      'marks',
      'news',
      'waitlist',
      'schedule',
    ]);
  });

  it('offers every kind to one role or the other, in the profile’s order', () => {
    const offered = new Set([...pushKindsFor(ROLE.student), ...pushKindsFor(ROLE.teacher)]);
    expect(PUSH_KIND_ORDER.filter((kind) => offered.has(kind))).toEqual(PUSH_KIND_ORDER);
  });

  it('a new device wants every kind, the statements too', () => {
    expect(DEFAULT_PREFERENCES.teaching).toBe(true);
  });
});
