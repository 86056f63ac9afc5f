import { fileTypeOf, joinFileList, shortenFileName, splitAuthor, splitFileList } from './text.js';

describe('splitFileList / joinFileList', () => {
  it('splits on ;!;', () => {
    expect(splitFileList('a.pdf;!;b.doc')).toEqual(['a.pdf', 'b.doc']);
  });

  it('returns one name when there is no separator', () => {
    expect(splitFileList('report.xlsx')).toEqual(['report.xlsx']);
  });

  it('returns an empty list for empty input and drops empty parts', () => {
    expect(splitFileList('')).toEqual([]);
    expect(splitFileList(null)).toEqual([]);
    expect(splitFileList(undefined)).toEqual([]);
    expect(splitFileList(';!;a.pdf;!;;!; ;!;b.doc;!;')).toEqual(['a.pdf', 'b.doc']);
  });

  it('keeps names that contain ; or ! on their own', () => {
    expect(splitFileList('a;b.pdf;!;c!.doc')).toEqual(['a;b.pdf', 'c!.doc']);
  });

  it('joins with ;!; and round-trips', () => {
    const names = ['План занятий.docx', 'a.pdf', 'отчёт 2024.xlsx'];
    expect(joinFileList(names)).toBe('План занятий.docx;!;a.pdf;!;отчёт 2024.xlsx');
    expect(splitFileList(joinFileList(names))).toEqual(names);
  });

  it('joins an empty list to an empty string and skips empty names', () => {
    expect(joinFileList([])).toBe('');
    expect(joinFileList(['', 'a.pdf', ' '])).toBe('a.pdf');
  });
});

describe('splitAuthor', () => {
  it('splits the role and the name on the pipe', () => {
    expect(splitAuthor('Преподаватель|Асанов Б.')).toEqual({
      role: 'Преподаватель',
      name: 'Асанов Б.',
    });
  });

  it('treats text without a pipe as the name', () => {
    expect(splitAuthor('Асанов Б.')).toEqual({ role: '', name: 'Асанов Б.' });
  });

  it('splits on the first pipe only and trims', () => {
    expect(splitAuthor(' Деканат | Отдел|кадров ')).toEqual({
      role: 'Деканат',
      name: 'Отдел|кадров',
    });
  });

  it('handles empty parts and empty input', () => {
    expect(splitAuthor('|Асанов Б.')).toEqual({ role: '', name: 'Асанов Б.' });
    expect(splitAuthor('Студент|')).toEqual({ role: 'Студент', name: '' });
    expect(splitAuthor('')).toEqual({ role: '', name: '' });
    expect(splitAuthor(null)).toEqual({ role: '', name: '' });
  });
});

describe('shortenFileName', () => {
  it('keeps names of up to 20 characters', () => {
    expect(shortenFileName('short.pdf')).toBe('short.pdf');
    expect(shortenFileName('12345678901234567890')).toBe('12345678901234567890');
  });

  it('cuts longer names to 20 characters and adds ...', () => {
    expect(shortenFileName('123456789012345678901')).toBe('12345678901234567890...');
    expect(shortenFileName('Рабочая программа дисциплины.docx')).toBe('Рабочая программа ди...');
  });

  it('accepts another limit', () => {
    expect(shortenFileName('abcdef.pdf', 5)).toBe('abcde...');
    expect(shortenFileName('abc', 0)).toBe('...');
  });

  it('never splits a character made of two UTF-16 units', () => {
    const name = `${'a'.repeat(19)}😀😀.pdf`;
    expect(shortenFileName(name)).toBe(`${'a'.repeat(19)}😀...`);
  });

  it('returns an empty string for empty input', () => {
    expect(shortenFileName('')).toBe('');
    expect(shortenFileName(null)).toBe('');
  });
});

describe('fileTypeOf', () => {
  it.each([
    ['a.pdf', 'pdf'],
    ['A.PDF', 'pdf'],
    ['book.xls', 'excel'],
    ['book.xlsx', 'excel'],
    ['letter.doc', 'word'],
    ['letter.DOCX', 'word'],
    ['notes.txt', 'text'],
    ['slides.ppt', 'powerpoint'],
    ['slides.pptx', 'powerpoint'],
    ['archive.tar.gz', 'other'],
    ['image.png', 'other'],
    ['pdf', 'other'],
    ['folder.pdf/readme', 'other'],
    ['.pdf', 'pdf'],
    ['', 'other'],
    ['x.constructor', 'other'],
  ])('%s → %s', (name, type) => {
    expect(fileTypeOf(name)).toBe(type);
  });
});
