import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ABSENCE_MARK } from '@lms/shared/contract';
import {
  admissionOf,
  currentScore,
  digestOf,
  finalScore,
  retakeRefusal,
  saveRefusal,
  signatureOf,
  signatureValid,
  signRefusal,
  stateRefusal,
  supersededBy,
  supersedingSheets,
  type LineFacts,
  type StatementContent,
} from '../../src/areas/statements/rules.js';

const line = (over: Partial<LineFacts> = {}): LineFacts => ({
  studentId: 1,
  current: 50,
  attendance: 100,
  exam: 30,
  admitted: true,
  reason: null,
  final: 80,
  ...over,
});

describe('statement rules', () => {
  test('the current score: 50 × average / 5 + 10 × attendance / 100, rounded, at most 60', () => {
    // All fives, never absent: the whole 60.
    assert.deepEqual(currentScore(['5', '5', null, '5']), { current: 60, attendance: 100 });
    // Average 4 of (5, 3), one absence in four lessons: 40 + 7.5 → 48 (half up).
    assert.deepEqual(currentScore(['5', '3', null, ABSENCE_MARK]), { current: 48, attendance: 75 });
    // Only present, no grade: the attendance part alone.
    assert.deepEqual(currentScore([null, null]), { current: 10, attendance: 100 });
    // Listed on no lesson: nothing.
    assert.deepEqual(currentScore([]), { current: 0, attendance: null });
    // Average 3.67 of (4, 4, 3), all present: 36.67 + 10 → 47.
    assert.equal(currentScore(['4', '4', '3']).current, 47);
  });

  test('not admitted: attendance below the threshold first, then an unpaid hold', () => {
    assert.deepEqual(admissionOf(69.9, true, 70), { admitted: false, reason: 'absences' });
    assert.deepEqual(admissionOf(70, true, 70), { admitted: false, reason: 'hold' });
    assert.deepEqual(admissionOf(70, false, 70), { admitted: true, reason: null });
    assert.deepEqual(admissionOf(null, false, 70), { admitted: true, reason: null });
  });

  test('the final score: current + exam when admitted and entered; the current alone when not admitted', () => {
    assert.equal(finalScore(48, 30, true), 78);
    assert.equal(finalScore(48, null, true), null);
    assert.equal(finalScore(60, 40, true), 100);
    assert.equal(finalScore(40, null, false), 40);
  });

  test('the state machine: each action from its one state; a locked statement refuses all', () => {
    const allowed: Record<string, string> = {
      save: 'draft',
      sign: 'draft',
      confirm: 'signed',
      lock: 'confirmed',
    };
    for (const state of ['draft', 'signed', 'confirmed', 'locked'] as const) {
      for (const action of ['save', 'sign', 'confirm', 'lock'] as const) {
        const expected =
          state === 'locked' ? 'locked' : allowed[action] === state ? null : 'wrongState';
        assert.equal(stateRefusal(state, action), expected, `${action} in ${state}`);
      }
    }
  });

  test('points only for students on the statement and admitted; signing needs every admitted one', () => {
    const lines = new Map([
      [1, line()],
      [2, line({ studentId: 2, admitted: false, reason: 'hold', exam: null })],
    ]);
    assert.equal(saveRefusal(lines, [{ studentId: 3, exam: 10 }]), 'notOnStatement');
    assert.equal(saveRefusal(lines, [{ studentId: 2, exam: 10 }]), 'notAdmitted');
    assert.equal(
      saveRefusal(lines, [
        { studentId: 2, exam: null },
        { studentId: 1, exam: 0 },
      ]),
      null,
    );
    assert.equal(signRefusal([...lines.values()]), null);
    assert.equal(signRefusal([line({ exam: null, final: null })]), 'missingExam');
    assert.equal(signRefusal([]), 'empty');
  });

  test('the digest changes with any figure, not with the lines’ order; the signature is bound to it', () => {
    const content: StatementContent = {
      id: 7,
      retakeOf: null,
      disciplineId: 1,
      groupId: 2,
      teacherId: 3,
      yearId: 26,
      ws: 1,
      control: 'exam',
      lines: [line(), line({ studentId: 2 })],
    };
    const digest = digestOf(content);
    assert.match(digest, /^[0-9a-f]{64}$/);
    assert.equal(digestOf({ ...content, lines: [...content.lines].reverse() }), digest);
    const changed = digestOf({ ...content, lines: [line({ exam: 31 }), line({ studentId: 2 })] });
    assert.notEqual(changed, digest);
    const signature = signatureOf('secret', 7, 9, digest);
    assert.equal(signatureValid('secret', 7, 9, digest, signature), true);
    assert.equal(signatureValid('secret', 7, 9, changed, signature), false);
    assert.equal(signatureValid('secret', 7, 10, digest, signature), false);
    assert.equal(signatureValid('other', 7, 9, digest, signature), false);
    // A retake sheet's digest names its original.
    assert.notEqual(digestOf({ ...content, retakeOf: 3 }), digest);
    assert.notEqual(digestOf({ ...content, retakeOf: 3 }), digestOf({ ...content, retakeOf: 4 }));
  });

  test('a retake is opened only from a confirmed original, for a student on it', () => {
    assert.equal(retakeRefusal({ state: 'confirmed', retakeOf: null }, true), null);
    assert.equal(retakeRefusal({ state: 'locked', retakeOf: null }, true), null);
    assert.equal(retakeRefusal({ state: 'signed', retakeOf: null }, true), 'notConfirmed');
    assert.equal(retakeRefusal({ state: 'draft', retakeOf: null }, true), 'notConfirmed');
    assert.equal(retakeRefusal({ state: 'confirmed', retakeOf: null }, false), 'notOnStatement');
    assert.equal(retakeRefusal({ state: 'confirmed', retakeOf: 1 }, true), 'retakeOfRetake');
  });

  test('the newest confirmed retake of a student supersedes their earlier sheets', () => {
    const retakes = [
      { id: 5, studentId: 1, state: 'confirmed' as const },
      { id: 6, studentId: 2, state: 'draft' as const },
      { id: 8, studentId: 1, state: 'locked' as const },
      { id: 9, studentId: 3, state: 'signed' as const },
    ];
    const original = { id: 2, state: 'confirmed' as const };
    assert.equal(supersededBy(original, retakes, 1), 8);
    assert.equal(supersededBy(original, retakes, 2), null, 'a draft supersedes nothing');
    assert.equal(supersededBy(original, retakes, 3), null);
    assert.equal(supersededBy({ id: 5, state: 'confirmed' }, retakes, 1), 8);
    assert.equal(supersededBy({ id: 8, state: 'locked' }, retakes, 1), null);
    assert.equal(supersededBy({ id: 2, state: 'signed' }, retakes, 1), null, 'never counted');
    assert.deepEqual(supersedingSheets({ ...original, studentId: null }, retakes), [8]);
    assert.deepEqual(supersedingSheets({ id: 5, state: 'confirmed', studentId: 1 }, retakes), [8]);
    assert.deepEqual(supersedingSheets({ id: 8, state: 'locked', studentId: 1 }, retakes), []);
  });
});
