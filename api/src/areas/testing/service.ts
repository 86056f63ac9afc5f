import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type {
  ExtraTimeBody,
  Language,
  QuestionSaveBody,
  TestSaveBody,
  WindowSaveBody,
} from '@lms/shared/contract';
import { hiddenRecord } from '../../access/index.js';
import type { AccessRepository } from '../../access/teaching.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Database } from '../../db/schema.js';
import { ApiError } from '../../lib/http.js';
import { TESTING_MESSAGES } from './messages.js';
import { createTestingRepository, type TestRow, type TopicRow } from './repository.js';
import { authoredQuestion, folded, windowRefusal, type TestingRefusal } from './rules.js';
import { bankQuestionOf, teacherTestOf } from './wire.js';

export const refused = (code: TestingRefusal, status: 400 | 403 | 409 = 400): ApiError =>
  new ApiError(status, TESTING_MESSAGES[code]);

/** A random id for an option: its order among others tells nothing. */
export const newOptionId = (): string => randomBytes(6).toString('base64url');

/**
 * The teacher's writes to their bank and tests (built by the area's index.ts). Each checks that
 * the record is the teacher's own (another's and a missing one are refused alike) and that they
 * teach the discipline (to the group, for a window).
 */
export function createBankService(db: Kysely<Database>, access: AccessRepository) {
  const reads = createTestingRepository(db, access);

  const ownTopic = async (teacherId: number, topicId: number): Promise<TopicRow> => {
    const topic = await reads.topic(topicId);
    if (!topic || topic.teacher_id !== teacherId) throw hiddenRecord();
    return topic;
  };
  const ownTest = async (teacherId: number, testId: number): Promise<TestRow> => {
    const test = await reads.test(testId);
    if (!test || test.teacher_id !== teacherId) throw hiddenRecord();
    return test;
  };
  const assertTeaches = async (teacherId: number, disciplineId: number, groupId?: number) => {
    if (!(await reads.teaches(teacherId, disciplineId, groupId))) throw hiddenRecord();
  };
  const testAnswer = async (lng: Language, test: TestRow) =>
    teacherTestOf(test, await reads.windowsOf(lng, [test.id]));

  return {
    ownTopic,
    ownTest,
    assertTeaches,
    testAnswer,

    async bank(teacherId: number, disciplineId: number) {
      await assertTeaches(teacherId, disciplineId);
      const topics = await reads.topicsOf(teacherId, disciplineId);
      const questions = await reads.questionsOf(topics.map((topic) => topic.id));
      return {
        topics: topics.map((topic) => ({
          id: topic.id,
          title: topic.title,
          questions: questions.filter((q) => q.topic_id === topic.id).map(bankQuestionOf),
        })),
      };
    },

    async saveTopic(teacherId: number, disciplineId: number, title: string, now: number) {
      await assertTeaches(teacherId, disciplineId);
      const stored = folded(title);
      if (stored === '') throw refused('blankText');
      try {
        const id = await reads.insertTopic({
          teacher_id: teacherId,
          discipline_id: disciplineId,
          title: stored,
          created_at: now,
        });
        return { id, title: stored, questions: [] };
      } catch (error) {
        if (isUniqueViolation(error)) throw refused('topicTaken', 409);
        throw error;
      }
    },

    async saveQuestion(teacherId: number, body: QuestionSaveBody, now: number) {
      await ownTopic(teacherId, body.topicId);
      const { topicId, ...authored } = body;
      const made = authoredQuestion(authored, newOptionId);
      if ('refusal' in made) throw refused(made.refusal);
      const row = {
        topic_id: topicId,
        kind: body.kind,
        text: folded(body.text),
        points: body.points,
        authored: JSON.stringify({ ...authored, text: folded(body.text) }),
        payload: JSON.stringify(made.payload),
        answer_key: JSON.stringify(made.key),
        created_at: now,
      };
      const id = await reads.insertQuestion(row);
      return bankQuestionOf({ ...row, id });
    },

    async deleteQuestion(teacherId: number, id: number) {
      const question = await reads.question(id);
      if (!question || question.teacher_id !== teacherId) throw hiddenRecord();
      await reads.deleteQuestion(id);
      return { id };
    },

    async saveTest(lng: Language, teacherId: number, body: TestSaveBody, now: number) {
      await assertTeaches(teacherId, body.disciplineId);
      const title = folded(body.title);
      if (title === '') throw refused('blankText');
      for (const draw of body.draws) {
        const topic = await ownTopic(teacherId, draw.topicId);
        if (topic.discipline_id !== body.disciplineId) throw hiddenRecord();
        if ((await reads.questionsOf([topic.id])).length < draw.count) {
          throw refused('notEnoughQuestions');
        }
      }
      const row = {
        teacher_id: teacherId,
        discipline_id: body.disciplineId,
        title,
        time_limit_minutes: body.timeLimitMinutes,
        attempts_allowed: body.attemptsAllowed,
        grading: body.grading,
        pass_mark: body.passMark,
        draws: JSON.stringify(body.draws),
        created_at: now,
        offline_grace_minutes: body.offlineGraceMinutes ?? 10,
        review_after_attempt: body.reviewAfterAttempt ?? 'score',
        review_after_close: body.reviewAfterClose ?? 'score',
      };
      const id = await reads.insertTest(row);
      return testAnswer(lng, { ...row, id });
    },

    async openWindow(lng: Language, teacherId: number, body: WindowSaveBody) {
      const test = await ownTest(teacherId, body.testId);
      await assertTeaches(teacherId, test.discipline_id, body.groupId);
      const refusal = windowRefusal(body.opensAt, body.closesAt);
      if (refusal) throw refused(refusal);
      await reads.putWindow({
        test_id: test.id,
        group_id: body.groupId,
        opens_at: body.opensAt,
        closes_at: body.closesAt,
      });
      return testAnswer(lng, test);
    },

    /** Extra time for a student of a group the test is open to. */
    async extraTime(
      teacherId: number,
      body: ExtraTimeBody,
      groupOf: (id: number) => Promise<number | undefined>,
    ) {
      const test = await ownTest(teacherId, body.testId);
      const groupId = await groupOf(body.studentId);
      if (groupId === undefined) throw hiddenRecord();
      const windows = await reads.windowsOf('ru', [test.id]);
      if (!windows.some((window) => window.group_id === groupId)) throw hiddenRecord();
      await reads.putExtraTime(test.id, body.studentId, body.minutes);
      return body;
    },
  };
}

export type BankService = ReturnType<typeof createBankService>;
