// The attendance journal's rules, without a database (src/areas/journal/journal-rules.ts).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ABSENCE_MARK, JOURNAL_HOURS_PER_LESSON } from '@lms/shared/contract';
import {
  cellVersionRefusal,
  checkInCell,
  dateRefusal,
  figuresOf,
  isCalendarDate,
  lessonWriterRefusal,
  MARKS_A_CHECK_IN_REPLACES,
  markRefusal,
  moduleRefusal,
  numericMark,
  sourceAfterHandMark,
  subgroupRefusal,
} from '../../src/areas/journal/journal-rules.js';
import { gridRows, parseCells } from '../../src/areas/journal/journal-wire.js';

const SCALE = ['5', '4', '3', '2', ABSENCE_MARK];

describe('journal rules: marks and figures', () => {
  test('numeric marks: digits only; absence, presence and words count as no number', () => {
    assert.equal(numericMark('5'), 5);
    assert.equal(numericMark('4.5'), 4.5);
    assert.equal(numericMark(null), null);
    assert.equal(numericMark(ABSENCE_MARK), null);
    assert.equal(numericMark('pass'), null);
    assert.equal(numericMark('5a'), null);
  });

  test('averages have two decimals; absences are counted, take hours and never add up', () => {
    assert.equal(figuresOf(['5', '4', '4']).average, 4.33);
    assert.equal(figuresOf(['3', '2', '2']).average, 2.33);
    assert.deepEqual(figuresOf([ABSENCE_MARK, '4', null]), {
      timesCount: 1,
      hours: JOURNAL_HOURS_PER_LESSON,
      total: 4,
      average: 4,
      attendancePercent: 66.7,
    });
    assert.deepEqual(figuresOf([ABSENCE_MARK, ABSENCE_MARK]), {
      timesCount: 2,
      hours: 2 * JOURNAL_HOURS_PER_LESSON,
      total: 0,
      average: null,
      attendancePercent: 0,
    });
  });

  test('no lessons listed: no average, no attendance; presences only: 100 %', () => {
    assert.deepEqual(figuresOf([]), {
      timesCount: 0,
      hours: 0,
      total: 0,
      average: null,
      attendancePercent: null,
    });
    assert.equal(figuresOf([null, null]).attendancePercent, 100);
    assert.equal(figuresOf([null, null]).average, null);
  });

  test('a mark is a value of the scale, the absence mark or nothing', () => {
    for (const mark of [...SCALE, null]) assert.equal(markRefusal(mark, SCALE), null, String(mark));
    assert.equal(markRefusal('6', SCALE), 'invalidMark');
    assert.equal(markRefusal('', SCALE), 'invalidMark');
    assert.equal(markRefusal(ABSENCE_MARK, []), null);
    assert.equal(markRefusal('5', []), 'invalidMark');
  });
});

