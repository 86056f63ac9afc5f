// Testing's decisions: pure functions of facts already read (no database, no Fastify, no
// texts), unit-tested in api/test/unit/testing-rules.test.ts.
import type {
  QuestionKind,
  QuestionSaveBody,
  TestingAnswerValue,
  TestingAttemptScore,
} from '@lms/shared/contract';
import type { GiftRefusal } from './gift.js';
import type { MoodleRefusal } from './moodle-xml.js';

/** Why a write is refused; each code has its text in messages.ts. */
export type TestingRefusal =
  | 'blankText'
  | 'tooFewOptions'
  | 'noCorrectOption'
  | 'oneCorrectOption'
  | 'noVariants'
  | 'noNumber'
  | 'noTruth'
  | 'noMatch'
  | 'windowOrder'
  | 'notOpen'
  | 'noAttemptsLeft'
  | 'timeIsUp'
  | 'lateAnswer'
  | 'submitted'
  | 'chainMissing'
  | 'chainForged'
  | 'chainOrder'
  | 'passkeyMismatch'
  | 'passkeyExpired'
  | 'passkeyInvalid'
  | 'notInAttempt'
  | 'otherAttempt'
  | 'notEssay'
  | 'tooManyPoints'
  | 'notEnoughQuestions'
  | 'topicTaken'
  | GiftRefusal
  | MoodleRefusal
  | 'importTooLong';

/** An option as a student sees it. */
export interface PublicOption {
  id: string;
  text: string;
}

/** What a student is shown of a question besides its text. */
export interface QuestionPayload {
  options: PublicOption[];
  choices: PublicOption[];
}

/** The key of a question: read by the grading only. */
export type QuestionKey =
  | { kind: 'single' | 'multiple'; correct: string[] }
  | { kind: 'truefalse'; truth: boolean }
  | {
      kind: 'short';
      variants: string[];
      caseSensitive: boolean;
      /** Answers worth part of the points: [text, percent]. */
      partial?: [string, number][];
    }
  | { kind: 'numeric'; value: number; tolerance: number }
  | { kind: 'matching'; pairs: [string, string][] }
  | { kind: 'ordering'; order: string[] }
  | { kind: 'essay' };

/** Spaces folded, trimmed: how text is compared and stored. */
export const folded = (text: string): string => text.trim().replace(/\s+/g, ' ');

/**
 * A question as written, checked and split into what a student sees and its key, or the
 * refusal. `newId` makes the options' ids (random, so their order tells nothing).
 */
export function authoredQuestion(
  body: Omit<QuestionSaveBody, 'topicId'>,
  newId: () => string,
): { refusal: TestingRefusal } | { payload: QuestionPayload; key: QuestionKey } {
  if (folded(body.text) === '') return { refusal: 'blankText' };
  const options = (body.options ?? []).map((option) => ({ ...option, text: folded(option.text) }));
  if (options.some((option) => option.text === '')) return { refusal: 'blankText' };
  const withIds = options.map((option) => ({ id: newId(), text: option.text }));
  const none: QuestionPayload = { options: [], choices: [] };
  switch (body.kind) {
    case 'single':
    case 'multiple': {
      if (options.length < 2) return { refusal: 'tooFewOptions' };
      const correct = withIds.filter((_, i) => options[i]?.correct === true).map((o) => o.id);
      if (correct.length === 0) return { refusal: 'noCorrectOption' };
      if (body.kind === 'single' && correct.length > 1) return { refusal: 'oneCorrectOption' };
      return { payload: { ...none, options: withIds }, key: { kind: body.kind, correct } };
    }
    case 'truefalse':
      if (body.truth === undefined) return { refusal: 'noTruth' };
      return { payload: none, key: { kind: 'truefalse', truth: body.truth } };
    case 'short': {
      const variants = (body.variants ?? []).map(folded).filter((v) => v !== '');
      if (variants.length === 0) return { refusal: 'noVariants' };
      const partial = (body.partialVariants ?? [])
        .map((v): [string, number] => [folded(v.text), v.percent])
        .filter(([text]) => text !== '');
      return {
        payload: none,
        key: {
          kind: 'short',
          variants,
          caseSensitive: body.caseSensitive === true,
          ...(partial.length > 0 && { partial }),
        },
      };
    }
    case 'numeric':
      if (body.value === undefined) return { refusal: 'noNumber' };
      return {
        payload: none,
        key: { kind: 'numeric', value: body.value, tolerance: body.tolerance ?? 0 },
      };
    case 'matching': {
      if (options.length < 2) return { refusal: 'tooFewOptions' };
      if (options.some((option) => folded(option.match ?? '') === '')) {
        return { refusal: 'noMatch' };
      }
      const choices = options.map((option) => ({ id: newId(), text: folded(option.match ?? '') }));
      const pairs = withIds.map((left, i): [string, string] => [left.id, choices[i]?.id ?? '']);
      return { payload: { options: withIds, choices }, key: { kind: 'matching', pairs } };
    }
    case 'ordering':
      if (options.length < 2) return { refusal: 'tooFewOptions' };
      return {
        payload: { ...none, options: withIds },
        key: { kind: 'ordering', order: withIds.map((o) => o.id) },
      };
    case 'essay':
      return { payload: none, key: { kind: 'essay' } };
  }
}

