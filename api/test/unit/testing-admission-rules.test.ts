import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { TESTING_ADMISSION_RETRY_MAX_MS } from '@lms/shared/contract';
import {
  monitorState,
  retryAfterMs,
  slotIntervalMs,
} from '../../src/areas/testing/admission-rules.js';

describe('testing admission rules', () => {
  test('the interval between admissions never exceeds the rate', () => {
    assert.equal(slotIntervalMs(50), 20);
    assert.equal(slotIntervalMs(3), 334);
    assert.equal(slotIntervalMs(5000), 1);
  });

  test('a waiting student asks again at the slot when near, else after half the wait', () => {
    assert.equal(retryAfterMs(1000, 1000), 0);
    assert.equal(retryAfterMs(1500, 1000), 500);
    assert.equal(retryAfterMs(4000, 1000), 2000);
    assert.equal(retryAfterMs(11_000, 1000), 5000);
    assert.equal(retryAfterMs(1_000_000, 0), TESTING_ADMISSION_RETRY_MAX_MS);
  });

  test('the monitor’s state: taking, waiting, admitted, finished, absent; online within the threshold', () => {
    const base = { now: 100_000, slotAt: null, seenAt: null, offlineAfterMs: 60_000 };
    const attempt = { open: true, deadline: 200_000, lastContactAt: 50_000 };
    assert.deepEqual(monitorState({ ...base, attempt }), {
      state: 'taking',
      lastContactAt: 50_000,
      online: true,
    });
    assert.equal(
      monitorState({ ...base, attempt: { ...attempt, lastContactAt: 40_000 } }).online,
      false,
    );
    assert.equal(
      monitorState({ ...base, attempt: { ...attempt, deadline: 90_000 } }).state,
      'finished',
    );
    const waiting = monitorState({ ...base, attempt: null, slotAt: 120_000, seenAt: 99_000 });
    assert.deepEqual(waiting, { state: 'waiting', lastContactAt: 99_000, online: true });
    assert.equal(monitorState({ ...base, attempt: null, slotAt: 90_000 }).state, 'admitted');
    assert.deepEqual(monitorState({ ...base, attempt: null }), {
      state: 'absent',
      lastContactAt: null,
      online: false,
    });
  });
});
