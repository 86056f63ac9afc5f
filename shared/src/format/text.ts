import { FILE_LIST_SEPARATOR } from '../contract/constants.js';

export { FILE_LIST_SEPARATOR };

/** 'a.pdf;!;b.doc' → ['a.pdf', 'b.doc']; empty parts are dropped. */
export function splitFileList(value: string | null | undefined): string[] {
  if (!value) return [];
  return value.split(FILE_LIST_SEPARATOR).filter((name) => name.trim() !== '');
}

/** The inverse of splitFileList. */
export function joinFileList(names: readonly string[]): string {
  return names.filter((name) => name.trim() !== '').join(FILE_LIST_SEPARATOR);
}

export interface Author {
  role: string;
  name: string;
}

/**
 * The news author field 'Преподаватель|Асанов Б.': the role before the first pipe, the name
 * after it. Without a pipe the whole text is the name.
 */
export function splitAuthor(value: string | null | undefined): Author {
  const text = value ?? '';
  const pipe = text.indexOf('|');
  if (pipe < 0) return { role: '', name: text.trim() };
  return { role: text.slice(0, pipe).trim(), name: text.slice(pipe + 1).trim() };
}

/**
 * 'Очень длинное имя файла.pdf' → its first `max` characters + '...'; shorter names unchanged.
 * Counts characters, not UTF-16 units, so no letter or emoji is cut in half.
 */
export function shortenFileName(name: string | null | undefined, max = 20): string {
  const chars = Array.from(name ?? '');
  return chars.length > max ? `${chars.slice(0, Math.max(0, max)).join('')}...` : chars.join('');
}

export type FileType = 'pdf' | 'excel' | 'word' | 'text' | 'powerpoint' | 'other';

const TYPE_BY_EXTENSION = new Map<string, FileType>([
  ['pdf', 'pdf'],
  ['xls', 'excel'],
  ['xlsx', 'excel'],
  ['doc', 'word'],
  ['docx', 'word'],
  ['txt', 'text'],
  ['ppt', 'powerpoint'],
  ['pptx', 'powerpoint'],
]);

/** The icon family of a file from its extension (case-insensitive). */
export function fileTypeOf(fileName: string | null | undefined): FileType {
  const extension = /\.([^./\\]+)$/.exec((fileName ?? '').trim())?.[1]?.toLowerCase();
  return (extension && TYPE_BY_EXTENSION.get(extension)) || 'other';
}
