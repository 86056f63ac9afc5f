import type {
  EvaluationItemAnswer,
  QuestionnaireOpenBody,
  QuestionnaireSaveBody,
} from '@lms/shared/contract';
import type { Kysely } from 'kysely';
import type { AccessRepository } from '../../access/index.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Database } from '../../db/schema.js';
import { ApiError } from '../../lib/http.js';
import { ANSWER_MESSAGES, DRAFT_MESSAGES, OPEN_MESSAGES } from './messages.js';
import type { QuestionnaireItemRow } from './repository.js';
import {
  batchRows,
  checkedAnswers,
  draftRefusal,
  openRefusal,
  trimmedTexts,
  type ItemFacts,
} from './rules.js';
import { randomId, seal, unseal } from './seal.js';

/** What the service needs beyond the database. */
export interface QuestionnairesServiceDeps {
  access: AccessRepository;
  /** The key answers wait under (<dataDir>/questionnaire-key, 32 bytes). */
  key: Buffer;
}

export const itemFacts = (row: QuestionnaireItemRow): ItemFacts => ({
  id: row.id,
  kind: row.kind,
  options: (JSON.parse(row.options) as unknown[]).length,
});

/** A batch smaller than the threshold: put back (the transaction rolls back). */
class SmallBatch extends Error {}

/**
 * Course evaluations' writes. Each opens ONE transaction, reads the facts its rules need in it,
 * asks the rules, then writes. An answer is two transactions that share nothing a database keeps:
 * the student's (who answered, and the answer sealed), then a batch (answers in the clear, in
 * groups of at least the threshold, in their content's order).
 */
export function createQuestionnairesService(db: Kysely<Database>, deps: QuestionnairesServiceDeps) {
  const { access, key } = deps;

  /** Publishes the target's sealed answers when there are at least the threshold of them. */
  async function publish(targetId: number, today: string): Promise<number> {
    try {
      return await db.transaction().execute(async (trx) => {
        const target = await trx
          .selectFrom('questionnaire_targets as t')
          .innerJoin('questionnaires as q', 'q.id', 't.questionnaire_id')
          .select('q.min_answers')
          .where('t.id', '=', targetId)
          .executeTakeFirst();
        if (!target) return 0;
        const waiting = await trx
          .selectFrom('questionnaire_sealed')
          .select('id')
          .where('target_id', '=', targetId)
          .execute();
        if (waiting.length < target.min_answers) return 0;
        // Only the rows this transaction removed are published (another batch may take some).
        const taken = await trx
          .deleteFrom('questionnaire_sealed')
          .where(
            'id',
            'in',
            waiting.map((row) => row.id),
          )
          .returning('sealed')
          .execute();
        if (taken.length < target.min_answers) throw new SmallBatch();
        const payloads = taken.map((row) => unseal(key, row.sealed));
        const rows = batchRows(payloads, randomId());
        await trx
          .insertInto('questionnaire_answers')
          .values(rows.map((row) => ({ ...row, target_id: targetId, day: today })))
          .execute();
        return rows.length;
      });
    } catch (error) {
      if (error instanceof SmallBatch) return 0;
      throw error;
    }
  }

  return {
    publish,

    /** A new questionnaire of the office's: its texts trimmed, its items in order. */
    async save(body: QuestionnaireSaveBody, by: number, now: number, minAnswers: number) {
      const title = trimmedTexts(body.title);
      const items = body.items.map((item) => ({
        kind: item.kind,
        text: trimmedTexts(item.text),
        options: item.options.map(trimmedTexts),
      }));
      const refusal = draftRefusal(title, items);
      if (refusal) throw new ApiError(400, DRAFT_MESSAGES[refusal]);
      return db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('questionnaires')
          .values({
            title: JSON.stringify(title),
            created_by: by,
            created_at: now,
            min_answers: minAnswers,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('questionnaire_items')
          .values(
            items.map((item, position) => ({
              questionnaire_id: id,
              position,
              kind: item.kind,
              text: JSON.stringify(item.text),
              options: JSON.stringify(item.options),
            })),
          )
          .execute();
        return id;
      });
    },

    /** Opens a questionnaire for every teacher × discipline of the semester. */
    async open(body: QuestionnaireOpenBody, today: string): Promise<number> {
      const pairs = await access.teachingPairs(body.year, body.ws);
      return db.transaction().execute(async (trx) => {
        const questionnaire = await trx
          .selectFrom('questionnaires')
          .select('opens_on')
          .where('id', '=', body.id_questionnaire)
          .executeTakeFirstOrThrow();
        const refusal = openRefusal({
          opened: questionnaire.opens_on !== null,
          opensOn: body.opensOn,
          closesOn: body.closesOn,
          today,
          pairs: pairs.length,
        });
        if (refusal)
          throw new ApiError(refusal === 'alreadyOpened' ? 409 : 400, OPEN_MESSAGES[refusal]);
        // Guarded: of two opens at once, the second changes no row and is refused.
        const updated = await trx
          .updateTable('questionnaires')
          .set({
            year_id: body.year,
            ws_id: body.ws,
            opens_on: body.opensOn,
            closes_on: body.closesOn,
            min_answers: body.minAnswers,
          })
          .where('id', '=', body.id_questionnaire)
          .where('opens_on', 'is', null)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1)
          throw new ApiError(409, OPEN_MESSAGES.alreadyOpened);
        await trx
          .insertInto('questionnaire_targets')
          .values(
            pairs.map((pair) => ({
              questionnaire_id: body.id_questionnaire,
              teacher_id: pair.teacher_id,
              discipline_id: pair.discipline_id,
            })),
          )
          .execute();
        return pairs.length;
      });
    },

    /**
     * A student's one answer for a target they may answer (the route checked it): who answered
     * and the answer sealed, in one transaction; the primary key of the respondents refuses a
     * second answer (two tabs at once). Then the batch, if the answer completes one.
     */
    async answer(
      studentId: number,
      target: { id: number; questionnaireId: number },
      answers: EvaluationItemAnswer[],
      today: string,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const items = await trx
          .selectFrom('questionnaire_items')
          .selectAll()
          .where('questionnaire_id', '=', target.questionnaireId)
          .execute();
        const checked = checkedAnswers(items.map(itemFacts), answers);
        if ('refusal' in checked) throw new ApiError(400, ANSWER_MESSAGES[checked.refusal]);
        try {
          await trx
            .insertInto('questionnaire_respondents')
            .values({ target_id: target.id, student_id: studentId })
            .execute();
        } catch (error) {
          if (isUniqueViolation(error)) throw new ApiError(409, ANSWER_MESSAGES.alreadyAnswered);
          throw error;
        }
        await trx
          .insertInto('questionnaire_sealed')
          .values({
            id: randomId(),
            target_id: target.id,
            sealed: seal(key, JSON.stringify(checked.answers)),
          })
          .execute();
      });
      await publish(target.id, today);
    },
  };
}

export type QuestionnairesService = ReturnType<typeof createQuestionnairesService>;

/** The 32-byte key of a data folder secret (64 hex digits). */
export const keyOf = (secretHex: string): Buffer => Buffer.from(secretHex.slice(0, 64), 'hex');