/**
 * The points a response earns, or null for an essay (graded by hand). All or nothing, except
 * matching and multiple choice, which earn their share of right pairs / right choices (a wrong
 * choice cancels a right one), and a short answer matching a partial variant (its percent).
 */
export function autoGrade(
  key: QuestionKey,
  response: TestingAnswerValue | null,
  points: number,
): number | null {
  if (key.kind === 'essay') return null;
  if (!response) return 0;
  const share = (fraction: number) => Math.round(Math.max(0, fraction) * points * 100) / 100;
  switch (key.kind) {
    case 'single':
      return response.choice?.length === 1 && response.choice[0] === key.correct[0] ? points : 0;
    case 'multiple': {
      const chosen = new Set(response.choice ?? []);
      const right = key.correct.filter((id) => chosen.has(id)).length;
      const wrong = chosen.size - right;
      return share((right - wrong) / key.correct.length);
    }
    case 'truefalse':
      return response.truth === key.truth ? points : 0;
    case 'short': {
      const given = folded(response.text ?? '');
      const same = (variant: string) =>
        key.caseSensitive ? variant === given : variant.toLowerCase() === given.toLowerCase();
      if (given === '') return 0;
      if (key.variants.some(same)) return points;
      const part = Math.max(0, ...(key.partial ?? []).filter(([v]) => same(v)).map(([, p]) => p));
      return share(part / 100);
    }
    case 'numeric':
      return response.value !== undefined &&
        Math.abs(response.value - key.value) <= key.tolerance + 1e-9
        ? points
        : 0;
    case 'matching': {
      const given = new Map((response.pairs ?? []).map((pair) => [pair.left, pair.right]));
      const right = key.pairs.filter(([left, match]) => given.get(left) === match).length;
      return share(right / key.pairs.length);
    }
    case 'ordering': {
      const order = response.order ?? [];
      return order.length === key.order.length && order.every((id, i) => id === key.order[i])
        ? points
        : 0;
    }
  }
}

/** The key as a teacher reads it in a review. */
export function keyText(key: QuestionKey, payload: QuestionPayload): string {
  const textOf = (id: string) =>
    [...payload.options, ...payload.choices].find((option) => option.id === id)?.text ?? id;
  switch (key.kind) {
    case 'single':
    case 'multiple':
      return key.correct.map(textOf).join('; ');
    case 'truefalse':
      return String(key.truth);
    case 'short':
      return [...key.variants, ...(key.partial ?? []).map(([v, p]) => `${v} (${p} %)`)].join(' | ');
    case 'numeric':
      return `${key.value} ± ${key.tolerance}`;
    case 'matching':
      return key.pairs.map(([l, r]) => `${textOf(l)} → ${textOf(r)}`).join('; ');
    case 'ordering':
      return key.order.map(textOf).join(' → ');
    case 'essay':
      return '';
  }
}

/** A window's times are in order. */
export const windowRefusal = (opensAt: number, closesAt: number): TestingRefusal | null =>
  closesAt > opensAt ? null : 'windowOrder';

/** What a start is decided on. */
export interface StartFacts {
  now: number;
  window: { opensAt: number; closesAt: number } | undefined;
  extraMinutes: number;
  attemptsAllowed: number;
  attemptsUsed: number;
}

const MINUTE = 60_000;

/** The close of the student's window, moved by their extra time. */
export const closeFor = (closesAt: number, extraMinutes: number): number =>
  closesAt + extraMinutes * MINUTE;

/** Whether a new attempt may start now: the refusal, or null. */
export function startRefusal(facts: StartFacts): TestingRefusal | null {
  const { window, now } = facts;
  if (!window || now < window.opensAt || now >= closeFor(window.closesAt, facts.extraMinutes)) {
    return 'notOpen';
  }
  if (facts.attemptsUsed >= facts.attemptsAllowed) return 'noAttemptsLeft';
  return null;
}

/** The attempt's deadline: its time limit plus extra time, never after the (moved) close. */
export function deadlineOf(
  startedAt: number,
  timeLimitMinutes: number,
  extraMinutes: number,
  closesAt: number,
): number {
  return Math.min(
    startedAt + (timeLimitMinutes + extraMinutes) * MINUTE,
    closeFor(closesAt, extraMinutes),
  );
}

