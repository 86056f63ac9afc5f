import type { QUESTIONNAIRES_ENDPOINTS } from '../questionnaires.js';
import { post, type ApiOf } from '../endpoint.js';

/** Where the course evaluations answer; their schemas are in ../questionnaires.ts. */
export const QUESTIONNAIRES_ADDRESSES = {
  officeList: post('/api/questionnaires/office/list.json'),
  officeSave: post('/api/questionnaires/office/save.json'),
  officeOpen: post('/api/questionnaires/office/open.json'),
  officeRates: post('/api/questionnaires/office/rates.json'),
  officeResults: post('/api/questionnaires/office/results.json'),
  waiting: post('/api/questionnaires/student/waiting.json'),
  form: post('/api/questionnaires/student/form.json'),
  answer: post('/api/questionnaires/student/answer.json'),
  teacherResults: post('/api/questionnaires/teacher/results.json'),
};

/** The course evaluations' endpoints for the browser: addresses typed by their schemas. */
export const QUESTIONNAIRES_API: ApiOf<typeof QUESTIONNAIRES_ENDPOINTS> = QUESTIONNAIRES_ADDRESSES;
