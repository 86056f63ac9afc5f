import { act, renderHook } from '@testing-library/react';
import { http, TESTING_API } from '@lms/shared';
import { ok, stubApi, type StubbedApi } from '@lms/shared/testing';
import { attemptView } from '../../testing/fakeTesting';
import { contactAgeMs, noteContact } from './outbox/answers';
import { HEARTBEAT_MS, useHeartbeat } from './useHeartbeat';

let api: StubbedApi;

beforeEach(() => {
  jest.useFakeTimers();
  api = stubApi(http, { [TESTING_API.attempt.path]: ok(attemptView({ attemptId: 41 })) });
});

afterEach(() => {
  api.restore();
  jest.useRealTimers();
});

describe('useHeartbeat', () => {
  it('asks the attempt when the server has not heard from the device for 30 s, not before', async () => {
    noteContact(41, Date.now());
    const { unmount } = renderHook(() => useHeartbeat(41, true));
    await act(async () => {
      jest.advanceTimersByTime(HEARTBEAT_MS / 2);
    });
    expect(api.bodiesOf(TESTING_API.attempt)).toEqual([]);
    await act(async () => {
      jest.advanceTimersByTime(HEARTBEAT_MS);
    });
    expect(api.bodiesOf(TESTING_API.attempt)).toEqual([{ attemptId: 41 }]);
    await act(async () => {
      await jest.runOnlyPendingTimersAsync();
    });
    expect(contactAgeMs(41)).toBeLessThan(HEARTBEAT_MS);
    unmount();
  });

  it('sends nothing for a closed attempt', async () => {
    renderHook(() => useHeartbeat(42, false));
    await act(async () => {
      jest.advanceTimersByTime(3 * HEARTBEAT_MS);
    });
    expect(api.bodiesOf(TESTING_API.attempt)).toEqual([]);
  });
});