/** What an answer is decided on: the server's facts, and what the device says of it. */
export interface AnswerFacts {
  /** The server's clock when the answer arrives. */
  now: number;
  deadline: number;
  startedAt: number;
  /** The student submitted the attempt (a close by the clock is not a submit). */
  submitted: boolean;
  /** The test's grace after the deadline for answers given offline, in ms. */
  graceMs: number;
  /** The server's time of its last answer to the device on this attempt before the deadline. */
  lastContactAt: number;
  /** The device's word: the `serverNow` of its last answer, and the ms it counted since. */
  given?: { contactAt: number; sinceContactMs: number } | undefined;
}

/**
 * Whether an answer may be written to an attempt now.
 *
 * Before the deadline (the server's clock) every answer is taken. After it, only an answer given
 * offline before it, and only within firm bounds, because a device controls its own clock while
 * offline and the server trusts it only where it can check it:
 * - the answer arrives within the test's grace after the deadline (the server's clock);
 * - it names the device's last contact: a `serverNow` the server itself answered on this attempt
 *   (not before the start, not after the server's own record of its last answer before the
 *   deadline), so the contact was before the deadline;
 * - the device's count from that contact to the answer (its monotonic timer, which it could
 *   falsify but not beyond what follows) puts the answer before the deadline, and not after
 *   the moment it arrived.
 * So an answer given after the deadline is refused from any honest device, and no device can
 * have an answer taken later than the grace, or for an attempt it had not been answered on.
 * A submitted attempt takes nothing. The same answer sent again is answered from the stored one
 * before this is asked (`replaces`), so a resend is never refused nor stored twice.
 */
export function answerRefusal(facts: AnswerFacts): TestingRefusal | null {
  if (facts.submitted) return 'submitted';
  if (facts.now < facts.deadline) return null;
  const given = facts.given;
  if (!given) return 'timeIsUp';
  if (facts.now >= facts.deadline + facts.graceMs) return 'lateAnswer';
  const contact = given.contactAt;
  if (contact < facts.startedAt || contact > facts.lastContactAt || contact >= facts.deadline) {
    return 'lateAnswer';
  }
  const givenAt = contact + given.sinceContactMs;
  if (givenAt >= facts.deadline || givenAt > facts.now) return 'lateAnswer';
  return null;
}

/** How the review levels order: each shows what the one before it does, and more. */
const REVIEW_ORDER = ['score', 'answers', 'feedback'] as const;
/** Whether a review `level` shows `what`. */
export const reviewShows = (level: string, what: 'answers' | 'feedback'): boolean =>
  REVIEW_ORDER.indexOf(level as never) >= REVIEW_ORDER.indexOf(what);

/**
 * The teacher's feedback a student reads in their review: that of the options they chose (single
 * and multiple choice, as GIFT `#…` and Moodle XML `<feedback>` give it), then the question's.
 * Payload options carry the authored options' ids in the same order.
 */
export function feedbackFor(
  authored: { feedback?: string; options?: { feedback?: string }[] },
  payload: QuestionPayload,
  response: TestingAnswerValue | null,
): string[] {
  const chosen = new Set(response?.choice ?? []);
  const ofOptions = payload.options.flatMap((option, i) => {
    const feedback = authored.options?.[i]?.feedback?.trim();
    return chosen.has(option.id) && feedback ? [feedback] : [];
  });
  const general = authored.feedback?.trim();
  return general ? [...ofOptions, general] : ofOptions;
}

/** Whether a write of `version` replaces the stored one (an older write never does). */
export const replaces = (stored: number | undefined, version: number): boolean =>
  stored === undefined || version > stored;

/** An attempt's score from its answers' points (null: an essay not graded yet). */
export function scoreOf(
  awarded: (number | null)[],
  maxScore: number,
  passMark: number,
): TestingAttemptScore {
  const score = awarded.reduce<number>((sum, points) => sum + (points ?? 0), 0);
  const percent = maxScore > 0 ? Math.round((score / maxScore) * 1000) / 10 : 0;
  return {
    score,
    maxScore,
    percent,
    passed: percent >= passMark,
    pending: awarded.filter((points) => points === null).length,
  };
}

/** The attempt that counts: the best or the last of the submitted ones (by number). */
export function countingAttempt<T extends { number: number; score: TestingAttemptScore }>(
  attempts: T[],
  grading: string,
): T | undefined {
  if (attempts.length === 0) return undefined;
  const sorted = [...attempts].sort((a, b) => a.number - b.number);
  if (grading === 'last') return sorted[sorted.length - 1];
  return sorted.reduce((best, attempt) =>
    attempt.score.percent > best.score.percent ? attempt : best,
  );
}

/** Fisher–Yates with the given random source. */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/** Which kinds are graded by hand. */
export const byHand = (kind: QuestionKind | string): boolean => kind === 'essay';
