import type { Kysely } from 'kysely';
import type { GiftImportBody, GiftImportResponse, Language } from '@lms/shared/contract';
import type { AccessRepository } from '../../access/teaching.js';
import type { Database } from '../../db/schema.js';
import { parseGift } from './gift.js';
import { TESTING_MESSAGES } from './messages.js';
import { createTestingRepository } from './repository.js';
import { authoredQuestion, folded } from './rules.js';
import { newOptionId, type BankService } from './service.js';

/**
 * Imports a GIFT file into the teacher's bank of a discipline they teach, in one transaction:
 * each `$CATEGORY` becomes (or finds) a topic, each question the rules accept is stored, and
 * every other is named with its reason in the caller's language.
 */
export function createImportService(
  db: Kysely<Database>,
  access: AccessRepository,
  bank: BankService,
) {
  return {
    async importGift(
      lng: Language,
      teacherId: number,
      body: GiftImportBody,
      now: number,
    ): Promise<GiftImportResponse> {
      await bank.assertTeaches(teacherId, body.disciplineId);
      const parsed = parseGift(body.text);
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
          const made = authoredQuestion(question, newOptionId);
          if ('refusal' in made) {
            skipped.push({
              name: question.text.slice(0, 60),
              reason: TESTING_MESSAGES[made.refusal][lng],
            });
            continue;
          }
          const text = folded(question.text);
          await repo.insertQuestion({
            topic_id: await topicId(folded(category ?? '') || folded(body.topic)),
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
    },
  };
}

export type ImportService = ReturnType<typeof createImportService>;
