// The registrar's student search without a database: the text's bounds, its words, the matches.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  STUDENT_SEARCH_LIMIT,
  STUDENT_SEARCH_MAX_LENGTH,
  STUDENT_SEARCH_MIN_LENGTH,
} from '@lms/shared/contract';
import {
  indexCandidates,
  pickStudents,
  searchRefusal,
  searchWords,
  type SearchCandidate,
} from '../../src/areas/registration/search-rules.js';

const student = (id: number, fullName: string, groupRu = 'ПИ-1-24'): SearchCandidate => ({
  id,
  fullName,
  group: groupRu,
  faculty: 'ФИТ',
  groupRu,
  groupKg: groupRu,
  groupEn: groupRu.replace('ПИ', 'SE'),
});

describe('the registrar’s student search', () => {
  test('the text counts its characters once trimmed, letters beyond the BMP as one', () => {
    assert.equal(searchRefusal(' '.repeat(10)), 'searchTooShort');
    assert.equal(searchRefusal(' я '), 'searchTooShort');
    assert.equal(searchRefusal('\u{1F600}'), 'searchTooShort');
    assert.equal(searchRefusal('я'.repeat(STUDENT_SEARCH_MIN_LENGTH)), null);
    assert.equal(searchRefusal(`  ${'я'.repeat(STUDENT_SEARCH_MAX_LENGTH)}\t`), null);
    assert.equal(searchRefusal('я'.repeat(STUDENT_SEARCH_MAX_LENGTH + 1)), 'searchTooLong');
    assert.equal(searchRefusal('\u{1F600}'.repeat(STUDENT_SEARCH_MAX_LENGTH)), null);
  });

  test('words are split on any space and folded in any alphabet', () => {
    assert.deepEqual(searchWords('  ӨМҮР\tбеков  ҢАЗ  Ivan '), ['өмүр', 'беков', 'ңаз', 'ivan']);
  });

  test('every word must be in the name or the group (any language), in any order', () => {
    const people = [
      student(1, 'Өмүрбекова Үмүт Ңазаровна'),
      student(2, 'Бекова Асель', 'ЭК-1-25'),
      student(3, 'Асанбеков Нурлан'),
    ];
    const ids = (text: string) =>
      pickStudents(indexCandidates(people), searchWords(text)).students.map((s) => s.id);
    assert.deepEqual(ids('үмүт ӨМҮР'), [1]);
    assert.deepEqual(ids('беков'), [3, 2, 1]);
    assert.deepEqual(ids('беков пи-1'), [3, 1]);
    assert.deepEqual(ids('se-1-24 асан'), [3]);
    assert.deepEqual(ids('беков нет'), []);
    // The group's words and the name's are one text: a word never spans the two.
    assert.deepEqual(ids('нурланпи'), []);
  });

  test('the first matches by name (then id) and how many match in all', () => {
    const people = Array.from({ length: 45 }, (_, i) =>
      student(100 - i, `Студент ${String(i % 30).padStart(2, '0')}`),
    );
    const { students, total } = pickStudents(indexCandidates(people), searchWords('студент'));
    assert.equal(total, 45);
    assert.equal(students.length, STUDENT_SEARCH_LIMIT);
    assert.deepEqual(
      students.slice(0, 4).map((s) => [s.fullName, s.id]),
      [
        ['Студент 00', 70],
        ['Студент 00', 100],
        ['Студент 01', 69],
        ['Студент 01', 99],
      ],
    );
  });
});
