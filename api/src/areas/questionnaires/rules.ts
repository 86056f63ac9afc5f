// Course evaluations' decisions: pure functions of facts already read (no database, no Fastify,
// no texts), unit-tested in api/test/unit/questionnaires-rules.test.ts.
import {
  QUESTIONNAIRE_MAX_OPTIONS,
  QUESTIONNAIRE_SCALE_POINTS,
  type EvaluationItemAnswer,
  type QuestionnaireItemDraft,
  type QuestionnaireStatus,
  type QuestionnaireTexts,
} from '@lms/shared/contract';

export type DraftRefusal = 'blankText' | 'scaleLabels' | 'choiceOptions' | 'textOptions';
export type OpenRefusal = 'alreadyOpened' | 'datesReversed' | 'closesInPast' | 'noTeaching';
export type AnswerRefusal = 'unknownItem' | 'repeatedItem' | 'wrongAnswer' | 'nothingAnswered';

/** Texts as stored: each trimmed, each run of white space one space. */
export function trimmedTexts(texts: QuestionnaireTexts): QuestionnaireTexts {
  const trim = (text: string) => text.trim().replace(/\s+/g, ' ');
  return { kg: trim(texts.kg), ru: trim(texts.ru), en: trim(texts.en) };
}

const blank = (texts: QuestionnaireTexts) => !texts.kg || !texts.ru || !texts.en;

/** Whether a questionnaire as written (texts trimmed) may be saved: the first refusal, or null. */
export function draftRefusal(
  title: QuestionnaireTexts,
  items: readonly QuestionnaireItemDraft[],
): DraftRefusal | null {
  if (blank(title)) return 'blankText';
  for (const item of items) {
    if (blank(item.text) || item.options.some(blank)) return 'blankText';
    const n = item.options.length;
    if (item.kind === 'scale' && n !== QUESTIONNAIRE_SCALE_POINTS) return 'scaleLabels';
    if (
      (item.kind === 'single' || item.kind === 'multiple') &&
      (n < 2 || n > QUESTIONNAIRE_MAX_OPTIONS)
    )
      return 'choiceOptions';
    if (item.kind === 'text' && n !== 0) return 'textOptions';
  }
  return null;
}

/** What opening a questionnaire is decided on. */
export interface OpenFacts {
  opened: boolean;
  opensOn: string;
  closesOn: string;
  /** The university's today, 'YYYY-MM-DD'. */
  today: string;
  /** Teacher × discipline pairs the semester teaches. */
  pairs: number;
}

export function openRefusal(facts: OpenFacts): OpenRefusal | null {
  if (facts.opened) return 'alreadyOpened';
  if (facts.closesOn < facts.opensOn) return 'datesReversed';
  if (facts.closesOn < facts.today) return 'closesInPast';
  if (facts.pairs === 0) return 'noTeaching';
  return null;
}

/** Where a questionnaire stands on `today` (its dates are inclusive). */
export function statusOf(
  dates: { opensOn: string | null; closesOn: string | null },
  today: string,
): QuestionnaireStatus {
  if (dates.opensOn === null || dates.closesOn === null) return 'draft';
  if (today < dates.opensOn) return 'scheduled';
  if (today > dates.closesOn) return 'closed';
  return 'open';
}

/** An item as an answer is checked against. */
export interface ItemFacts {
  id: number;
  kind: QuestionnaireItemDraft['kind'];
  options: number;
}

/** One item's answer as stored: only the field of its kind; choices sorted; text trimmed. */
export interface StoredAnswer {
  item: number;
  value?: number;
  choices?: number[];
  text?: string;
}

/**
 * The answers as they are stored (sorted by item, empty ones left out), or the first refusal.
 * Each answer must carry exactly the field of its item's kind, within the item's range.
 */
export function checkedAnswers(
  items: readonly ItemFacts[],
  answers: readonly EvaluationItemAnswer[],
): { refusal: AnswerRefusal } | { answers: StoredAnswer[] } {
  const byId = new Map(items.map((item) => [item.id, item]));
  const seen = new Set<number>();
  const stored: StoredAnswer[] = [];
  for (const answer of answers) {
    const item = byId.get(answer.item);
    if (!item) return { refusal: 'unknownItem' };
    if (seen.has(item.id)) return { refusal: 'repeatedItem' };
    seen.add(item.id);
    const fields = [answer.value, answer.choices, answer.text].filter((f) => f !== undefined);
    if (fields.length !== 1) return { refusal: 'wrongAnswer' };
    if (item.kind === 'scale') {
      if (answer.value === undefined) return { refusal: 'wrongAnswer' };
      stored.push({ item: item.id, value: answer.value });
    } else if (item.kind === 'text') {
      if (answer.text === undefined) return { refusal: 'wrongAnswer' };
      const text = answer.text.trim();
      if (text) stored.push({ item: item.id, text });
    } else {
      const choices = [...new Set(answer.choices ?? [])].sort((a, b) => a - b);
      if (answer.choices === undefined || choices.length !== answer.choices.length)
        return { refusal: 'wrongAnswer' };
      if (choices.some((choice) => choice >= item.options)) return { refusal: 'wrongAnswer' };
      if (item.kind === 'single' && choices.length > 1) return { refusal: 'wrongAnswer' };
      if (choices.length > 0) stored.push({ item: item.id, choices });
    }
  }
  if (stored.length === 0) return { refusal: 'nothingAnswered' };
  return { answers: stored.sort((a, b) => a.item - b.item) };
}

/** One item's distribution over the published answers. */
export interface Tally {
  counts: number[];
  texts: string[];
}

/**
 * Each item's distribution: a scale's count per point (1–5), a choice's count per option, free
 * texts sorted (so their order says nothing of who wrote them or when).
 */
export function tally(
  items: readonly ItemFacts[],
  answers: readonly StoredAnswer[][],
): Map<number, Tally> {
  const result = new Map<number, Tally>(
    items.map((item) => [
      item.id,
      {
        counts: new Array<number>(item.kind === 'text' ? 0 : item.options).fill(0),
        texts: [],
      },
    ]),
  );
  for (const ballot of answers) {
    for (const answer of ballot) {
      const entry = result.get(answer.item);
      if (!entry) continue;
      if (answer.value !== undefined && answer.value - 1 < entry.counts.length)
        entry.counts[answer.value - 1] = (entry.counts[answer.value - 1] ?? 0) + 1;
      for (const choice of answer.choices ?? [])
        if (choice < entry.counts.length) entry.counts[choice] = (entry.counts[choice] ?? 0) + 1;
      if (answer.text !== undefined) entry.texts.push(answer.text);
    }
  }
  for (const entry of result.values()) entry.texts.sort();
  return result;
}

/**
 * The rows of a batch of answers, in the order they are written: by their content, never by
 * their arrival. Their ids are the batch's random prefix and the position in that order, so the
 * ids' order is the content's order within a batch, and a batch's rows stay together.
 */
export function batchRows(payloads: readonly string[], batchPrefix: string) {
  return [...payloads]
    .sort()
    .map((payload, index) => ({ id: `${batchPrefix}-${String(index).padStart(4, '0')}`, payload }));
}
