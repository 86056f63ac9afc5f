import type { Kysely } from 'kysely';
import type {
  AttemptView,
  Language,
  OpenTest,
  PasskeyAssertion,
  TestingAdmissionWait,
  TestingReviewResponse,
} from '@lms/shared/contract';
import { hiddenRecord } from '../../access/index.js';
import type { AccessRepository } from '../../access/teaching.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Database } from '../../db/schema.js';
import { createAttemptRepository, drawnOf, type AttemptRow } from './attempt-repository.js';
import { createTestingRepository, type TestRow } from './repository.js';
import { createAdmissionRepository } from './admission-repository.js';
import type { Admission } from './admission.js';
import {
  byHand,
  closeFor,
  countingAttempt,
  deadlineOf,
  keyText,
  reviewShows,
  scoreOf,
  startRefusal,
} from './rules.js';
import { createAnswering } from './attempt-answer.js';
import { createAttemptGrading, storedScore } from './attempt-grading.js';
import { createChainRepository } from './chain.js';
import type { Signing } from './submission.js';
import { refused } from './service.js';
import { attemptViewOf, keyOf, payloadOf, responseOf, studentReviewOf } from './wire.js';

/**
 * The attempts (built by the area's index.ts): start, answer, submit, the teacher's review and
 * grading. The deadline is the server's: every call takes `now` from the server's clock, and an
 * attempt past its deadline is closed and graded by the first call that sees it.
 */
