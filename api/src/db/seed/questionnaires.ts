import { QUESTIONNAIRE_DEFAULT_MIN_ANSWERS } from '@lms/shared/contract';
import { currentAcademicYear, currentWs } from '../../lib/calendar.js';
import type { SeedContext } from './context.js';

const DAY_MS = 86_400_000;

const scale = (kg: string, ru: string, en: string) => ({ kg, ru, en });

/** The questionnaire a fresh portal has open: the course evaluation of the current semester. */
export const QUESTIONNAIRE_SEED = {
  title: {
    kg: 'Сабакты баалоо',
    ru: 'Оценка дисциплины',
    en: 'Course evaluation',
  },
  items: [
    {
      kind: 'scale' as const,
      text: {
        kg: 'Окутуучу материалды канчалык түшүнүктүү түшүндүрдү?',
        ru: 'Насколько понятно преподаватель объяснял материал?',
        en: 'How clearly did the teacher explain the material?',
      },
      options: [
        scale('Такыр түшүнүксүз', 'Совсем непонятно', 'Not at all clearly'),
        scale('Түшүнүксүз', 'Непонятно', 'Unclearly'),
        scale('Орточо', 'Средне', 'Fairly'),
        scale('Түшүнүктүү', 'Понятно', 'Clearly'),
        scale('Абдан түшүнүктүү', 'Очень понятно', 'Very clearly'),
      ],
    },
    {
      kind: 'single' as const,
      text: {
        kg: 'Сабактардын канчасына катыштыңыз?',
        ru: 'Сколько занятий вы посетили?',
        en: 'How many of the lessons did you attend?',
      },
      options: [
        scale('Жарымынан азына', 'Меньше половины', 'Fewer than half'),
        scale('Жарымынан көбүнө', 'Больше половины', 'More than half'),
        scale('Баарына', 'Все', 'All of them'),
      ],
    },
    {
      kind: 'multiple' as const,
      text: {
        kg: 'Эмне жардам берди?',
        ru: 'Что помогало в учёбе?',
        en: 'What helped you learn?',
      },
      options: [
        scale('Лекциялар', 'Лекции', 'Lectures'),
        scale('Практикалык сабактар', 'Практические занятия', 'Practical classes'),
        scale('ОУМК материалдары', 'Материалы УМК', 'Course materials'),
      ],
    },
    {
      kind: 'text' as const,
      text: {
        kg: 'Эмнени өзгөртүү керек?',
        ru: 'Что стоит изменить?',
        en: 'What should change?',
      },
      options: [],
    },
  ],
} as const;

/** A draft the office has yet to open (the same items, another title). */
export const QUESTIONNAIRE_DRAFT_TITLE = {
  kg: 'Семестрдин жыйынтыктоочу сурамжылоосу',
  ru: 'Итоговая анкета семестра',
  en: 'End-of-semester questionnaire',
} as const;

/**
 * Course evaluations: the current semester's questionnaire, open since a week ago for three more
 * weeks, for every teacher × discipline of the semester (so the demo student has some waiting),
 * and a draft for the office to open.
 */
export async function seedQuestionnaires(ctx: SeedContext): Promise<void> {
  const { trx, core, now } = ctx;
  const yearId = currentAcademicYear(now).id_a_year;
  const ws = currentWs(now);
  const day = (offset: number) =>
    new Date(now.getTime() + offset * DAY_MS).toISOString().slice(0, 10);
  const write = async (title: object, opened: boolean) => {
    const { id } = await trx
      .insertInto('questionnaires')
      .values({
        title: JSON.stringify(title),
        created_by: core.demoTeacher.uid,
        created_at: now.getTime(),
        year_id: opened ? yearId : null,
        ws_id: opened ? ws : null,
        opens_on: opened ? day(-7) : null,
        closes_on: opened ? day(21) : null,
        min_answers: QUESTIONNAIRE_DEFAULT_MIN_ANSWERS,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('questionnaire_items')
      .values(
        QUESTIONNAIRE_SEED.items.map((item, position) => ({
          questionnaire_id: id,
          position,
          kind: item.kind,
          text: JSON.stringify(item.text),
          options: JSON.stringify(item.options),
        })),
      )
      .execute();
    return id;
  };
  const id = await write(QUESTIONNAIRE_SEED.title, true);
  await write(QUESTIONNAIRE_DRAFT_TITLE, false);
  const pairs = await trx
    .selectFrom('teaching_assignments')
    .select(['teacher_id', 'discipline_id'])
    .distinct()
    .where('year_id', '=', yearId)
    .where('ws_id', '=', ws)
    .orderBy('discipline_id')
    .orderBy('teacher_id')
    .execute();
  if (pairs.length === 0) return;
  await trx
    .insertInto('questionnaire_targets')
    .values(pairs.map((pair) => ({ questionnaire_id: id, ...pair })))
    .execute();
}
