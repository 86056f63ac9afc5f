import type { Language, TestingExportQuery } from '@lms/shared/contract';
import { hiddenRecord } from '../../access/index.js';
import { toGift, toMoodleXml } from './bank-export.js';
import type { TestingRepository } from './repository.js';
import type { BankService } from './service.js';

/** A name safe on every file system: no path or control characters, spaces kept. */
const fileSafe = (name: string) =>
  name
    .replace(/[\\/:*?"<>|]/g, ' ')
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100) || 'bank';

/**
 * The teacher's bank of a discipline they teach (or one of its topics) as a GIFT or Moodle XML
 * file, named after the discipline (and topic). Another teacher's topic is refused like a missing one.
 */
export async function bankExport(
  { reads, bank }: { reads: TestingRepository; bank: BankService },
  lng: Language,
  teacherId: number,
  query: TestingExportQuery,
): Promise<{ name: string; text: string }> {
  const disciplineId = Number(query.disciplineId);
  const { topics } = await bank.bank(teacherId, disciplineId);
  const discipline =
    (await reads.teaching(lng, teacherId)).find((row) => row.disciplineId === disciplineId)
      ?.discipline ?? String(disciplineId);
  let chosen = topics;
  if (query.topicId !== undefined) {
    chosen = topics.filter((topic) => topic.id === Number(query.topicId));
    if (chosen.length === 0) throw hiddenRecord();
  }
  const base = fileSafe(
    chosen.length === 1 && query.topicId !== undefined
      ? `${discipline} - ${chosen[0]?.title ?? ''}`
      : discipline,
  );
  return query.format === 'gift'
    ? { name: `${base}.gift.txt`, text: toGift(chosen) }
    : { name: `${base}.xml`, text: toMoodleXml(chosen) };
}
