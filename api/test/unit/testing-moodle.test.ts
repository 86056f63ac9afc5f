import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import type { BankQuestion } from '@lms/shared/contract';
import { giftEscape, toGift, toMoodleXml } from '../../src/areas/testing/bank-export.js';
import { parseGift, type GiftQuestion } from '../../src/areas/testing/gift.js';
import { MoodleFileError, parseMoodleXml } from '../../src/areas/testing/moodle-xml.js';
import { htmlToText } from '../../src/areas/testing/plain-text.js';

const refusalOf = (source: string) => {
  try {
    parseMoodleXml(source);
    return null;
  } catch (error) {
    return error instanceof MoodleFileError ? error.refusal : 'other';
  }
};

describe('Moodle XML import', () => {
  test('a file as Moodle writes it: every type, categories, feedback, CDATA, HTML, Cyrillic', async () => {
    const source = await readFile(
      new URL('../fixtures/sample-moodle.xml', import.meta.url),
      'utf8',
    );
    const { questions, skipped } = parseMoodleXml(source);
    const byText = (start: string) => questions.find((q) => q.text.startsWith(start));
    assert.deepEqual(byText('Какой город'), {
      category: 'География',
      kind: 'single',
      text: 'Какой город — столица Кыргызстана?',
      points: 1,
      feedback: 'Бишкек — столица с 1991 года.',
      options: [
        { text: 'Бишкек', correct: true, feedback: 'Верно!' },
        { text: 'Ош', correct: false, feedback: 'Ош — южная столица.' },
        { text: 'Каракол', correct: false },
      ],
    });
    const rivers = byText('Какие из этих рек');
    assert.equal(rivers?.text, 'Какие из этих рек текут в Кыргызстане? & где');
    assert.equal(rivers?.kind, 'multiple');
    assert.equal(rivers?.points, 2);
    assert.deepEqual(
      rivers?.options?.map((o) => o.correct),
      [true, true, false],
    );
    assert.deepEqual(byText('Иссык-Куль'), {
      category: 'География',
      kind: 'truefalse',
      text: 'Иссык-Куль не замерзает зимой.',
      points: 1,
      feedback: 'Озеро солёное.',
      truth: true,
    });
    const peak = byText('Высочайшая');
    assert.deepEqual(
      [peak?.kind, peak?.variants, peak?.caseSensitive, peak?.partialVariants],
      ['short', ['Жеңиш чокусу', 'Победы'], true, [{ text: 'Ленина', percent: 50 }]],
    );
    const height = byText('Высота');
    assert.deepEqual([height?.kind, height?.value, height?.tolerance], ['numeric', 7.439, 0.05]);
    assert.deepEqual(byText('Сопоставьте область')?.options, [
      { text: 'Чуйская', match: 'Бишкек' },
      { text: 'Ошская', match: 'Ош' },
      { text: 'Нарынская', match: 'Нарын' },
    ]);
    assert.deepEqual(
      byText('Расположите')?.options?.map((o) => o.text),
      ['Иссык-Куль', 'Сон-Куль', 'Чатыр-Куль'],
    );
    const essay = byText('Опишите');
    assert.deepEqual([essay?.kind, essay?.category, essay?.points], ['essay', 'Эссе', 5]);
    assert.equal(questions.length, 8);
    assert.ok(questions.every((q) => !/script|alert|<|>/.test(JSON.stringify(q))));
    assert.deepEqual(skipped, [
      { name: 'Формула (calculated)', reason: 'xmlUnsupported' },
      { name: 'Без правильного', reason: 'giftNoCorrect' },
      { name: 'Лишние ответы', reason: 'xmlDistractors' },
    ]);
  });

  test('no DOCTYPE or entities, no broken XML, only a quiz', () => {
    const bomb =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><quiz>&lol2;</quiz>';
    assert.equal(refusalOf(bomb), 'xmlDoctype');
    assert.equal(refusalOf('<!doctype quiz SYSTEM "file:///etc/passwd"><quiz/>'), 'xmlDoctype');
    assert.equal(refusalOf('<quiz><question type="essay"></quiz>'), 'xmlNotXml');
    assert.equal(refusalOf('not xml at all'), 'xmlNotXml');
    assert.equal(refusalOf('<html><body>hi</body></html>'), 'xmlNotQuiz');
    assert.deepEqual(parseMoodleXml('<quiz></quiz>'), { questions: [], skipped: [] });
  });

  test('HTML is reduced to text: scripts, styles, comments and tags go, entities are read', () => {
    assert.equal(
      htmlToText(
        '<p>a<script>alert(1)</script> <b>b</b><!-- c --><style>p{}</style>&lt;i&gt; &#1055;&#x41F;</p><img src=x onerror=alert(1)>',
      ),
      'a b<i> ПП ',
    );
    assert.equal(htmlToText('x <script>never closed'), 'x ');
    assert.equal(htmlToText('2 < 3 and 4 > 1'), '2 < 3 and 4 > 1');
  });
});

