import type { Kysely } from 'kysely';
import {
  TESTING_OPTIONS_MAX,
  TESTING_TEXT_MAX_LENGTH,
  TESTING_XML_MAX_LENGTH,
  type GiftImportBody,
  type GiftImportResponse,
  type Language,
  type MoodleImportBody,
} from '@lms/shared/contract';
import type { AccessRepository } from '../../access/teaching.js';
import type { Database } from '../../db/schema.js';
import { parseGift, type GiftQuestion } from './gift.js';
import { TESTING_MESSAGES } from './messages.js';
import { MoodleFileError, parseMoodleXml } from './moodle-xml.js';
import { createTestingRepository } from './repository.js';
import { authoredQuestion, folded, type TestingRefusal } from './rules.js';
import { newOptionId, refused, type BankService } from './service.js';

/** A file read into questions, and those it named as not taken. */
interface Parsed {
  questions: GiftQuestion[];
  skipped: { name: string; reason: TestingRefusal }[];
}

/** Whether a question fits the bank's limits (what a teacher could have typed). */
const fits = (q: GiftQuestion): boolean => {
  const texts = [
    q.text,
    q.feedback ?? '',
    ...(q.options ?? []).flatMap((o) => [o.text, o.match ?? '', o.feedback ?? '']),
  ];
  return (
    texts.every((text) => text.length <= TESTING_TEXT_MAX_LENGTH) &&
    (q.options ?? []).length <= TESTING_OPTIONS_MAX &&
    (q.variants ?? []).length <= TESTING_OPTIONS_MAX &&
    (q.variants ?? []).every((v) => v.length <= 200)
  );
};

/**
 * Imports a GIFT or Moodle XML file into the teacher's bank of a discipline they teach, in one
 * transaction: each category becomes (or finds) a topic, each question the rules accept is
 * stored, and every other is named with its reason in the caller's language.
 */
export function createImportService(
  db: Kysely<Database>,
  access: AccessRepository,
  bank: BankService,
) {
  async function store(
    lng: Language,
    teacherId: number,
    body: { disciplineId: number; topic: string },
    parsed: Parsed,
    now: number,
  ): Promise<GiftImportResponse> {
    const skipped: GiftImportResponse['skipped'] = parsed.skipped.map((s) => ({
      name: s.name,
      reason: TESTING_MESSAGES[s.reason][lng],
    }));
    let imported = 0;
    await db.transaction().execute(async (trx) => {
      const repo = createTestingRepository(trx, access);
      const topics = new Map(
        (await repo.topicsOf(teacherId, body.disciplineId)).map((t) => [t.title, t.id]),
      );
      const topicId = async (title: string) => {
        const known = topics.get(title);
        if (known !== undefined) return known;
        const id = await repo.insertTopic({
          teacher_id: teacherId,
          discipline_id: body.disciplineId,
          title,
          created_at: now,
        });
        topics.set(title, id);
        return id;
      };
      for (const { category, ...question } of parsed.questions) {
        const made = fits({ ...question, category })
          ? authoredQuestion(question, newOptionId)
          : { refusal: 'importTooLong' as const };
        if ('refusal' in made) {
          skipped.push({
            name: question.text.slice(0, 60),
            reason: TESTING_MESSAGES[made.refusal][lng],
          });
          continue;
        }
        const text = folded(question.text);
        const title = (folded(category ?? '') || folded(body.topic)).slice(0, 200);
        await repo.insertQuestion({
          topic_id: await topicId(title),
          kind: question.kind,
          text,
          points: question.points,
          authored: JSON.stringify({ ...question, text }),
          payload: JSON.stringify(made.payload),
          answer_key: JSON.stringify(made.key),
          created_at: now,
        });
        imported++;
      }
    });
    return { imported, skipped };
  }

  return {
    async importGift(
      lng: Language,
      teacherId: number,
      body: GiftImportBody,
      now: number,
    ): Promise<GiftImportResponse> {
      await bank.assertTeaches(teacherId, body.disciplineId);
      return store(lng, teacherId, body, parseGift(body.text), now);
    },

    /** A Moodle XML file: a bad, oversized or DOCTYPE-bearing file is a 400, nothing written. */
    async importMoodle(
      lng: Language,
      teacherId: number,
      body: MoodleImportBody,
      now: number,
    ): Promise<GiftImportResponse> {
      await bank.assertTeaches(teacherId, body.disciplineId);
      if (body.text.length > TESTING_XML_MAX_LENGTH) throw refused('xmlTooLarge');
      let parsed: Parsed;
      try {
        parsed = parseMoodleXml(body.text);
      } catch (error) {
        if (error instanceof MoodleFileError) throw refused(error.refusal);
        throw refused('xmlNotXml');
      }
      return store(lng, teacherId, body, parsed, now);
    },
  };
}

export type ImportService = ReturnType<typeof createImportService>;
