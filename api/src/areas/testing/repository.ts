import type { Kysely, Selectable } from 'kysely';
import type { Language } from '@lms/shared/contract';
import type { Scope } from '../../access/index.js';
import type { AccessRepository } from '../../access/teaching.js';
import { localized } from '../../lib/catalogue-names.js';
import type { Database } from '../../db/schema.js';
import type {
  TestingQuestionTable,
  TestingTestTable,
  TestingTopicTable,
  TestingWindowTable,
} from '../../db/testing-schema.js';

export type TopicRow = Selectable<TestingTopicTable>;
export type QuestionRow = Selectable<TestingQuestionTable>;
export type TestRow = Selectable<TestingTestTable>;
export type WindowRow = Selectable<TestingWindowTable> & { group: string };

/**
 * Testing's SQL for the banks and the tests (rows as stored; wire.ts shapes them). Built on the
 * app's handle (`app.repos.testing`) and on a service's transaction for its writes.
 */
export function createTestingRepository(db: Kysely<Database>, access: AccessRepository) {
  const teacherScope = (teacherId: number): Scope => ({ kind: 'teacher', teacherId });
  return {
    /** The disciplines and groups the teacher teaches (any semester), by name. */
    teaching(lng: Language, teacherId: number) {
      return access
        .assignments(teacherScope(teacherId))
        .innerJoin('disciplines as d', 'd.id', 'a.discipline_id')
        .innerJoin('groups as g', 'g.id', 'a.group_id')
        .select([
          'a.discipline_id as disciplineId',
          localized(lng, 'd.name').as('discipline'),
          'a.group_id as groupId',
          localized(lng, 'g.name').as('group'),
        ])
        .distinct()
        .orderBy('discipline')
        .orderBy('group')
        .execute();
    },

    /** Does the teacher teach the discipline (to the group, when one is named)? */
    async teaches(teacherId: number, disciplineId: number, groupId?: number): Promise<boolean> {
      let query = access
        .assignments(teacherScope(teacherId))
        .where('a.discipline_id', '=', disciplineId);
      if (groupId !== undefined) query = query.where('a.group_id', '=', groupId);
      return (await query.select('a.id').limit(1).executeTakeFirst()) !== undefined;
    },

    topicsOf(teacherId: number, disciplineId: number): Promise<TopicRow[]> {
      return db
        .selectFrom('testing_topics')
        .selectAll()
        .where('teacher_id', '=', teacherId)
        .where('discipline_id', '=', disciplineId)
        .orderBy('id')
        .execute();
    },

    topic(id: number): Promise<TopicRow | undefined> {
      return db.selectFrom('testing_topics').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async insertTopic(row: Omit<TopicRow, 'id'>): Promise<number> {
      const { id } = await db
        .insertInto('testing_topics')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    questionsOf(topicIds: number[]): Promise<QuestionRow[]> {
      if (topicIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('testing_questions')
        .selectAll()
        .where('topic_id', 'in', topicIds)
        .orderBy('id')
        .execute();
    },

    questions(ids: number[]): Promise<QuestionRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('testing_questions').selectAll().where('id', 'in', ids).execute();
    },

    /** A question with its topic's owner and discipline. */
    question(id: number) {
      return db
        .selectFrom('testing_questions as q')
        .innerJoin('testing_topics as t', 't.id', 'q.topic_id')
        .selectAll('q')
        .select(['t.teacher_id', 't.discipline_id'])
        .where('q.id', '=', id)
        .executeTakeFirst();
    },

    async insertQuestion(row: Omit<QuestionRow, 'id'>): Promise<number> {
      const { id } = await db
        .insertInto('testing_questions')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    async deleteQuestion(id: number): Promise<void> {
      await db.deleteFrom('testing_questions').where('id', '=', id).execute();
    },

    testsOf(teacherId: number, disciplineId: number): Promise<TestRow[]> {
      return db
        .selectFrom('testing_tests')
        .selectAll()
        .where('teacher_id', '=', teacherId)
        .where('discipline_id', '=', disciplineId)
        .orderBy('id', 'desc')
        .execute();
    },

    test(id: number): Promise<TestRow | undefined> {
      return db.selectFrom('testing_tests').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async insertTest(row: Omit<TestRow, 'id'>): Promise<number> {
      const { id } = await db
        .insertInto('testing_tests')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    windowsOf(lng: Language, testIds: number[]): Promise<WindowRow[]> {
      if (testIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('testing_windows as w')
        .innerJoin('groups as g', 'g.id', 'w.group_id')
        .selectAll('w')
        .select(localized(lng, 'g.name').as('group'))
        .where('w.test_id', 'in', testIds)
        .orderBy('group')
        .execute();
    },

    /** Opens the test to the group, or moves its window. */
    async putWindow(row: Omit<Selectable<TestingWindowTable>, 'id'>): Promise<void> {
      await db
        .insertInto('testing_windows')
        .values(row)
        .onConflict((oc) =>
          oc
            .columns(['test_id', 'group_id'])
            .doUpdateSet({ opens_at: row.opens_at, closes_at: row.closes_at }),
        )
        .execute();
    },

    async putExtraTime(testId: number, studentId: number, minutes: number): Promise<void> {
      await db
        .insertInto('testing_extra_time')
        .values({ test_id: testId, student_id: studentId, minutes })
        .onConflict((oc) => oc.columns(['test_id', 'student_id']).doUpdateSet({ minutes }))
        .execute();
    },

    /** The windows open to a group, with their tests and disciplines. */
    windowsOfGroup(lng: Language, groupId: number) {
      return db
        .selectFrom('testing_windows as w')
        .innerJoin('testing_tests as t', 't.id', 'w.test_id')
        .innerJoin('disciplines as d', 'd.id', 't.discipline_id')
        .selectAll('t')
        .select(['w.opens_at', 'w.closes_at', localized(lng, 'd.name').as('discipline')])
        .where('w.group_id', '=', groupId)
        .orderBy('w.closes_at')
        .execute();
    },
  };
}

export type TestingRepository = ReturnType<typeof createTestingRepository>;
