import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  answerRefusal,
  authoredQuestion,
  autoGrade,
  countingAttempt,
  deadlineOf,
  feedbackFor,
  replaces,
  reviewShows,
  scoreOf,
  startRefusal,
  type QuestionKey,
} from '../../src/areas/testing/rules.js';

let n = 0;
const newId = () => `id${n++}`;
const keyOf = (made: ReturnType<typeof authoredQuestion>): QuestionKey => {
  assert.ok('key' in made, JSON.stringify(made));
  return made.key;
};

describe('testing rules', () => {
  test('a question is refused with the reason its teacher should hear', () => {
    const base = { text: 'Q', points: 1 } as const;
    assert.deepEqual(
      authoredQuestion({ ...base, kind: 'single', options: [{ text: 'a' }] }, newId),
      {
        refusal: 'tooFewOptions',
      },
    );
    assert.deepEqual(
      authoredQuestion({ ...base, kind: 'single', options: [{ text: 'a' }, { text: 'b' }] }, newId),
      { refusal: 'noCorrectOption' },
    );
    assert.deepEqual(
      authoredQuestion(
        {
          ...base,
          kind: 'single',
          options: [
            { text: 'a', correct: true },
            { text: 'b', correct: true },
          ],
        },
        newId,
      ),
      { refusal: 'oneCorrectOption' },
    );
    assert.deepEqual(authoredQuestion({ ...base, kind: 'short', variants: [' '] }, newId), {
      refusal: 'noVariants',
    });
    assert.deepEqual(authoredQuestion({ ...base, kind: 'numeric' }, newId), {
      refusal: 'noNumber',
    });
    assert.deepEqual(authoredQuestion({ ...base, kind: 'truefalse' }, newId), {
      refusal: 'noTruth',
    });
    assert.deepEqual(
      authoredQuestion(
        { ...base, kind: 'matching', options: [{ text: 'a', match: 'x' }, { text: 'b' }] },
        newId,
      ),
      { refusal: 'noMatch' },
    );
    assert.deepEqual(authoredQuestion({ ...base, kind: 'essay', text: '  ' }, newId), {
      refusal: 'blankText',
    });
  });

  test('each kind is graded by its key; an essay waits for the teacher', () => {
    const single = keyOf(
      authoredQuestion(
        {
          kind: 'single',
          text: 'Q',
          points: 2,
          options: [{ text: 'a', correct: true }, { text: 'b' }],
        },
        newId,
      ),
    );
    assert.ok(single.kind === 'single');
    assert.equal(autoGrade(single, { choice: single.correct }, 2), 2);
    assert.equal(autoGrade(single, { choice: ['nope'] }, 2), 0);
    assert.equal(autoGrade(single, null, 2), 0);
    const multiple: QuestionKey = { kind: 'multiple', correct: ['a', 'b'] };
    assert.equal(autoGrade(multiple, { choice: ['a', 'b'] }, 2), 2);
    assert.equal(autoGrade(multiple, { choice: ['a'] }, 2), 1);
    assert.equal(autoGrade(multiple, { choice: ['a', 'c'] }, 2), 0);
    const short: QuestionKey = { kind: 'short', variants: ['Иссык-Куль'], caseSensitive: false };
    assert.equal(autoGrade(short, { text: '  иссык-куль ' }, 1), 1);
    assert.equal(autoGrade({ ...short, caseSensitive: true }, { text: 'иссык-куль' }, 1), 0);
    const numeric: QuestionKey = { kind: 'numeric', value: 3.14, tolerance: 0.01 };
    assert.equal(autoGrade(numeric, { value: 3.15 }, 1), 1);
    assert.equal(autoGrade(numeric, { value: 3.16 }, 1), 0);
    assert.equal(autoGrade({ kind: 'truefalse', truth: false }, { truth: false }, 1), 1);
    const matching: QuestionKey = {
      kind: 'matching',
      pairs: [
        ['l1', 'r1'],
        ['l2', 'r2'],
      ],
    };
    assert.equal(
      autoGrade(
        matching,
        {
          pairs: [
            { left: 'l1', right: 'r1' },
            { left: 'l2', right: 'r1' },
          ],
        },
        2,
      ),
      1,
    );
    const ordering: QuestionKey = { kind: 'ordering', order: ['x', 'y', 'z'] };
    assert.equal(autoGrade(ordering, { order: ['x', 'y', 'z'] }, 1), 1);
    assert.equal(autoGrade(ordering, { order: ['y', 'x', 'z'] }, 1), 0);
    assert.equal(autoGrade({ kind: 'essay' }, { text: 'long' }, 3), null);
  });

  test('the window, the attempts and the deadline, with extra time moving the close', () => {
    const minute = 60_000;
    const window = { opensAt: 1000 * minute, closesAt: 1100 * minute };
    const facts = { window, extraMinutes: 0, attemptsAllowed: 2, attemptsUsed: 0 };
    assert.equal(startRefusal({ ...facts, now: 999 * minute }), 'notOpen');
    assert.equal(startRefusal({ ...facts, now: 1000 * minute }), null);
    assert.equal(startRefusal({ ...facts, now: 1100 * minute }), 'notOpen');
    assert.equal(startRefusal({ ...facts, now: 1100 * minute, extraMinutes: 10 }), null);
    assert.equal(startRefusal({ ...facts, now: 1050 * minute, attemptsUsed: 2 }), 'noAttemptsLeft');
    assert.equal(startRefusal({ ...facts, window: undefined, now: 1050 * minute }), 'notOpen');
    assert.equal(deadlineOf(1000 * minute, 30, 0, 1100 * minute), 1030 * minute);
    assert.equal(deadlineOf(1000 * minute, 30, 15, 1100 * minute), 1045 * minute);
    assert.equal(deadlineOf(1090 * minute, 30, 0, 1100 * minute), 1100 * minute);
    assert.equal(deadlineOf(1090 * minute, 30, 5, 1100 * minute), 1105 * minute);
  });

  test('an older write never replaces a newer one; best and last grading', () => {
    assert.equal(replaces(undefined, 1), true);
    assert.equal(replaces(3, 2), false);
    assert.equal(replaces(3, 3), false);
    assert.equal(replaces(3, 4), true);
    const score = scoreOf([1, null, 2], 6, 50);
    assert.deepEqual(score, { score: 3, maxScore: 6, percent: 50, passed: true, pending: 1 });
    const attempts = [
      { number: 1, score: scoreOf([5], 10, 60) },
      { number: 2, score: scoreOf([3], 10, 60) },
    ];
    assert.equal(countingAttempt(attempts, 'best')?.number, 1);
    assert.equal(countingAttempt(attempts, 'last')?.number, 2);
  });
});

