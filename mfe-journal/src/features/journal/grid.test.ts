import { ABSENT } from '../../lib/marks';
import { keepInside, markFromKey, moveCursor, overridesCheckIn, sourceAfterHandMark } from './grid';

const size = { rows: 3, cols: 4 };
const at = (row: number, col: number) => ({ row, col });

describe('moveCursor', () => {
  it('moves one cell with the arrows and stops at the edges', () => {
    expect(moveCursor(at(1, 1), { key: 'ArrowRight' }, size)).toEqual(at(1, 2));
    expect(moveCursor(at(1, 1), { key: 'ArrowLeft' }, size)).toEqual(at(1, 0));
    expect(moveCursor(at(1, 1), { key: 'ArrowUp' }, size)).toEqual(at(0, 1));
    expect(moveCursor(at(1, 1), { key: 'ArrowDown' }, size)).toEqual(at(2, 1));
    expect(moveCursor(at(0, 0), { key: 'ArrowLeft' }, size)).toBeNull();
    expect(moveCursor(at(0, 0), { key: 'ArrowUp' }, size)).toBeNull();
    expect(moveCursor(at(2, 3), { key: 'ArrowRight' }, size)).toBeNull();
    expect(moveCursor(at(2, 3), { key: 'ArrowDown' }, size)).toBeNull();
  });

  it('moves along the row with Tab and wraps to the next row, Shift+Tab back', () => {
    expect(moveCursor(at(0, 2), { key: 'Tab' }, size)).toEqual(at(0, 3));
    expect(moveCursor(at(0, 3), { key: 'Tab' }, size)).toEqual(at(1, 0));
    expect(moveCursor(at(1, 0), { key: 'Tab', shiftKey: true }, size)).toEqual(at(0, 3));
    // Tab out of the last cell (and Shift+Tab out of the first) leaves the grid.
    expect(moveCursor(at(2, 3), { key: 'Tab' }, size)).toBeNull();
    expect(moveCursor(at(0, 0), { key: 'Tab', shiftKey: true }, size)).toBeNull();
  });

  it('moves down the column with Enter (up with Shift+Enter), Home and End to the row ends', () => {
    expect(moveCursor(at(0, 2), { key: 'Enter' }, size)).toEqual(at(1, 2));
    expect(moveCursor(at(1, 2), { key: 'Enter', shiftKey: true }, size)).toEqual(at(0, 2));
    expect(moveCursor(at(2, 2), { key: 'Enter' }, size)).toBeNull();
    expect(moveCursor(at(1, 2), { key: 'Home' }, size)).toEqual(at(1, 0));
    expect(moveCursor(at(1, 2), { key: 'End' }, size)).toEqual(at(1, 3));
    expect(moveCursor(at(1, 2), { key: 'Home', ctrlKey: true }, size)).toEqual(at(0, 0));
    expect(moveCursor(at(1, 2), { key: 'End', ctrlKey: true }, size)).toEqual(at(2, 3));
  });

  it('ignores other keys and an empty grid', () => {
    expect(moveCursor(at(1, 1), { key: '5' }, size)).toBeNull();
    expect(moveCursor(at(0, 0), { key: 'ArrowRight' }, { rows: 0, cols: 0 })).toBeNull();
  });

  it('keeps the cursor inside a grid that shrank', () => {
    expect(keepInside(at(5, 7), size)).toEqual(at(2, 3));
    expect(keepInside(at(1, 1), size)).toEqual(at(1, 1));
    expect(keepInside(at(1, 1), { rows: 0, cols: 0 })).toEqual(at(0, 0));
  });
});

describe('markFromKey', () => {
  const scale = ['5', '4', '3', '2', 'зачёт'];

  it('marks an absence with н in either case and the Latin n', () => {
    expect(markFromKey({ key: 'н' }, scale)).toBe(ABSENT);
    expect(markFromKey({ key: 'Н' }, scale)).toBe(ABSENT);
    expect(markFromKey({ key: 'n' }, scale)).toBe(ABSENT);
  });

  it('marks an absence with the first letter of the absence as the reader sees it', () => {
    // Kyrgyz 'к/ж' and English 'abs': the key of what the cells show.
    expect(markFromKey({ key: 'к' }, scale, 'к/ж')).toBe(ABSENT);
    expect(markFromKey({ key: 'К' }, scale, 'к/ж')).toBe(ABSENT);
    expect(markFromKey({ key: 'a' }, scale, 'abs')).toBe(ABSENT);
    expect(markFromKey({ key: 'к' }, scale)).toBeUndefined();
    // A grade that takes the letter keeps it.
    expect(markFromKey({ key: 'a' }, ['A', 'B', 'C'], 'abs')).toBe('A');
    expect(markFromKey({ key: 'к' }, ['кредит', '5'], 'к/ж')).toBe('кредит');
    expect(markFromKey({ key: 'к' }, ['кр', 'кд'], 'к/ж')).toBeUndefined();
  });

  it('clears the cell with Delete, Backspace and Space', () => {
    expect(markFromKey({ key: 'Delete' }, scale)).toBe('');
    expect(markFromKey({ key: 'Backspace' }, scale)).toBe('');
    expect(markFromKey({ key: ' ' }, scale)).toBe('');
  });

  it('sets a grade of the scale, by its first letter when only one starts with it', () => {
    expect(markFromKey({ key: '5' }, scale)).toBe('5');
    expect(markFromKey({ key: '2' }, scale)).toBe('2');
    expect(markFromKey({ key: 'з' }, scale)).toBe('зачёт');
    expect(markFromKey({ key: '7' }, scale)).toBeUndefined();
    expect(markFromKey({ key: '1' }, ['10', '1'])).toBe('1');
    expect(markFromKey({ key: '1' }, ['10', '100'])).toBeUndefined();
  });

  it('leaves navigation and shortcuts alone', () => {
    expect(markFromKey({ key: 'ArrowLeft' }, scale)).toBeUndefined();
    expect(markFromKey({ key: 'Tab' }, scale)).toBeUndefined();
    expect(markFromKey({ key: '5', ctrlKey: true }, scale)).toBeUndefined();
    expect(markFromKey({ key: 'n', metaKey: true }, scale)).toBeUndefined();
  });
});

describe('hand marks and QR check-ins', () => {
  it("keeps a check-in's presence under a grade or a presence; an absence is the teacher's", () => {
    expect(sourceAfterHandMark('qr', '')).toBe('qr');
    expect(sourceAfterHandMark('qr', '5')).toBe('qr');
    expect(sourceAfterHandMark('qr', ABSENT)).toBe('hand');
    expect(sourceAfterHandMark('none', '')).toBe('hand');
    expect(sourceAfterHandMark('hand', '4')).toBe('hand');
  });

  it('asks before an absence replaces a check-in, and only then', () => {
    expect(overridesCheckIn('qr', ABSENT)).toBe(true);
    expect(overridesCheckIn('qr', '5')).toBe(false);
    expect(overridesCheckIn('qr', '')).toBe(false);
    expect(overridesCheckIn('hand', ABSENT)).toBe(false);
    expect(overridesCheckIn('none', ABSENT)).toBe(false);
  });
});
