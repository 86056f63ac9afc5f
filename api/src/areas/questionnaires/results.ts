import type { EvaluationResult } from '@lms/shared/contract';
import type { Language } from '../../lib/catalogue-names.js';
import type { QuestionnairesRepository } from './repository.js';
import { resultOf, type NamedTarget } from './wire.js';

/**
 * The results of the given targets (already narrowed to what the caller may see): each with its
 * number of respondents and, at or above its threshold, the distribution of each item.
 */
export async function resultsOf(
  questionnaires: QuestionnairesRepository,
  targets: (NamedTarget & { questionnaire_id: number })[],
  lng: Language,
): Promise<EvaluationResult[]> {
  const ids = targets.map((target) => target.id);
  const questionnaireIds = [...new Set(targets.map((target) => target.questionnaire_id))];
  const [published, counts, itemLists] = await Promise.all([
    questionnaires.publishedOf(ids),
    questionnaires.respondentCounts(),
    Promise.all(questionnaireIds.map((id) => questionnaires.items(id))),
  ]);
  const itemsOf = new Map(questionnaireIds.map((id, index) => [id, itemLists[index] ?? []]));
  return targets.map((target) =>
    resultOf(
      target,
      itemsOf.get(target.questionnaire_id) ?? [],
      counts.get(target.id) ?? 0,
      published.get(target.id) ?? [],
      lng,
    ),
  );
}
