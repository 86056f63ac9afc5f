import type { QuestionSaveBody } from '@lms/shared/contract';
import { authoredQuestion } from '../../areas/testing/index.js';
import type { SeedContext } from './context.js';

type Question = Omit<QuestionSaveBody, 'topicId'>;

/** The demo bank: one question of each kind but the essay's topic, which is graded by hand. */
export const TESTING_SEED = {
  topic: 'Основы',
  essayTopic: 'Эссе',
  test: 'Демо-тест',
  questions: [
    {
      kind: 'single',
      text: 'Сколько будет 2 + 2?',
      points: 1,
      options: [{ text: '4', correct: true }, { text: '3' }, { text: '5' }],
    },
    {
      kind: 'multiple',
      text: 'Какие числа чётные?',
      points: 2,
      options: [{ text: '2', correct: true }, { text: '4', correct: true }, { text: '7' }],
    },
    { kind: 'truefalse', text: 'Бишкек — столица Кыргызстана.', points: 1, truth: true },
    {
      kind: 'short',
      text: 'Как называется самое большое озеро Кыргызстана?',
      points: 1,
      variants: ['Иссык-Куль', 'Ысык-Көл', 'Issyk-Kul'],
    },
    {
      kind: 'numeric',
      text: 'Чему равно число π (два знака)?',
      points: 1,
      value: 3.14,
      tolerance: 0.01,
    },
    {
      kind: 'matching',
      text: 'Сопоставьте страну и столицу.',
      points: 2,
      options: [
        { text: 'Кыргызстан', match: 'Бишкек' },
        { text: 'Казахстан', match: 'Астана' },
        { text: 'Узбекистан', match: 'Ташкент' },
      ],
    },
    {
      kind: 'ordering',
      text: 'Расположите числа по возрастанию.',
      points: 1,
      options: [{ text: '1' }, { text: '10' }, { text: '100' }],
    },
  ] satisfies Question[],
  essay: { kind: 'essay', text: 'Опишите, зачем нужны тесты.', points: 3 } satisfies Question,
} as const;

/**
 * Testing: a colleague's topic first (record 1 is then not the demo teacher's, whom the fuzz
 * suite calls with hand-written bodies naming id 1), then the demo teacher's bank for a
 * discipline they teach the demo student's group, and a test open to that group for a month.
 */
export async function seedTesting(ctx: SeedContext): Promise<void> {
  const { trx, core, now } = ctx;
  const at = now.getTime();
  const student = await trx
    .selectFrom('students')
    .select('group_id')
    .where('id', '=', core.demoStudent.studentId)
    .executeTakeFirstOrThrow();
  const mine = await trx
    .selectFrom('teaching_assignments')
    .select('discipline_id')
    .where('teacher_id', '=', core.demoTeacher.teacherId)
    .where('group_id', '=', student.group_id)
    .orderBy('year_id', 'desc')
    .orderBy('id')
    .executeTakeFirst();
  const colleague = await trx
    .selectFrom('teaching_assignments')
    .select(['teacher_id', 'discipline_id'])
    .where('teacher_id', '!=', core.demoTeacher.teacherId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const { id: theirs } = await trx
    .insertInto('testing_topics')
    .values({
      teacher_id: colleague.teacher_id,
      discipline_id: colleague.discipline_id,
      title: TESTING_SEED.topic,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  let next = 0;
  const newId = () => `s${(next++).toString(36)}x${((next * 7919) % 1000).toString(36)}`;
  const topicOf = async (title: string, disciplineId: number) =>
    (
      await trx
        .insertInto('testing_topics')
        .values({
          teacher_id: core.demoTeacher.teacherId,
          discipline_id: disciplineId,
          title,
          created_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const insert = async (topicId: number, question: Question) => {
    const made = authoredQuestion(question, newId);
    if ('refusal' in made) throw new Error(`seed question refused: ${made.refusal}`);
    await trx
      .insertInto('testing_questions')
      .values({
        topic_id: topicId,
        kind: question.kind,
        text: question.text,
        points: question.points,
        authored: JSON.stringify(question),
        payload: JSON.stringify(made.payload),
        answer_key: JSON.stringify(made.key),
        created_at: at,
      })
      .execute();
  };
  // The colleague's question is record 1 (the fuzz suite's hand-written delete names it).
  await insert(theirs, TESTING_SEED.essay);
  if (!mine) return;
  const basics = await topicOf(TESTING_SEED.topic, mine.discipline_id);
  const essays = await topicOf(TESTING_SEED.essayTopic, mine.discipline_id);
  for (const question of TESTING_SEED.questions) await insert(basics, question);
  await insert(essays, TESTING_SEED.essay);
  const { id: testId } = await trx
    .insertInto('testing_tests')
    .values({
      teacher_id: core.demoTeacher.teacherId,
      discipline_id: mine.discipline_id,
      title: TESTING_SEED.test,
      time_limit_minutes: 30,
      attempts_allowed: 3,
      grading: 'best',
      pass_mark: 60,
      draws: JSON.stringify([
        { topicId: basics, count: TESTING_SEED.questions.length },
        { topicId: essays, count: 1 },
      ]),
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const day = 24 * 60 * 60 * 1000;
  await trx
    .insertInto('testing_windows')
    .values({
      test_id: testId,
      group_id: student.group_id,
      opens_at: at - day,
      closes_at: at + 30 * day,
    })
    .execute();
}
