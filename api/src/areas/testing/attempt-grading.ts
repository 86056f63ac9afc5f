import type { Kysely } from 'kysely';
import type { TestingAttemptScore } from '@lms/shared/contract';
import type { AccessRepository } from '../../access/teaching.js';
import type { Database } from '../../db/schema.js';
import { createAttemptRepository, drawnOf, type AttemptRow } from './attempt-repository.js';
import { createTestingRepository } from './repository.js';
import { autoGrade, scoreOf } from './rules.js';
import { keyOf, responseOf } from './wire.js';

/** The score of an attempt as stored (null while it is open). */
export function storedScore(attempt: AttemptRow, passMark: number): TestingAttemptScore | null {
  if (attempt.open !== null || attempt.score === null) return null;
  const maxScore = Number(attempt.max_score);
  const score = Number(attempt.score);
  const percent = maxScore > 0 ? Math.round((score / maxScore) * 1000) / 10 : 0;
  return { score, maxScore, percent, passed: percent >= passMark, pending: attempt.pending };
}

/** The grading of attempts, on a transaction: at the close, and again for a late answer. */
export function createAttemptGrading(access: AccessRepository) {
  /** Grades and closes an open attempt (at `at`); answers the attempt as it is then. */
  async function close(trx: Kysely<Database>, attempt: AttemptRow, at: number) {
    const repo = createAttemptRepository(trx);
    const drawn = drawnOf(attempt);
    // Read on the transaction: SQLite has one connection, which the transaction holds.
    const questions = await createTestingRepository(trx, access).questions(drawn.map((d) => d.q));
    const answers = new Map((await repo.answersOf(attempt.id)).map((a) => [a.question_id, a]));
    const awarded: (number | null)[] = [];
    for (const question of questions) {
      const answer = answers.get(question.id);
      const points = autoGrade(
        keyOf(question),
        answer ? responseOf(answer) : null,
        question.points,
      );
      if (answer) await repo.award(attempt.id, question.id, points);
      awarded.push(points === null && !answer ? 0 : points);
    }
    const score = scoreOf(awarded, Number(attempt.max_score), 0);
    await repo.close(attempt.id, { submittedAt: at, score: score.score, pending: score.pending });
    return (await repo.attempt(attempt.id)) ?? attempt;
  }

  /** Grades one (late) answer of a closed attempt and scores the attempt again. */
  async function regrade(trx: Kysely<Database>, attempt: AttemptRow, questionId: number) {
    const repo = createAttemptRepository(trx);
    const [question] = await createTestingRepository(trx, access).questions([questionId]);
    const answer = await repo.answer(attempt.id, questionId);
    if (!question || !answer) return;
    await repo.award(
      attempt.id,
      questionId,
      autoGrade(keyOf(question), responseOf(answer), question.points),
    );
    const answers = new Map((await repo.answersOf(attempt.id)).map((a) => [a.question_id, a]));
    const score = scoreOf(
      drawnOf(attempt).map((drawn) => {
        const given = answers.get(drawn.q);
        return given ? given.awarded : 0;
      }),
      Number(attempt.max_score),
      0,
    );
    await repo.rescore(attempt.id, score.score, score.pending);
  }

  return { close, regrade };
}
