// A real IndexedDB implementation in memory (jsdom has none): the copy is written and read
// through the same API a browser gives.
import 'fake-indexeddb/auto';
import { userAtom } from '../session/atoms.js';
import { lmsStore } from '../store.js';
import { testStudent, testTeacher } from '../testing/remote.js';
import {
  adoptOfflineCopy,
  clearPersonalCopies,
  keepOfflineCopy,
  offlineCopySettled,
  restoreOfflineCopy,
} from './offline.js';
import { clearServerState, queryClient } from './queryClient.js';

/** Waits until every answer so far is written: the burst's timer and IndexedDB's transactions. */
const settle = offlineCopySettled;

let stop: () => void;
let written: string[];
const put = IDBObjectStore.prototype.put;

beforeEach(() => {
  written = [];
  jest.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
    this: IDBObjectStore,
    value: unknown,
    key?: IDBValidKey,
  ) {
    written.push(String(key));
    return put.call(this, value, key);
  });
  stop = keepOfflineCopy();
});

afterEach(async () => {
  stop();
  jest.restoreAllMocks();
  lmsStore.set(userAtom, null);
  clearServerState();
  await clearPersonalCopies();
});

describe('the offline copy', () => {
  it('keeps each answer the user saw and brings them back, with the user, after a reload', async () => {
    lmsStore.set(userAtom, testStudent);
    queryClient.setQueryData(['schedule', 40], { days: ['Пн'] });
    queryClient.setQueryData(['transcript', 40], { gpa: 3.4 });
    await settle();
    clearServerState();

    expect(await restoreOfflineCopy()).toEqual(testStudent);
    expect(queryClient.getQueryData(['schedule', 40])).toEqual({ days: ['Пн'] });
    expect(queryClient.getQueryData(['transcript', 40])).toEqual({ gpa: 3.4 });
  });

  it('writes only the answers a burst brought, not the whole copy again', async () => {
    lmsStore.set(userAtom, testStudent);
    queryClient.setQueryData(['schedule', 40], { days: ['Пн'] });
    queryClient.setQueryData(['transcript', 40], { gpa: 3.4 });
    await settle();
    written = [];
    queryClient.setQueryData(['chat', 'count', 40], 2);
    await settle();
    expect(written.filter((key) => key.startsWith('q:'))).toEqual([
      `q:${JSON.stringify(['chat', 'count', 40])}`,
    ]);
    clearServerState();
    await restoreOfflineCopy();
    expect(queryClient.getQueryData(['schedule', 40])).toEqual({ days: ['Пн'] });
    expect(queryClient.getQueryData(['chat', 'count', 40])).toBe(2);
  });

  it("never mixes two people's answers: another user's save or sign-in drops the first one's", async () => {
    lmsStore.set(userAtom, testStudent);
    queryClient.setQueryData(['marks', 40], { mark: 5 });
    await settle();
    clearServerState();

    lmsStore.set(userAtom, testTeacher);
    queryClient.setQueryData(['journal', 7], { lessons: 3 });
    await settle();
    clearServerState();
    expect(await restoreOfflineCopy()).toEqual(testTeacher);
    expect(queryClient.getQueryData(['marks', 40])).toBeUndefined();
    expect(queryClient.getQueryData(['journal', 7])).toEqual({ lessons: 3 });

    // The student signs in again on this browser: the teacher's copy goes.
    await adoptOfflineCopy(testStudent);
    clearServerState();
    expect(await restoreOfflineCopy()).toBeNull();
  });

  it('keeps nothing a query asks not to keep, and nothing older than two weeks', async () => {
    lmsStore.set(userAtom, testStudent);
    await queryClient.fetchQuery({
      queryKey: ['payment', 'code'],
      queryFn: () => ({ code: '124' }),
      meta: { offline: false },
    });
    queryClient.setQueryData(['news', 1], { items: [] }, { updatedAt: Date.now() - 15 * 86_400_000 });
    queryClient.setQueryData(['news', 2], { items: ['Каникулы'] });
    await settle();
    clearServerState();
    await restoreOfflineCopy();
    expect(queryClient.getQueryData(['payment', 'code'])).toBeUndefined();
    expect(queryClient.getQueryData(['news', 1])).toBeUndefined();
    expect(queryClient.getQueryData(['news', 2])).toEqual({ items: ['Каникулы'] });
  });

  it('sign-out deletes the copy', async () => {
    lmsStore.set(userAtom, testStudent);
    queryClient.setQueryData(['schedule', 40], { days: ['Пн'] });
    await settle();
    await clearPersonalCopies();
    expect(await restoreOfflineCopy()).toBeNull();
  });
});