describe('answers given offline', () => {
  const MIN = 60_000;
  const facts = {
    now: 100 * MIN,
    deadline: 95 * MIN,
    startedAt: 60 * MIN,
    submitted: false,
    graceMs: 10 * MIN,
    lastContactAt: 80 * MIN,
  };

  test('before the deadline everything is taken; after it only what was given before it', () => {
    assert.equal(answerRefusal({ ...facts, now: 94 * MIN }), null);
    assert.equal(answerRefusal(facts), 'timeIsUp');
    assert.equal(
      answerRefusal({ ...facts, given: { contactAt: 80 * MIN, sinceContactMs: 5 * MIN } }),
      null,
    );
    for (const given of [
      // Counted by the device as given at the deadline or after it.
      { contactAt: 80 * MIN, sinceContactMs: 15 * MIN },
      // A contact later than the server's last answer, or before the start.
      { contactAt: 81 * MIN, sinceContactMs: 0 },
      { contactAt: 59 * MIN, sinceContactMs: 0 },
    ]) {
      assert.equal(answerRefusal({ ...facts, given }), 'lateAnswer', JSON.stringify(given));
    }
    // Past the grace, whatever the device says.
    assert.equal(
      answerRefusal({
        ...facts,
        now: 105 * MIN,
        given: { contactAt: 80 * MIN, sinceContactMs: 0 },
      }),
      'lateAnswer',
    );
    assert.equal(
      answerRefusal({ ...facts, submitted: true, now: 90 * MIN }),
      'submitted',
      'a submitted attempt takes nothing',
    );
  });

  test('the review levels and the feedback of the options chosen', () => {
    assert.deepEqual(
      ['score', 'answers', 'feedback'].map((level) => [
        reviewShows(level, 'answers'),
        reviewShows(level, 'feedback'),
      ]),
      [
        [false, false],
        [true, false],
        [true, true],
      ],
    );
    const payload = {
      options: [
        { id: 'a', text: '4' },
        { id: 'b', text: '5' },
      ],
      choices: [],
    };
    const authored = { feedback: 'См. главу 1', options: [{ feedback: 'Верно' }, {}] };
    assert.deepEqual(feedbackFor(authored, payload, { choice: ['a'] }), ['Верно', 'См. главу 1']);
    assert.deepEqual(feedbackFor(authored, payload, { choice: ['b'] }), ['См. главу 1']);
    assert.deepEqual(feedbackFor({}, payload, null), []);
  });
});

describe('short answers worth part of the points', () => {
  test('a partial variant earns its percent, a full one all, anything else nothing', () => {
    const key = keyOf(
      authoredQuestion(
        {
          kind: 'short',
          text: 'Высочайшая вершина?',
          points: 2,
          variants: ['Победы'],
          partialVariants: [{ text: ' Ленина ', percent: 50 }],
        },
        newId,
      ),
    );
    assert.equal(autoGrade(key, { text: 'победы' }, 2), 2);
    assert.equal(autoGrade(key, { text: 'Ленина' }, 2), 1);
    assert.equal(autoGrade(key, { text: 'Хан-Тенгри' }, 2), 0);
  });
});
