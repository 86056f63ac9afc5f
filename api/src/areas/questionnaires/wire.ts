import type {
  EvaluationResult,
  QuestionnaireSummary,
  QuestionnaireTexts,
  Ws,
} from '@lms/shared/contract';
import type { Language } from '../../lib/catalogue-names.js';
import type { QuestionnaireItemRow, QuestionnaireRow } from './repository.js';
import { statusOf, tally, type StoredAnswer } from './rules.js';
import { itemFacts } from './service.js';

// Course evaluations' answers in the contract's shape, from the rows the repository selects.

/** A text the office wrote, in the reader's language. */
export function textIn(json: string, lng: Language): string {
  return (JSON.parse(json) as QuestionnaireTexts)[lng];
}

export function optionsIn(json: string, lng: Language): string[] {
  return (JSON.parse(json) as QuestionnaireTexts[]).map((texts) => texts[lng]);
}

const wsOf = (ws: number | null): Ws | null => (ws === 1 || ws === 2 || ws === 3 ? ws : null);

export function summaryOf(
  row: QuestionnaireRow,
  lng: Language,
  today: string,
  counts: { items: number; answered: number; expected: number },
): QuestionnaireSummary {
  return {
    id: row.id,
    title: textIn(row.title, lng),
    items: counts.items,
    status: statusOf({ opensOn: row.opens_on, closesOn: row.closes_on }, today),
    year: row.year_id,
    ws: wsOf(row.ws_id),
    opensOn: row.opens_on,
    closesOn: row.closes_on,
    minAnswers: row.min_answers,
    answered: counts.answered,
    expected: counts.expected,
  };
}

/** A target as the results name it. */
export interface NamedTarget {
  id: number;
  title: string;
  year_id: number | null;
  ws_id: number | null;
  min_answers: number;
  discipline: string;
  teacher: string;
}

/**
 * One target's results: the distribution of each item over the published answers, or none when
 * fewer than the threshold have been published ("not enough answers to show").
 */
export function resultOf(
  target: NamedTarget,
  items: QuestionnaireItemRow[],
  answered: number,
  published: string[],
  lng: Language,
): EvaluationResult {
  const enough = published.length >= target.min_answers;
  const tallies = tally(
    items.map(itemFacts),
    enough ? published.map((payload) => JSON.parse(payload) as StoredAnswer[]) : [],
  );
  return {
    id_target: target.id,
    title: textIn(target.title, lng),
    year: target.year_id ?? 0,
    ws: wsOf(target.ws_id) ?? 1,
    discipline: target.discipline,
    teacher: target.teacher,
    answered,
    minAnswers: target.min_answers,
    enough,
    items: enough
      ? items.map((item) => ({
          id: item.id,
          kind: item.kind,
          text: textIn(item.text, lng),
          labels: optionsIn(item.options, lng),
          counts: tallies.get(item.id)?.counts ?? [],
          texts: tallies.get(item.id)?.texts ?? [],
        }))
      : [],
  };
}
