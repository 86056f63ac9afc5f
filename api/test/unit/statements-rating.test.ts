import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DEFAULT_GRADING_SCALE } from '../../src/lib/documents/grading.js';
import { averagesOf, placeIn } from '../../src/areas/statements/rating-rules.js';

describe('rating rules', () => {
  // A hand-made cohort: two share the top, one below them, one failing, one without grades.
  const grades = [
    { studentId: 1, credits: 4, score: 90 }, // A 4.0
    { studentId: 2, credits: 2, score: 95 }, // A 4.0
    { studentId: 2, credits: 2, score: 88 }, // A 4.0
    { studentId: 3, credits: 3, score: 82 }, // B 3.33
    { studentId: 3, credits: 1, score: 90 }, // A 4.0 → (9.99 + 4) / 4 = 3.50
    { studentId: 4, credits: 5, score: 40 }, // FX 0
  ];
  const averages = averagesOf(grades, DEFAULT_GRADING_SCALE);
  const cohort = [1, 2, 3, 4, 5];

  test('the credit-weighted average of grade points, as the transcript counts it', () => {
    assert.equal(averages.get(1), 4);
    assert.equal(averages.get(2), 4);
    assert.equal(averages.get(3), 3.5);
    assert.equal(averages.get(4), 0);
    assert.equal(averages.has(5), false);
  });

  test('ties share a place, the next place skips; the percentile is the share below', () => {
    assert.deepEqual(placeIn(averages, cohort, 1), { place: 1, of: 4, percentile: 50 });
    assert.deepEqual(placeIn(averages, cohort, 2), { place: 1, of: 4, percentile: 50 });
    assert.deepEqual(placeIn(averages, cohort, 3), { place: 3, of: 4, percentile: 25 });
    assert.deepEqual(placeIn(averages, cohort, 4), { place: 4, of: 4, percentile: 0 });
    assert.equal(placeIn(averages, cohort, 5), null);
    // A cohort of one: first, nobody below.
    assert.deepEqual(placeIn(averages, [3], 3), { place: 1, of: 1, percentile: 0 });
  });
});