const bankQuestion = (q: GiftQuestion, id: number): BankQuestion => {
  const { category: _, ...rest } = q;
  return { ...rest, id };
};
/** What a round trip must keep (ids and categories aside). */
const essence = (q: GiftQuestion | BankQuestion) => {
  const { category: _c, id: _i, ...rest } = q as GiftQuestion & { id?: number };
  return rest;
};

describe('export and import again', () => {
  const tricky: GiftQuestion[] = [
    {
      category: 'Тема: {особая} ~ = #',
      kind: 'single',
      text: 'Что значит ~ = # { } : в GIFT? \\ обратная черта',
      points: 2,
      feedback: 'Это спецсимволы: ~ = # { }',
      options: [
        { text: 'Спецсимволы {}', correct: true, feedback: 'Да: = и ~' },
        { text: 'Ничего #', correct: false },
      ],
    },
    {
      category: 'Тема: {особая} ~ = #',
      kind: 'multiple',
      text: 'Выберите чётные',
      points: 1,
      options: [
        { text: '2', correct: true },
        { text: '4', correct: true },
        { text: '5', correct: false, feedback: 'Нечётное' },
      ],
    },
    {
      category: 'Т2',
      kind: 'truefalse',
      text: 'Земля круглая',
      points: 1,
      truth: true,
      feedback: 'Да',
    },
    { category: 'Т2', kind: 'truefalse', text: 'Солнце холодное', points: 1, truth: false },
    { category: 'Т2', kind: 'short', text: 'Столица?', points: 1, variants: ['Бишкек', 'Фрунзе'] },
    { category: 'Т2', kind: 'numeric', text: 'Пи?', points: 1, value: 3.14, tolerance: 0.01 },
    { category: 'Т2', kind: 'numeric', text: 'Минус?', points: 1, value: -2.5, tolerance: 0 },
    {
      category: 'Т2',
      kind: 'matching',
      text: 'Пары',
      points: 1,
      options: [
        { text: 'Кыргызстан', match: 'Бишкек' },
        { text: 'Казахстан: столица', match: 'Астана = город' },
      ],
    },
    {
      category: 'Т2',
      kind: 'essay',
      text: 'Эссе <b>без</b> тегов & кавычки "',
      points: 5,
      feedback: 'Вручную',
    },
  ];
  const topics = [
    { title: 'Тема: {особая} ~ = #', questions: tricky.slice(0, 2).map(bankQuestion) },
    { title: 'Т2', questions: tricky.slice(2).map(bankQuestion) },
  ];

  test('Moodle XML keeps every type, option, key, tolerance, feedback, case rule and topic', () => {
    const ordering: GiftQuestion = {
      category: 'Т2',
      kind: 'ordering',
      text: 'По порядку ]]> даже так',
      points: 1,
      options: [{ text: 'один' }, { text: 'два' }, { text: 'три' }],
    };
    const shortCase: GiftQuestion = { ...tricky[4]!, caseSensitive: true };
    const all = [
      { title: topics[0]!.title, questions: topics[0]!.questions },
      {
        title: 'Т2',
        questions: [
          ...topics[1]!.questions,
          bankQuestion(ordering, 99),
          bankQuestion(shortCase, 98),
        ],
      },
    ];
    const back = parseMoodleXml(toMoodleXml(all));
    assert.deepEqual(back.skipped, []);
    const expected = [...tricky, ordering, shortCase].map((q) => {
      const e = essence(q);
      return e.kind === 'short' ? { caseSensitive: false, ...e } : e;
    });
    assert.deepEqual(back.questions.map(essence), expected);
    assert.deepEqual(
      back.questions.map((q) => q.category),
      [...tricky, ordering, shortCase].map((q) => q.category),
    );
  });

  test('GIFT keeps the same, with its escapes (ordering has no GIFT form and is noted)', () => {
    const gift = toGift(topics);
    assert.match(gift, /\\~ \\= \\# \\{ \\} \\:/);
    const back = parseGift(gift);
    assert.deepEqual(back.skipped, []);
    // GIFT has no points: every question reads back as worth 1.
    const noPoints = (q: GiftQuestion | BankQuestion) => ({ ...essence(q), points: 1 });
    assert.deepEqual(back.questions.map(noPoints), tricky.map(noPoints));
    assert.deepEqual(
      back.questions.map((q) => q.category),
      tricky.map((q) => q.category),
    );
    assert.equal(giftEscape('a~b=c#d{e}f:g\\h'), 'a\\~b\\=c\\#d\\{e\\}f\\:g\\\\h');
  });
});
