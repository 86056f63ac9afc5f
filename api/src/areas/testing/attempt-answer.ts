import type { Kysely } from 'kysely';
import type {
  Language,
  TestingAnswerBody,
  TestingAnswerOutcome,
  TestingAnswerResponse,
  TestingAnswersBody,
  TestingAnswersResponse,
} from '@lms/shared/contract';
import { hiddenRecord } from '../../access/index.js';
import type { AccessRepository } from '../../access/teaching.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Database } from '../../db/schema.js';
import { ApiError } from '../../lib/http.js';
import {
  createAttemptRepository,
  drawnOf,
  type AnswerRow,
  type AttemptRow,
} from './attempt-repository.js';
import {
  advanceOrRefuse,
  checkedLink,
  createChainRepository,
  takenBefore,
  type ChainHead,
} from './chain.js';
import { createTestingRepository, type TestRow } from './repository.js';
import { createListAtOnce, ListRace } from './attempt-list.js';
import { answerRefusal, replaces } from './rules.js';
import { refused } from './service.js';
import { responseOf } from './wire.js';

const MINUTE = 60_000;

/** Runs a write of several statements as one: a transaction of its own, or the one it is in. */
type Atomic = <T>(work: (trx: Kysely<Database>) => Promise<T>) => Promise<T>;

/** Where an answer is read and written: the handle, or the transaction of a list of answers. */
interface Scope {
  db: Kysely<Database>;
  atomic: Atomic;
  /** Within a list's transaction (a failed statement there ends it: no retry inside). */
  inList: boolean;
  /** The list's links taken before (chain.ts, `takenBefore`). */
  taken?: Set<TestingAnswerBody>;
  /** A list's reads, kept as its answers write (one transaction: nobody else's writes in it). */
  list?: ListState;
}

/**
 * What a list's transaction read once and keeps as its own writes change it, so each answer
 * of the list is two statements (the chain's move and the answer's write), not nine: the
 * attempt, the devices' chain heads, the stored answers, the test, and the last contact, which
 * is written once when the list ends.
 */
interface ListState {
  attempt: AttemptRow;
  heads: Map<string, ChainHead>;
  answers: Map<number, AnswerRow>;
  test?: TestRow;
  /** The contact to note when the list ends (`touch`), or null. */
  contactAt: number | null;
}

interface AnsweringParts {
  db: Kysely<Database>;
  access: AccessRepository;
  regrade: (trx: Kysely<Database>, attempt: AttemptRow, questionId: number) => Promise<void>;
  ownAttempt: (studentId: number, attemptId: number) => Promise<AttemptRow>;
  /** The attempt, closed first (by `atomic`) when its deadline has passed. */
  current: (attempt: AttemptRow, now: number, atomic: Atomic) => Promise<AttemptRow>;
}

/**
 * Lists applied at once by one API process. Each holds a database connection for its whole
 * transaction (the pool has 10 on PostgreSQL); when a crowd comes back online at once, the lists
 * beyond these wait their turn here, holding none, so the answers given live meanwhile still find
 * a connection at once.
 */
export const LISTS_AT_ONCE = 3;

/** Runs work `slots` at a time, the rest in the order they came. */
export function createTurns(slots: number) {
  let free = slots;
  const waiting: (() => void)[] = [];
  return async function inTurn<T>(work: () => Promise<T>): Promise<T> {
    if (free > 0) free -= 1;
    else await new Promise<void>((resume) => waiting.push(resume));
    try {
      return await work();
    } finally {
      // The slot goes to the next in line, or back.
      const next = waiting.shift();
      if (next) next();
      else free += 1;
    }
  };
}

/** The question must be one drawn for the attempt. */
function checkInAttempt(attempt: AttemptRow, questionId: number): void {
  if (!drawnOf(attempt).some((drawn) => drawn.q === questionId)) throw refused('notInAttempt');
}

