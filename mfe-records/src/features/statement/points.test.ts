import { examEntries, examProblem } from './points';
import { LINES } from '../../testing/fakeStatements';

describe('exam points', () => {
  it('accepts blank and whole 0..40, refuses the rest', () => {
    expect(examProblem(undefined)).toBeNull();
    expect(examProblem(' ')).toBeNull();
    expect(examProblem('0')).toBeNull();
    expect(examProblem('40')).toBeNull();
    expect(examProblem('41')).toBe('range');
    expect(examProblem('-1')).toBe('range');
    expect(examProblem('12.5')).toBe('range');
  });

  it('sends only the changed, valid points; blank clears', () => {
    const [first, second] = LINES;
    expect(examEntries(LINES, { [first!.id_student]: '31', [second!.id_student]: '99' })).toEqual([
      { id_student: first!.id_student, exam: 31 },
    ]);
    expect(examEntries(LINES, { [first!.id_student]: String(first!.exam) })).toEqual([]);
    expect(examEntries(LINES, { [first!.id_student]: '' })).toEqual([
      { id_student: first!.id_student, exam: null },
    ]);
  });
});
