import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { parseGift } from '../../src/areas/testing/gift.js';

describe('GIFT import', () => {
  test('a real GIFT file: Cyrillic, categories, feedback, weights, escapes and refusals', async () => {
    const source = await readFile(new URL('../fixtures/sample.gift', import.meta.url), 'utf8');
    const { questions, skipped } = parseGift(source);
    const byText = (start: string) => questions.find((q) => q.text.startsWith(start));
    assert.deepEqual(byText('Какой город'), {
      category: 'География',
      kind: 'single',
      text: 'Какой город — столица Кыргызстана?',
      points: 1,
      feedback: 'Столица — Бишкек с 1991 года.',
      options: [
        { text: 'Бишкек', correct: true, feedback: 'Верно!' },
        { text: 'Ош', correct: false, feedback: 'Нет, это южная столица.' },
        { text: 'Каракол', correct: false },
      ],
    });
    assert.deepEqual(byText('Как называется')?.variants, ['Иссык-Куль', 'Ысык-Көл', 'Issyk-Kul']);
    assert.equal(byText('Какие числа')?.kind, 'multiple');
    assert.deepEqual(
      byText('Какие числа')?.options?.map((o) => o.correct),
      [true, true, false],
    );
    assert.deepEqual(
      [byText('Бишкек находится')?.kind, byText('Бишкек находится')?.truth],
      ['truefalse', true],
    );
    assert.deepEqual([byText('Чему равно')?.value, byText('Чему равно')?.tolerance], [3.14, 0.01]);
    assert.deepEqual(byText('Сопоставьте')?.options?.[0], { text: 'Кыргызстан', match: 'Бишкек' });
    assert.equal(byText('Опишите')?.kind, 'essay');
    // Escapes: \= \{ \} \~ in the text, \# inside an answer.
    const escaped = byText('Что означает');
    assert.equal(escaped?.text, 'Что означает запись 1 = 1 {и} 2 ~ 3?');
    assert.deepEqual(escaped?.options, [
      { text: 'равенство # знак', correct: true },
      { text: 'неравенство', correct: false },
    ]);
    // A missing word: the braces in the middle become a blank; a range becomes value ± half.
    const range = byText('Мусс');
    assert.equal(range?.text, 'Мусс Ысык-Көл находится на высоте _____ метров.');
    assert.deepEqual([range?.value, range?.tolerance], [1610, 10]);
    assert.equal(questions.length, 9);
    assert.deepEqual(skipped, [
      { name: 'Сломанный', reason: 'giftUnclosed' },
      { name: 'Без ответа', reason: 'giftNoCorrect' },
    ]);
  });

  test('a file without answers or numbers names each question it could not take', () => {
    const { questions, skipped } = parseGift('Просто текст\n\n::N:: Число {#abc}\n');
    assert.equal(questions.length, 0);
    assert.deepEqual(skipped, [
      { name: 'Просто текст', reason: 'giftNoAnswers' },
      { name: 'N', reason: 'giftBadNumber' },
    ]);
  });
});
