import { blocksOf } from './blocking';

const open = {
  opensAt: '2026-11-09T06:00:00.000Z',
  closesAt: '2026-12-31T06:00:00.000Z',
  open: true,
  electives: true,
};
const hold = { kind: 'manual' as const, text: 'Регистрация заблокирована регистратором: книги' };
const appointment = { opensAt: '2027-01-15T03:00:00.000Z', open: false, course: 3 };

describe('blocksOf', () => {
  it('lets an open window with no hold and no appointment be filled in', () => {
    expect(blocksOf(open, { holds: [], appointment: null }, true)).toEqual([]);
    // The lists not loaded yet: the window alone decides.
    expect(blocksOf(open, undefined, true)).toEqual([]);
  });

  it('says every reason, in the order the server refuses a save', () => {
    const closed = { ...open, open: false };
    expect(blocksOf(closed, { holds: [hold], appointment }, false)).toEqual([
      { kind: 'hold', hold },
      { kind: 'window', window: closed },
      { kind: 'slot', opensAt: appointment.opensAt, course: 3 },
    ]);
    expect(blocksOf(null, undefined, true)).toEqual([{ kind: 'window', window: null }]);
  });

  it('lifts the appointment once the server’s clock reaches it', () => {
    expect(blocksOf(open, { holds: [], appointment }, false)).toHaveLength(1);
    expect(blocksOf(open, { holds: [], appointment }, true)).toEqual([]);
  });
});