describe('journal rules: who writes and what', () => {
  test('a lesson is written only by the teacher who created it', () => {
    assert.equal(lessonWriterRefusal({ teacherId: 7 }, 7), null);
    assert.equal(lessonWriterRefusal({ teacherId: 7 }, 8), 'colleaguesLesson');
  });

  test('a cell write on a stale version is refused; without a version it replaces', () => {
    assert.equal(cellVersionRefusal(undefined, 3), null);
    assert.equal(cellVersionRefusal(3, 3), null);
    assert.equal(cellVersionRefusal(0, 0), null);
    assert.equal(cellVersionRefusal(2, 3), 'cellChanged');
    assert.equal(cellVersionRefusal(0, 1), 'cellChanged');
    assert.equal(cellVersionRefusal(1, 0), 'cellChanged');
  });

  test("a QR check-in makes a cell present, but never overwrites the teacher's grade", () => {
    assert.equal(checkInCell(undefined), 'present');
    assert.equal(checkInCell({ otsenka: null }), 'present');
    assert.equal(checkInCell({ otsenka: ABSENCE_MARK }), 'present');
    for (const grade of SCALE.filter((mark) => mark !== ABSENCE_MARK)) {
      assert.equal(checkInCell({ otsenka: grade }), 'keep', grade);
    }
    // The SQL guard of the write (journal-write-repository writeCheckIn) is built from this list.
    assert.deepEqual([...MARKS_A_CHECK_IN_REPLACES].sort(), [ABSENCE_MARK, null].sort());
  });

  test("a hand mark keeps a QR check-in's presence, except an absence", () => {
    for (const grade of [null, '5', '2']) {
      assert.equal(sourceAfterHandMark('qr', grade), 'qr', String(grade));
      assert.equal(sourceAfterHandMark('manual', grade), 'manual', String(grade));
      assert.equal(sourceAfterHandMark('insert-all', grade), 'manual', String(grade));
      assert.equal(sourceAfterHandMark(undefined, grade), 'manual', String(grade));
    }
    assert.equal(sourceAfterHandMark('qr', ABSENCE_MARK), 'manual');
    assert.equal(sourceAfterHandMark(undefined, ABSENCE_MARK), 'manual');
  });

  test('lesson dates are real calendar dates', () => {
    assert.equal(isCalendarDate('2026-02-28'), true);
    assert.equal(isCalendarDate('2028-02-29'), true);
    assert.equal(isCalendarDate('2026-02-29'), false);
    assert.equal(isCalendarDate('2026-02-31'), false);
    assert.equal(dateRefusal('2026-13-01'), 'invalidDate');
    assert.equal(dateRefusal('2026-09-01'), null);
  });

  test("a journal's subgroup is one of its group; a module one of the lesson's discipline", () => {
    assert.equal(subgroupRefusal(10, { groupId: 10 }), null);
    assert.equal(subgroupRefusal(10, { groupId: 11 }), 'subgroupMismatch');
    assert.equal(subgroupRefusal(10, undefined), 'subgroupMismatch');
    assert.equal(moduleRefusal(null, []), null);
    assert.equal(moduleRefusal(3, [1, 3]), null);
    assert.equal(moduleRefusal(2, [1, 3]), 'moduleMismatch');
  });
});

describe('journal wire: the grid', () => {
  test('joined cells read back to marks, versions and how they were recorded', () => {
    const cells = parseCells(['11:1:q', `12:3:h=${ABSENCE_MARK}`, '13:2:q=4'].join('\u001f'));
    assert.deepEqual(Object.fromEntries(cells), {
      11: { mark: null, version: 1, source: 'qr' },
      12: { mark: ABSENCE_MARK, version: 3, source: 'hand' },
      13: { mark: '4', version: 2, source: 'qr' },
    });
  });

  test("rows hold only the journal's lessons a person is listed on, with their figures", () => {
    const byStudent = new Map([
      [1, parseCells(`11:1:h=5\u001f12:2:h=${ABSENCE_MARK}\u001f13:4:q\u001f99:1:h=2`)],
    ]);
    const rows = gridRows(
      [{ id_lesson: 11 }, { id_lesson: 12 }, { id_lesson: 13 }],
      [
        { id_student: 1, s_fio: 'A' },
        { id_student: 2, s_fio: 'B' },
      ],
      byStudent,
    );
    assert.deepEqual(rows[0]?.marks, { 11: '5', 12: ABSENCE_MARK, 13: null });
    assert.deepEqual(rows[0]?.versions, { 11: 1, 12: 2, 13: 4 });
    assert.deepEqual(rows[0]?.sources, { 11: 'hand', 12: 'hand', 13: 'qr' });
    assert.equal(rows[0]?.total, 5);
    assert.equal(rows[0]?.attendancePercent, 66.7);
    assert.deepEqual(rows[1]?.marks, {});
    assert.deepEqual(rows[1]?.sources, {});
    assert.equal(rows[1]?.average, null);
  });
});
