import type { Kysely } from 'kysely';
import { dataVersion } from '../../db/data-versions.js';
import type { Database } from '../../db/schema.js';
import type { Language } from '../../lib/catalogue-names.js';
import { indexCandidates, pickStudents, type IndexedCandidate } from './search-rules.js';
import { createRegistrarRepository } from './registrar-repository.js';

/**
 * The registrar's student search over every student, folded once per language and kept while
 * the database's `students` version stands (migration 0028 moves it on every change the search
 * shows or matches). A search reads that one row; the students are read again only after a
 * change, so a registrar typing on registration day does not read (and fold) the whole student
 * body at every word. Several processes stay correct: each compares the same version.
 */
export function createStudentDirectory(db: Kysely<Database>) {
  const version = dataVersion(db, 'students');
  const reads = createRegistrarRepository(db);
  const kept = new Map<Language, { version: string; students: Promise<IndexedCandidate[]> }>();

  const studentsOf = async (lng: Language): Promise<IndexedCandidate[]> => {
    const current = await version();
    const entry = kept.get(lng);
    if (entry?.version === current) return entry.students;
    // Read after the version: the students are at least as new as the version kept with them
    // (a change in between moves the version again, and the next search reads once more).
    const students = reads.studentDirectory(lng).then(indexCandidates);
    kept.set(lng, { version: current, students });
    // A failed read is not kept.
    students.catch(() => {
      if (kept.get(lng)?.students === students) kept.delete(lng);
    });
    return students;
  };

  return {
    /** The first matches of the words (searchWords), in name order, and how many match. */
    async search(lng: Language, words: readonly string[]) {
      return pickStudents(await studentsOf(lng), words);
    },
  };
}

export type StudentDirectory = ReturnType<typeof createStudentDirectory>;
