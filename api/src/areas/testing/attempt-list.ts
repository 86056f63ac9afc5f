import type { Kysely } from 'kysely';
import type {
  Language,
  TestingAnswerBody,
  TestingAnswerOutcome,
  TestingAnswersBody,
} from '@lms/shared/contract';
import { hiddenRecord } from '../../access/index.js';
import type { Database } from '../../db/schema.js';
import type { ApiError } from '../../lib/http.js';
import { createAttemptRepository, type AnswerRow } from './attempt-repository.js';
import { checkLink, createChainRepository, takenBefore, type CheckedLink } from './chain.js';
import { replaces } from './rules.js';
import { refused } from './service.js';
import { responseOf } from './wire.js';

/** A write of a list decided at once that another request beat (see `createListAtOnce`). */
export class ListRace extends Error {}

/**
 * The list of an open attempt before its deadline (the crowd coming back online), in a few
 * round trips: the heads, the attempt and its stored answers read once; every answer decided in
 * memory by the very rules of `answerOn` (before the deadline no bound refuses, the test is not
 * needed); then each device's chain moved once, from the head read to the list's last link, the
 * answers written in one upsert, the contact noted once. Null when the attempt is closed or past
 * its deadline (the list goes one answer after the other). A write another request got in
 * before (a chain moved, a newer version stored, the attempt's first answer) throws
 * `ListRace`: the transaction is undone and the list goes one answer after the other.
 */
export function createListAtOnce(db: Kysely<Database>) {
  return (body: TestingAnswersBody, now: number, lang: Language) =>
    db.transaction().execute(async (trx) => {
      const repo = createAttemptRepository(trx);
      const chains = createChainRepository(trx);
      const attempt = await repo.attempt(body.attemptId);
      if (!attempt) throw hiddenRecord();
      if (attempt.open === null || now >= Number(attempt.deadline_at)) return null;
      const read = await chains.headsOf(attempt.id);
      const start = new Map(read.map(({ device, seq, head }) => [device, { seq, head }]));
      const heads = new Map(start);
      const taken = takenBefore(attempt.id, new Map(start), body.answers);
      const stored = new Map((await repo.answersOf(attempt.id)).map((a) => [a.question_id, a]));
      const written = new Map<number, AnswerRow>();
      const results: TestingAnswerOutcome[] = [];
      const answered = (item: TestingAnswerBody, applied: boolean, row: AnswerRow) =>
        results.push({
          questionId: item.questionId,
          status: 200,
          answer: {
            questionId: item.questionId,
            version: row.version,
            response: responseOf(row),
            applied,
            serverNow: now,
          },
        });
      const refuse = (item: TestingAnswerBody, error: ApiError) =>
        results.push({
          questionId: item.questionId,
          status: error.statusCode,
          error: error.text[lang],
        });
      for (const item of body.answers) {
        let link: CheckedLink | null = null;
        if (item.chain) {
          if (taken.has(item)) link = { link: item.chain, previous: null, resent: true };
          else {
            const checked = checkLink(attempt.id, heads.get(item.chain.device) ?? null, {
              ...item,
              chain: item.chain,
            });
            if ('refusal' in checked) {
              refuse(item, refused(checked.refusal, checked.status));
              break;
            }
            link = checked;
          }
        }
        const moveChain = () => {
          if (link && !link.resent) {
            heads.set(link.link.device, { seq: link.link.seq, head: link.link.digest });
          }
        };
        const before = stored.get(item.questionId);
        if (before && !replaces(before.version, item.version)) {
          moveChain();
          answered(item, false, before);
          continue;
        }
        if (taken.has(item) || link?.resent) {
          refuse(item, refused('chainOrder', 409));
          break;
        }
        moveChain();
        const row: AnswerRow = {
          id: before?.id ?? 0,
          attempt_id: attempt.id,
          question_id: item.questionId,
          response: JSON.stringify(item.response),
          version: item.version,
          saved_at: now,
          late_ms: null,
          awarded: before?.awarded ?? null,
        };
        stored.set(item.questionId, row);
        written.set(item.questionId, row);
        answered(item, true, row);
      }
      // What was decided, written: each chain from the head read, only if nobody moved it.
      for (const [device, head] of heads) {
        const from = start.get(device);
        if (from && from.seq === head.seq && from.head === head.head) continue;
        const link = { device, seq: head.seq, digest: head.head } as CheckedLink['link'];
        const moved = await chains.advance(
          attempt.id,
          { link, previous: from ?? null, resent: false },
          now,
        );
        if (!moved) throw new ListRace();
      }
      if (written.size > 0 && !(await repo.writeAnswers([...written.values()]))) {
        throw new ListRace();
      }
      // Every answer taken (new or not) is a contact.
      if (results.some((result) => result.status === 200)) await repo.touch(attempt.id, now);
      return results;
    });
}
