import type { TESTING_ENDPOINTS } from '../testing.js';
import { file, post, type ApiOf } from '../endpoint.js';

/** Where the testing endpoints answer; their schemas are in ../testing.ts. */
export const TESTING_ADDRESSES = {
  // The teacher's: the bank, the tests, the results.
  teaching: post('/api/testing/teacher/teaching.json'),
  bank: post('/api/testing/teacher/bank.json'),
  saveTopic: post('/api/testing/teacher/topic-save.json'),
  saveQuestion: post('/api/testing/teacher/question-save.json'),
  deleteQuestion: post('/api/testing/teacher/question-delete.json'),
  importGift: post('/api/testing/teacher/import-gift.json'),
  importMoodle: post('/api/testing/teacher/import-moodle.json'),
  exportBank: file('/api/testing/teacher/bank-export.file'),
  tests: post('/api/testing/teacher/tests.json'),
  saveTest: post('/api/testing/teacher/test-save.json'),
  openWindow: post('/api/testing/teacher/window-save.json'),
  extraTime: post('/api/testing/teacher/extra-time.json'),
  results: post('/api/testing/teacher/results.json'),
  review: post('/api/testing/teacher/review.json'),
  grade: post('/api/testing/teacher/grade.json'),
  monitor: post('/api/testing/teacher/monitor.json'),
  // The student's: the open tests and an attempt.
  open: post('/api/testing/student/open.json'),
  start: post('/api/testing/student/start.json'),
  attempt: post('/api/testing/student/attempt.json'),
  answer: post('/api/testing/student/answer.json'),
  answers: post('/api/testing/student/answers.json'),
  signOptions: post('/api/testing/student/sign-options.json'),
  submit: post('/api/testing/student/submit.json'),
};

/** The testing endpoints for the browser: addresses typed by their schemas. */
export const TESTING_API: ApiOf<typeof TESTING_ENDPOINTS> = TESTING_ADDRESSES;
