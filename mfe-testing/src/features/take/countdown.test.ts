import { clock, moved, remainingMs } from './countdown';

describe('countdown', () => {
  it('counts from the server’s clock, not the device’s', () => {
    // The phone's clock is an hour off: only the time passed on it since the answer counts.
    const deviceNow = 5_000_000;
    expect(remainingMs(10 * 60_000, 0, deviceNow, deviceNow + 60_000)).toBe(9 * 60_000);
    expect(remainingMs(1000, 0, 0, 5000)).toBe(0);
  });

  it('writes minutes and seconds', () => {
    expect(clock(65_000)).toBe('01:05');
    expect(clock(3_600_000 + 1000)).toBe('1:00:01');
  });

  it('moves an item up or down, never off either end', () => {
    expect(moved(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});
