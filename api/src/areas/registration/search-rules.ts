import {
  STUDENT_SEARCH_LIMIT,
  STUDENT_SEARCH_MAX_LENGTH,
  STUDENT_SEARCH_MIN_LENGTH,
} from '@lms/shared/contract';
import { searchForm } from '../library/index.js';

/**
 * The registrar's search for a student (holds): pure decisions over the text typed and the
 * students read. Case is folded in the process with the library's `searchForm` (any alphabet:
 * Cyrillic with the Kyrgyz letters, Latin), so SQLite, whose LIKE folds ASCII only, and
 * PostgreSQL, whatever its locale, find the same students.
 */

/** A student as the search compares and shows them. */
export interface SearchCandidate {
  id: number;
  fullName: string;
  group: string;
  faculty: string;
  /** The group's name in each language, any of which finds it. */
  groupRu: string;
  groupKg: string | null;
  groupEn: string | null;
}

/** Why a search text is refused: too short or too long once trimmed (null: searchable). */
export function searchRefusal(text: string): 'searchTooShort' | 'searchTooLong' | null {
  const length = [...text.trim()].length;
  if (length < STUDENT_SEARCH_MIN_LENGTH) return 'searchTooShort';
  if (length > STUDENT_SEARCH_MAX_LENGTH) return 'searchTooLong';
  return null;
}

/** The words of a search text, in their compared form. */
export function searchWords(text: string): string[] {
  return searchForm(text.trim()).split(/\s+/u).filter(Boolean);
}

const byName = new Intl.Collator('ru');

/** A student with the folded text the search compares (see `indexCandidates`). */
export interface IndexedCandidate extends SearchCandidate {
  /** Full name and the group's names, folded: one text, so a word never spans two of them. */
  text: string;
}

/** The students as the search reads them: folded once, in the order it answers (name, then id). */
export function indexCandidates(candidates: readonly SearchCandidate[]): IndexedCandidate[] {
  return candidates
    .map((candidate) => {
      const { fullName, groupRu, groupKg, groupEn } = candidate;
      const text = searchForm([fullName, groupRu, groupKg ?? '', groupEn ?? ''].join('\n'));
      return { ...candidate, text };
    })
    .sort((a, b) => byName.compare(a.fullName, b.fullName) || a.id - b.id);
}

/**
 * The students whose full name or group (in any language) contains every word (in any order),
 * the first `limit` of them in the directory's order, and how many match in all.
 */
export function pickStudents(
  directory: readonly IndexedCandidate[],
  words: readonly string[],
  limit = STUDENT_SEARCH_LIMIT,
): { students: IndexedCandidate[]; total: number } {
  const students: IndexedCandidate[] = [];
  let total = 0;
  for (const candidate of directory) {
    if (!words.every((word) => candidate.text.includes(word))) continue;
    total++;
    if (students.length < limit) students.push(candidate);
  }
  return { students, total };
}
