// What marking a webinar's joiners in the journal decides: when it may, which lesson type, and
// which schedule period the journal lesson is in.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { journalLessonType, journalRefusal, periodOf } from '../../src/areas/webinars/rules.js';

const PERIODS = [
  { id: 2, start: '09:30', end: '10:50' },
  { id: 1, start: '08:00', end: '09:20' },
  { id: 3, start: '11:00', end: '12:20' },
];

describe('webinar journal rules', () => {
  test('refused before it opens, when cancelled, with nobody joined, without a lesson type', () => {
    const ok = { state: 'open', joined: 2, lessonTypeId: 1 } as const;
    assert.equal(journalRefusal(ok), null);
    assert.equal(journalRefusal({ ...ok, state: 'over' }), null);
    assert.equal(journalRefusal({ ...ok, state: 'scheduled' }), 'journalNotYet');
    assert.equal(journalRefusal({ ...ok, state: 'cancelled', joined: 0 }), 'cancelled');
    assert.equal(journalRefusal({ ...ok, joined: 0 }), 'noneJoined');
    assert.equal(journalRefusal({ ...ok, lessonTypeId: null }), 'noLessonType');
  });

  test('the lecture when the teacher gives it, else the first type given, else none', () => {
    assert.equal(journalLessonType([3, 1, 2]), 1);
    assert.equal(journalLessonType([3, 2]), 2);
    assert.equal(journalLessonType([]), null);
  });

  test('the period containing the start, else the last begun before it, else the first', () => {
    assert.equal(periodOf('09:30', PERIODS)?.id, 2);
    assert.equal(periodOf('10:49', PERIODS)?.id, 2);
    assert.equal(periodOf('10:50', PERIODS)?.id, 2, 'the break after a period: that period');
    assert.equal(periodOf('11:00', PERIODS)?.id, 3);
    assert.equal(periodOf('19:00', PERIODS)?.id, 3);
    assert.equal(periodOf('07:00', PERIODS)?.id, 1);
    assert.equal(periodOf('10:00', []), undefined);
  });
});
