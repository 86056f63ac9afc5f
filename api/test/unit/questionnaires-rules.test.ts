import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  batchRows,
  checkedAnswers,
  draftRefusal,
  openRefusal,
  statusOf,
  tally,
  trimmedTexts,
} from '../../src/areas/questionnaires/rules.js';

const t = (text: string) => ({ kg: text, ru: text, en: text });
const five = ['1', '2', '3', '4', '5'].map(t);

describe('questionnaires rules', () => {
  test('a draft: texts in three languages, five scale labels, 2–10 options, none for text', () => {
    assert.equal(draftRefusal(t('Q'), [{ kind: 'scale', text: t('a'), options: five }]), null);
    assert.equal(draftRefusal({ kg: 'Q', ru: '', en: 'Q' }, []), 'blankText');
    assert.equal(
      draftRefusal(t('Q'), [{ kind: 'scale', text: t('a'), options: five.slice(1) }]),
      'scaleLabels',
    );
    assert.equal(
      draftRefusal(t('Q'), [{ kind: 'single', text: t('a'), options: [t('x')] }]),
      'choiceOptions',
    );
    assert.equal(
      draftRefusal(t('Q'), [{ kind: 'text', text: t('a'), options: [t('x')] }]),
      'textOptions',
    );
    assert.deepEqual(trimmedTexts({ kg: ' a  b ', ru: 'c', en: '\td' }), {
      kg: 'a b',
      ru: 'c',
      en: 'd',
    });
  });

  test('opening: once, dates in order, not closed already, some teaching', () => {
    const facts = {
      opened: false,
      opensOn: '2026-12-01',
      closesOn: '2026-12-20',
      today: '2026-11-28',
      pairs: 3,
    };
    assert.equal(openRefusal(facts), null);
    assert.equal(openRefusal({ ...facts, opened: true }), 'alreadyOpened');
    assert.equal(openRefusal({ ...facts, closesOn: '2026-11-30' }), 'datesReversed');
    assert.equal(
      openRefusal({ ...facts, opensOn: '2026-11-01', closesOn: '2026-11-27' }),
      'closesInPast',
    );
    assert.equal(openRefusal({ ...facts, pairs: 0 }), 'noTeaching');
    const dates = { opensOn: '2026-12-01', closesOn: '2026-12-20' };
    assert.equal(statusOf({ opensOn: null, closesOn: null }, '2026-12-01'), 'draft');
    assert.equal(statusOf(dates, '2026-11-30'), 'scheduled');
    assert.equal(statusOf(dates, '2026-12-01'), 'open');
    assert.equal(statusOf(dates, '2026-12-20'), 'open');
    assert.equal(statusOf(dates, '2026-12-21'), 'closed');
  });

  const items = [
    { id: 1, kind: 'scale' as const, options: 5 },
    { id: 2, kind: 'single' as const, options: 3 },
    { id: 3, kind: 'multiple' as const, options: 3 },
    { id: 4, kind: 'text' as const, options: 0 },
  ];

  test('answers: the field of the item, in range, each item once; stored sorted and trimmed', () => {
    assert.deepEqual(
      checkedAnswers(items, [
        { item: 4, text: '  fine ' },
        { item: 3, choices: [2, 0] },
        { item: 1, value: 4 },
      ]),
      {
        answers: [
          { item: 1, value: 4 },
          { item: 3, choices: [0, 2] },
          { item: 4, text: 'fine' },
        ],
      },
    );
    const refused = (answers: Parameters<typeof checkedAnswers>[1]) =>
      'refusal' in checkedAnswers(items, answers)
        ? (checkedAnswers(items, answers) as { refusal: string }).refusal
        : null;
    assert.equal(refused([{ item: 9, value: 1 }]), 'unknownItem');
    assert.equal(
      refused([
        { item: 1, value: 1 },
        { item: 1, value: 2 },
      ]),
      'repeatedItem',
    );
    assert.equal(refused([{ item: 1, text: 'x' }]), 'wrongAnswer');
    assert.equal(refused([{ item: 1, value: 1, text: 'x' }]), 'wrongAnswer');
    assert.equal(refused([{ item: 2, choices: [0, 1] }]), 'wrongAnswer');
    assert.equal(refused([{ item: 2, choices: [3] }]), 'wrongAnswer');
    assert.equal(refused([{ item: 3, choices: [1, 1] }]), 'wrongAnswer');
    assert.equal(refused([{ item: 4, text: '   ' }]), 'nothingAnswered');
    assert.equal(refused([]), 'nothingAnswered');
  });

  test('tally: counts per point and option, texts sorted', () => {
    const result = tally(items, [
      [
        { item: 1, value: 5 },
        { item: 3, choices: [0, 2] },
        { item: 4, text: 'zeta' },
      ],
      [
        { item: 1, value: 5 },
        { item: 2, choices: [1] },
        { item: 4, text: 'alpha' },
      ],
    ]);
    assert.deepEqual(result.get(1), { counts: [0, 0, 0, 0, 2], texts: [] });
    assert.deepEqual(result.get(2), { counts: [0, 1, 0], texts: [] });
    assert.deepEqual(result.get(3), { counts: [1, 0, 1], texts: [] });
    assert.deepEqual(result.get(4), { counts: [], texts: ['alpha', 'zeta'] });
  });

  test('a batch is ordered by content and its ids follow that order, not the arrival', () => {
    const rows = batchRows(['c', 'a', 'b'], '9f01');
    assert.deepEqual(rows, [
      { id: '9f01-0000', payload: 'a' },
      { id: '9f01-0001', payload: 'b' },
      { id: '9f01-0002', payload: 'c' },
    ]);
  });
});
