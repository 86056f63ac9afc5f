import { ROLE } from '@lms/shared';
import {
  needsFullRefresh,
  readStored,
  storageKey,
  writeStored,
  type StoredSchedule,
} from './storage';

const stored = (date: number): StoredSchedule => ({
  uid: 7,
  role: ROLE.student,
  year: 26,
  ws: 1,
  date,
  version: 'v1',
  days: [],
});

describe('the stored schedule', () => {
  afterEach(() => localStorage.clear());

  it('is kept per user, year and semester', () => {
    writeStored(stored(1));
    expect(readStored(7, 26, 1)?.version).toBe('v1');
    expect(readStored(7, 26, 2)).toBeNull();
    expect(readStored(8, 26, 1)).toBeNull();
  });

  it('ignores a value of the wrong shape', () => {
    localStorage.setItem(storageKey(7, 26, 1), '{"uid":7,"days":"x"}');
    expect(readStored(7, 26, 1)).toBeNull();
    localStorage.setItem(storageKey(7, 26, 1), 'not json');
    expect(readStored(7, 26, 1)).toBeNull();
  });

  it('is downloaded in full only at the weekend when a week old (spec §4)', () => {
    const saturday = new Date(2026, 10, 21, 12);
    const wednesday = new Date(2026, 10, 18, 12);
    const weekAgo = saturday.getTime() - 604_800_000;
    expect(needsFullRefresh(null, wednesday)).toBe(true);
    expect(needsFullRefresh(stored(weekAgo), saturday)).toBe(true);
    expect(needsFullRefresh(stored(weekAgo + 1), saturday)).toBe(false);
    expect(needsFullRefresh(stored(0), wednesday)).toBe(false);
  });
});