/**
 * Saving answers (attempt-service.ts's `answer` and `answers`). An answer is stored unless a newer
 * version is (the same one sent again is answered from the stored one: stored once). Its link in
 * the device's hash chain, when it carries one, must continue the chain the server holds
 * (chain.ts): a forged or misplaced link is refused and nothing is written. After the deadline
 * only an answer given offline before it, with its link, is taken (rules.ts, `answerRefusal`);
 * it is kept with how late it came, and the attempt, closed by the clock, is scored again. One
 * refused by those bounds whose link is sound is kept as refused for the teacher (never scored),
 * and the chain moves on past it.
 *
 * A device's list of waiting answers (`answers`) goes through the very same steps, one answer
 * after the other in the list's order, all in one transaction: each sees what those before it
 * wrote (the chain's head, the versions, the last contact). The first answer refused ends the
 * list: those before it stay, its refusal is told as the single route tells it (and one refused
 * by the bounds is kept for the teacher, as there), and those after it are not tried. A list sent
 * again after its answer was lost is answered from what is stored (chain.ts, `takenBefore`).
 */
export function createAnswering(parts: AnsweringParts) {
  const { db, access, regrade, ownAttempt, current } = parts;

  /** One answer to `found` (the student's own attempt as read now), on `scope`. */
  async function answerOn(
    scope: Scope,
    found: AttemptRow,
    body: TestingAnswerBody,
    now: number,
  ): Promise<TestingAnswerResponse> {
    const attempts = createAttemptRepository(scope.db);
    const { list } = scope;
    const attempt = await current(found, now, scope.atomic);
    if (list) list.attempt = attempt;
    const deadline = Number(attempt.deadline_at);
    const link = await checkedLink(scope.db, attempt.id, body, scope.taken, list?.heads);
    const storedNow = () =>
      list ? list.answers.get(body.questionId) : attempts.answer(attempt.id, body.questionId);
    /** Notes the contact: at once alone, when the list ends in a list. */
    const touch = async (trx: Kysely<Database>) => {
      if (now >= deadline) return;
      if (!list) return createAttemptRepository(trx).touch(attempt.id, now);
      const last = attempt.last_contact_at;
      if (last === null || Number(last) < now) {
        list.attempt = { ...attempt, last_contact_at: now };
        list.contactAt = now;
      }
    };
    const answered = (applied: boolean, stored: AnswerRow) => ({
      questionId: body.questionId,
      version: stored.version,
      response: responseOf(stored),
      applied,
      serverNow: now,
    });
    const before = await storedNow();
    if (before && !replaces(before.version, body.version)) {
      await scope.atomic(async (trx) => {
        await advanceOrRefuse(trx, attempt.id, link, now, list?.heads);
        await touch(trx);
      });
      return answered(false, before);
    }
    // Taken before (a list sent again, or the head itself sent again) yet not stored as new:
    // what answer.json says of a link behind the head. Such a link is never written: its own
    // facts are not checked against its digest (the server keeps the head, not the link before
    // it), so a head sent again with another answer and a higher version changes nothing.
    if (scope.taken?.has(body) || link?.resent) throw refused('chainOrder', 409);
    const test =
      list?.test ?? (await createTestingRepository(scope.db, access).test(attempt.test_id));
    if (!test) throw hiddenRecord();
    if (list) list.test = test;
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
        await scope.atomic(async (trx) => {
          await advanceOrRefuse(trx, attempt.id, link, now, list?.heads);
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
      scope.atomic(async (trx) => {
        const repo = createAttemptRepository(trx);
        await advanceOrRefuse(trx, attempt.id, link, now, list?.heads);
        // In a list the stored answer is the one read before (the same transaction).
        const stored = list ? before : await repo.answer(attempt.id, body.questionId);
        let applied: boolean;
        let written: AnswerRow | undefined;
        if (!stored) {
          written = await repo.insertAnswer({
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
          if (applied) {
            const { response, version } = write;
            written = { ...stored, response, version, saved_at: now, late_ms: lateMs };
          }
        }
        if (applied && attempt.open === null) {
          await regrade(trx, attempt, body.questionId);
          written = undefined;
        }
        await touch(trx);
        if (list) {
          // What is stored now: as written, or read (regraded, or another writer's newer one).
          const kept = written ?? (await repo.answer(attempt.id, body.questionId));
          if (kept) list.answers.set(body.questionId, kept);
        }
        return applied;
      });
    let applied: boolean;
    try {
      applied = await save();
    } catch (error) {
      // Two tabs wrote the first version at once: the second decides against the first (a
      // list's transaction is ended by the failed insert: the whole list is tried again).
      if (!isUniqueViolation(error) || scope.inList) throw error;
      applied = await save();
    }
    const stored = await storedNow();
    if (!stored) throw hiddenRecord();
    return answered(applied, stored);
  }

  const inTurn = createTurns(LISTS_AT_ONCE);
  const applyListAtOnce = createListAtOnce(db);

  const alone: Scope = {
    db,
    atomic: (work) => db.transaction().execute(work),
    inList: false,
  };

  /** The list, in one transaction: an outcome per answer tried (the refused one ends it). */
  const applyList = (body: TestingAnswersBody, now: number, lang: Language) =>
    db.transaction().execute(async (trx) => {
      const heads = await createChainRepository(trx).headsOf(body.attemptId);
      const taken = takenBefore(
        body.attemptId,
        new Map(heads.map(({ device, ...head }) => [device, head])),
        body.answers,
      );
      const repo = createAttemptRepository(trx);
      const attempt = await repo.attempt(body.attemptId);
      if (!attempt) throw hiddenRecord();
      const list: ListState = {
        attempt,
        heads: new Map(heads.map(({ device, seq, head }) => [device, { seq, head }])),
        answers: new Map((await repo.answersOf(attempt.id)).map((a) => [a.question_id, a])),
        contactAt: null,
      };
      const scope: Scope = { db: trx, atomic: (work) => work(trx), inList: true, taken, list };
      const results: TestingAnswerOutcome[] = [];
      for (const item of body.answers) {
        try {
          // As the answer before left it (closed by the clock, its contact noted).
          const answer = await answerOn(scope, list.attempt, item, now);
          results.push({ questionId: item.questionId, status: 200, answer });
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          const { statusCode, text } = error;
          results.push({ questionId: item.questionId, status: statusCode, error: text[lang] });
          break;
        }
      }
      if (list.contactAt !== null) await repo.touch(attempt.id, list.contactAt);
      return results;
    });

  return {
    /** One answer (student/answer.json). */
    async answer(studentId: number, body: TestingAnswerBody, now: number) {
      const found = await ownAttempt(studentId, body.attemptId);
      checkInAttempt(found, body.questionId);
      return answerOn(alone, found, body, now);
    },

    /**
     * A device's waiting answers to one attempt (student/answers.json). A list naming another
     * attempt in an answer, or a question not drawn for it, is refused whole (nothing written).
     */
    async answers(
      studentId: number,
      body: TestingAnswersBody,
      now: number,
      lang: Language,
    ): Promise<TestingAnswersResponse> {
      const found = await ownAttempt(studentId, body.attemptId);
      for (const item of body.answers) {
        if (item.attemptId !== body.attemptId) throw refused('otherAttempt');
        checkInAttempt(found, item.questionId);
      }
      const results = await inTurn(async () => {
        try {
          const atOnce = await applyListAtOnce(body, now, lang).catch((error: unknown) => {
            // Another request wrote meanwhile: one answer after the other, as it finds them.
            if (error instanceof ListRace || isUniqueViolation(error)) return null;
            throw error;
          });
          return atOnce ?? (await applyList(body, now, lang));
        } catch (error) {
          // Another tab's first version of a question went in meanwhile: the list again, over it.
          if (!isUniqueViolation(error)) throw error;
          return applyList(body, now, lang);
        }
      });
      return { results, serverNow: now };
    },
  };
}
