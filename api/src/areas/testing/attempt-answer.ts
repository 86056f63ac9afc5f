import type { Kysely } from 'kysely';
import type { TestingAnswerBody } from '@lms/shared/contract';
import { hiddenRecord } from '../../access/index.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Database } from '../../db/schema.js';
import {
  createAttemptRepository,
  drawnOf,
  type AnswerRow,
  type AttemptRepository,
  type AttemptRow,
} from './attempt-repository.js';
import { advanceOrRefuse, checkedLink, createChainRepository } from './chain.js';
import type { TestingRepository } from './repository.js';
import { answerRefusal, replaces } from './rules.js';
import { refused } from './service.js';
import { responseOf } from './wire.js';

const MINUTE = 60_000;

interface AnsweringParts {
  db: Kysely<Database>;
  bank: TestingRepository;
  attempts: AttemptRepository;
  regrade: (trx: Kysely<Database>, attempt: AttemptRow, questionId: number) => Promise<void>;
  ownAttempt: (studentId: number, attemptId: number) => Promise<AttemptRow>;
  current: (attempt: AttemptRow, now: number) => Promise<AttemptRow>;
}

/**
 * Saving one answer (attempt-service.ts's `answer`). It is stored unless a newer version is (the
 * same one sent again is answered from the stored one: stored once). Its link in the device's
 * hash chain, when it carries one, must continue the chain the server holds (chain.ts): a
 * forged or misplaced link is refused and nothing is written. After the deadline only an answer
 * given offline before it, with its link, is taken (rules.ts, `answerRefusal`); it is kept with
 * how late it came, and the attempt, closed by the clock, is scored again. One refused by those
 * bounds whose link is sound is kept as refused for the teacher (never scored), and the chain
 * moves on past it.
 */
export function createAnswering(parts: AnsweringParts) {
  const { db, bank, attempts, regrade, ownAttempt, current } = parts;

  return async function answer(studentId: number, body: TestingAnswerBody, now: number) {
    const found = await ownAttempt(studentId, body.attemptId);
    if (!drawnOf(found).some((drawn) => drawn.q === body.questionId)) {
      throw refused('notInAttempt');
    }
    const attempt = await current(found, now);
    const deadline = Number(attempt.deadline_at);
    const link = await checkedLink(db, attempt.id, body);
    const answered = (applied: boolean, stored: AnswerRow) => ({
      questionId: body.questionId,
      version: stored.version,
      response: responseOf(stored),
      applied,
      serverNow: now,
    });
    const before = await attempts.answer(attempt.id, body.questionId);
    if (before && !replaces(before.version, body.version)) {
      await db.transaction().execute(async (trx) => {
        await advanceOrRefuse(trx, attempt.id, link, now);
        if (now < deadline) await createAttemptRepository(trx).touch(attempt.id, now);
      });
      return answered(false, before);
    }
    const test = await bank.test(attempt.test_id);
    if (!test) throw hiddenRecord();
    const lateMs = now < deadline ? null : now - deadline;
    const refusal = answerRefusal({
      now,
      deadline,
      startedAt: Number(attempt.started_at),
      // Closed before its deadline: the student submitted it.
      submitted: attempt.open === null && Number(attempt.submitted_at) < deadline,
      graceMs: test.offline_grace_minutes * MINUTE,
      lastContactAt: Number(attempt.last_contact_at ?? attempt.started_at),
      given:
        body.contactAt === undefined
          ? undefined
          : { contactAt: body.contactAt, sinceContactMs: body.sinceContactMs ?? 0 },
    });
    if (refusal) {
      // A sound link refused by the bounds: the teacher sees it as refused (once).
      if (link && body.chain && !link.resent) {
        const chain = body.chain;
        await db.transaction().execute(async (trx) => {
          await advanceOrRefuse(trx, attempt.id, link, now);
          await createChainRepository(trx).keepRefused(
            attempt.id,
            { ...body, chain },
            refusal,
            now,
            lateMs,
          );
        });
      }
      throw refused(refusal, 409);
    }
    if (lateMs !== null && !link) throw refused('chainMissing');
    const write = {
      response: JSON.stringify(body.response),
      version: body.version,
      savedAt: now,
      lateMs,
    };
    const save = () =>
      db.transaction().execute(async (trx) => {
        const repo = createAttemptRepository(trx);
        await advanceOrRefuse(trx, attempt.id, link, now);
        const stored = await repo.answer(attempt.id, body.questionId);
        let applied: boolean;
        if (!stored) {
          await repo.insertAnswer({
            attempt_id: attempt.id,
            question_id: body.questionId,
            response: write.response,
            version: write.version,
            saved_at: now,
            late_ms: lateMs,
          });
          applied = true;
        } else {
          applied =
            replaces(stored.version, body.version) &&
            (await repo.updateAnswer(attempt.id, body.questionId, write));
        }
        if (applied && attempt.open === null) await regrade(trx, attempt, body.questionId);
        if (now < deadline) await repo.touch(attempt.id, now);
        return applied;
      });
    let applied: boolean;
    try {
      applied = await save();
    } catch (error) {
      // Two tabs wrote the first version at once: the second decides against the first.
      if (!isUniqueViolation(error)) throw error;
      applied = await save();
    }
    const stored = await attempts.answer(attempt.id, body.questionId);
    if (!stored) throw hiddenRecord();
    return answered(applied, stored);
  };
}
