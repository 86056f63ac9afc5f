// Testing (see migrations/0030_testing.ts). JSON columns are text, read and written by the
// area's repository.

import type { Generated } from 'kysely';

export interface TestingTopicTable {
  id: Generated<number>;
  teacher_id: number;
  discipline_id: number;
  title: string;
  created_at: number;
}

export interface TestingQuestionTable {
  id: Generated<number>;
  topic_id: number;
  kind: string;
  text: string;
  points: number;
  /** JSON: the question as its teacher wrote it (QuestionSaveBody without the topic). */
  authored: string;
  /** JSON: what a student is shown (options with their ids). */
  payload: string;
  /** JSON: the key; read by the grading only, never sent to a student. */
  answer_key: string;
  created_at: number;
}

export interface TestingTestTable {
  id: Generated<number>;
  teacher_id: number;
  discipline_id: number;
  title: string;
  time_limit_minutes: number;
  attempts_allowed: number;
  /** 'best' | 'last'. */
  grading: string;
  /** Percent needed to pass. */
  pass_mark: number;
  /** JSON: [{ topicId, count }]. */
  draws: string;
  created_at: number;
  /** Minutes after the deadline in which answers given offline before it are taken. */
  offline_grace_minutes: Generated<number>;
  /** What a student sees of a closed attempt: 'score' | 'answers' | 'feedback'. */
  review_after_attempt: Generated<string>;
  /** The same once the window (moved by extra time) has closed. */
  review_after_close: Generated<string>;
}

export interface TestingWindowTable {
  id: Generated<number>;
  test_id: number;
  group_id: number;
  opens_at: number;
  closes_at: number;
}

export interface TestingExtraTimeTable {
  id: Generated<number>;
  test_id: number;
  student_id: number;
  minutes: number;
}

export interface TestingAttemptTable {
  id: Generated<number>;
  test_id: number;
  student_id: number;
  number: number;
  started_at: number;
  deadline_at: number;
  submitted_at: number | null;
  /** 1 while the attempt is open, null once closed (unique with the test and student). */
  open: number | null;
  /** JSON: the drawn questions in the student's order, with their options' order. */
  drawn: string;
  score: number | null;
  max_score: number;
  /** Essays still to be graded by hand. */
  pending: Generated<number>;
  /** The server's time of its last answer to the student on this attempt before the deadline. */
  last_contact_at: number | null;
  /** The chain head the student's passkey signed at submission (null: not signed). */
  signed_head: Generated<string | null>;
  sign_credential: Generated<string | null>;
  sign_public_key: Generated<string | null>;
  sign_assertion: Generated<string | null>;
}

export interface TestingAnswerTable {
  id: Generated<number>;
  attempt_id: number;
  question_id: number;
  /** JSON: the student's response (TestingAnswerValue). */
  response: string;
  version: number;
  saved_at: number;
  /** Points given (auto or by hand); null until graded. */
  awarded: number | null;
  /** How long after the deadline it arrived (given offline before it); null: in time. */
  late_ms: number | null;
}

/** The head of a device's hash chain of an attempt (migrations/0154_testing_chains.ts). */
export interface TestingChainTable {
  attempt_id: number;
  device: string;
  /** The last link's number. */
  seq: number;
  /** The last link's digest (hex). */
  head: string;
  updated_at: number;
}

/** An answer refused (out of the offline bounds), kept for the teacher; never scored. */
export interface TestingRefusedAnswerTable {
  id: Generated<number>;
  attempt_id: number;
  question_id: number;
  /** JSON: the response (TestingAnswerValue). */
  response: string;
  version: number;
  /** The refusal's code (messages.ts). */
  reason: string;
  received_at: number;
  late_ms: number | null;
  device: string;
  seq: number;
}

/**
 * The next attempt of a student at a test, drawn ahead, and their place in the start queue
 * (migrations/0157_testing_admissions.ts).
 */
export interface TestingAdmissionTable {
  id: Generated<number>;
  test_id: number;
  student_id: number;
  /** JSON: the drawn questions (as testing_attempts.drawn). */
  drawn: string;
  max_score: number;
  prepared_at: number;
  /** When they pressed "Start" (null: drawn ahead, not pressed yet). */
  requested_at: number | null;
  /** The server's instant from which they are admitted (null: not pressed yet). */
  slot_at: number | null;
  /** The server's clock at their last call while waiting. */
  seen_at: number | null;
}

/** Per test, the next free admission slot (the rate's state, shared by every API process). */
export interface TestingAdmissionClockTable {
  test_id: number;
  next_at: number;
}

export interface TestingTables {
  testing_admissions: TestingAdmissionTable;
  testing_admission_clock: TestingAdmissionClockTable;
  testing_topics: TestingTopicTable;
  testing_questions: TestingQuestionTable;
  testing_tests: TestingTestTable;
  testing_windows: TestingWindowTable;
  testing_extra_time: TestingExtraTimeTable;
  testing_attempts: TestingAttemptTable;
  testing_answers: TestingAnswerTable;
  testing_chains: TestingChainTable;
  testing_refused_answers: TestingRefusedAnswerTable;
}