export function createAttemptService(
  db: Kysely<Database>,
  access: AccessRepository,
  admission: Admission,
) {
  const bank = createTestingRepository(db, access);
  const attempts = createAttemptRepository(db);

  const { close, regrade } = createAttemptGrading(access);

  /** The attempt, closed first (in a transaction of its own, or `atomic`'s) when past its deadline. */
  async function current(
    attempt: AttemptRow,
    now: number,
    atomic: <T>(work: (trx: Kysely<Database>) => Promise<T>) => Promise<T> = (work) =>
      db.transaction().execute(work),
  ): Promise<AttemptRow> {
    if (attempt.open === null || now < Number(attempt.deadline_at)) return attempt;
    return atomic((trx) => close(trx, attempt, Number(attempt.deadline_at)));
  }

  const ownAttempt = async (studentId: number, attemptId: number) => {
    const attempt = await attempts.attempt(attemptId);
    if (!attempt || attempt.student_id !== studentId) throw hiddenRecord();
    return attempt;
  };

  /** What the test lets the student see of their closed attempt now (after it, after the close). */
  async function reviewLevel(attempt: AttemptRow, test: TestRow, now: number): Promise<string> {
    const student = await attempts.studentName(attempt.student_id);
    const window = student && (await attempts.window(test.id, student.group_id));
    const extra = await attempts.extraMinutes(test.id, attempt.student_id);
    const closed = !window || now >= closeFor(window.closesAt, extra);
    return closed ? test.review_after_close : test.review_after_attempt;
  }

  async function view(attempt: AttemptRow, now: number): Promise<AttemptView> {
    const test = await bank.test(attempt.test_id);
    if (!test) throw hiddenRecord();
    const questions = await bank.questions(drawnOf(attempt).map((d) => d.q));
    const answers = await attempts.answersOf(attempt.id);
    const result = storedScore(attempt, test.pass_mark);
    const shown = attemptViewOf(attempt, test.title, questions, answers, result, now);
    if (attempt.open !== null) {
      // The device has the server's clock of this answer: its last contact (rules.ts).
      await attempts.touch(attempt.id, now);
      return shown;
    }
    const level = await reviewLevel(attempt, test, now);
    return reviewShows(level, 'answers')
      ? { ...shown, review: studentReviewOf(attempt, questions, answers, level) }
      : shown;
  }

  return {
    /** The tests open to the student now (or which they have sat), with attempts left. */
    async openTests(lng: Language, studentId: number, now: number): Promise<OpenTest[]> {
      const student = await attempts.studentName(studentId);
      if (!student) return [];
      const windows = await bank.windowsOfGroup(lng, student.group_id);
      const list: OpenTest[] = [];
      for (const window of windows) {
        const extra = await attempts.extraMinutes(window.id, studentId);
        const closesAt = closeFor(Number(window.closes_at), extra);
        const mine = await Promise.all(
          (await attempts.attemptsOf(window.id, studentId)).map((a) => current(a, now)),
        );
        const open = now >= Number(window.opens_at) && now < closesAt;
        if (!open && mine.length === 0) continue;
        const scored = mine.flatMap((attempt) => {
          const score = storedScore(attempt, window.pass_mark);
          return score ? [{ number: attempt.number, score }] : [];
        });
        list.push({
          testId: window.id,
          title: window.title,
          discipline: window.discipline,
          opensAt: Number(window.opens_at),
          closesAt,
          timeLimitMinutes: window.time_limit_minutes,
          attemptsAllowed: window.attempts_allowed,
          attemptsUsed: mine.length,
          openAttemptId: mine.find((attempt) => attempt.open !== null)?.id ?? null,
          result: countingAttempt(scored, window.grading)?.score ?? null,
        });
      }
      return list;
    },

    /**
     * Starts an attempt, or answers the one already open (one per student and test). A student
     * whose slot in the start queue has not come is answered their place (admission.ts); the
     * attempt starts when they are admitted, its deadline counted from then.
     */
    async start(
      studentId: number,
      groupId: number,
      testId: number,
      now: number,
    ): Promise<AttemptView | TestingAdmissionWait> {
      const test = await bank.test(testId);
      if (!test) throw hiddenRecord();
      const window = await attempts.window(testId, groupId);
      if (!window) throw hiddenRecord();
      const mine = await attempts.attemptsOf(testId, studentId);
      for (const attempt of mine) {
        const live = await current(attempt, now);
        if (live.open === null) continue;
        // A ticket a second tab's press drew while this attempt started is no place for the next.
        await admission.spend(testId, studentId);
        return view(live, now);
      }
      const extra = await attempts.extraMinutes(testId, studentId);
      const facts = { now, window, extraMinutes: extra, attemptsAllowed: test.attempts_allowed };
      // Refused before the queue: a closed window or no attempts left is not worth a place.
      const early = startRefusal({ ...facts, attemptsUsed: mine.length });
      if (early) throw refused(early, 403);
      const ticket = await admission.enter(test, studentId, now);
      if (!ticket) {
        const open = (await attempts.attemptsOf(testId, studentId)).find((a) => a.open !== null);
        if (open) return view(open, now);
        throw refused('notOpen', 409);
      }
      if (ticket.slot_at > now) return admission.wait(ticket, now);
      let id: number;
      try {
        id = await db.transaction().execute(async (trx) => {
          const repo = createAttemptRepository(trx);
          const used = (await repo.attemptsOf(testId, studentId)).length;
          const refusal = startRefusal({ ...facts, attemptsUsed: used });
          if (refusal) throw refused(refusal, 403);
          await createAdmissionRepository(trx).consume(ticket.id);
          return repo.insertAttempt({
            test_id: testId,
            student_id: studentId,
            number: used + 1,
            started_at: now,
            last_contact_at: now,
            deadline_at: deadlineOf(now, test.time_limit_minutes, extra, window.closesAt),
            submitted_at: null,
            open: 1,
            drawn: ticket.drawn,
            score: null,
            max_score: Number(ticket.max_score),
          });
        });
      } catch (error) {
        // Another tab started at the same moment: the database kept one, answer that one. A
        // ticket this press drew meanwhile is spent with it (not a head start on the next).
        if (!isUniqueViolation(error)) throw error;
        const open = (await attempts.attemptsOf(testId, studentId)).find((a) => a.open !== null);
        if (!open) throw error;
        await createAdmissionRepository(db).consume(ticket.id);
        return view(open, now);
      }
      return view((await attempts.attempt(id)) as AttemptRow, now);
    },

    async attempt(studentId: number, attemptId: number, now: number) {
      return view(await current(await ownAttempt(studentId, attemptId), now), now);
    },

    /** Saves answers given on the device: one, or a device's waiting list (attempt-answer.ts). */
    ...createAnswering({ db, access, regrade, ownAttempt, current }),

    /**
     * Submits the attempt. With the student's passkey assertion over a chain head the attempt
     * holds (submission.ts), the signature is kept with it; a refused one submits nothing.
     */
    async submit(
      studentId: number,
      attemptId: number,
      now: number,
      signed?: { uid: number; passkey: PasskeyAssertion; signing: Signing },
    ) {
      const attempt = await current(await ownAttempt(studentId, attemptId), now);
      const signature =
        signed && attempt.signed_head === null
          ? await signed.signing.checked(attemptId, signed.uid, signed.passkey, now)
          : null;
      await db.transaction().execute(async (trx) => {
        if (attempt.open !== null) await close(trx, attempt, now);
        if (signature) {
          await trx
            .updateTable('testing_attempts')
            .set(signature)
            .where('id', '=', attemptId)
            .where('signed_head', 'is', null)
            .execute();
        }
      });
      return view((await attempts.attempt(attemptId)) as AttemptRow, now);
    },

    /** The teacher's attempts at their test, closed ones graded. */
    async results(test: TestRow, now: number) {
      const rows = await attempts.attemptsAt(test.id);
      return Promise.all(
        rows.map(async (row) => {
          const attempt = await current(row, now);
          return {
            attemptId: attempt.id,
            studentId: attempt.student_id,
            student: row.full_name,
            number: attempt.number,
            startedAt: Number(attempt.started_at),
            submittedAt: attempt.submitted_at === null ? null : Number(attempt.submitted_at),
            result: storedScore(attempt, test.pass_mark),
          };
        }),
      );
    },

    /** An attempt of the teacher's test, with responses, points and the key. */
    async review(
      teacherId: number,
      attemptId: number,
      now: number,
      lang: Language,
    ): Promise<TestingReviewResponse> {
      const found = await attempts.attempt(attemptId);
      const test = found && (await bank.test(found.test_id));
      if (!found || !test || test.teacher_id !== teacherId) throw hiddenRecord();
      const attempt = await current(found, now);
      const questions = new Map(
        (await bank.questions(drawnOf(attempt).map((d) => d.q))).map((q) => [q.id, q]),
      );
      const answers = new Map(
        (await attempts.answersOf(attempt.id)).map((a) => [a.question_id, a]),
      );
      const student = await attempts.studentName(attempt.student_id);
      return {
        attemptId: attempt.id,
        student: student?.full_name ?? '',
        items: drawnOf(attempt).flatMap((drawn) => {
          const question = questions.get(drawn.q);
          if (!question) return [];
          const answer = answers.get(question.id);
          return [
            {
              questionId: question.id,
              kind: question.kind as never,
              text: question.text,
              points: question.points,
              response: answer ? responseOf(answer) : null,
              awarded: answer?.awarded ?? (attempt.open === null ? 0 : null),
              key: keyText(keyOf(question), payloadOf(question)),
              ...(answer?.late_ms == null ? {} : { lateMs: Number(answer.late_ms) }),
            },
          ];
        }),
        refused: await createChainRepository(db).refusedOf(attempt.id, lang),
        passkeySigned: attempt.signed_head !== null,
      };
    },

    /** Grades an essay of a closed attempt by hand and scores the attempt again. */
    async grade(
      teacherId: number,
      body: { attemptId: number; questionId: number; points: number },
      now: number,
      lang: Language,
    ) {
      const review = await this.review(teacherId, body.attemptId, now, lang);
      const item = review.items.find((entry) => entry.questionId === body.questionId);
      if (!item) throw refused('notInAttempt');
      if (!byHand(item.kind)) throw refused('notEssay');
      if (body.points > item.points) throw refused('tooManyPoints');
      const attempt = (await attempts.attempt(body.attemptId)) as AttemptRow;
      if (attempt.open !== null) throw refused('notOpen', 409);
      if (item.response === null) throw refused('notInAttempt');
      await db.transaction().execute(async (trx) => {
        const repo = createAttemptRepository(trx);
        await repo.award(attempt.id, body.questionId, body.points);
        const awarded = new Map((await repo.answersOf(attempt.id)).map((a) => [a.question_id, a]));
        const score = scoreOf(
          review.items.map((entry) => {
            const answer = awarded.get(entry.questionId);
            return answer ? answer.awarded : 0;
          }),
          Number(attempt.max_score),
          0,
        );
        await repo.rescore(attempt.id, score.score, score.pending);
      });
      return this.review(teacherId, body.attemptId, now, lang);
    },
  };
}

export type AttemptService = ReturnType<typeof createAttemptService>;
