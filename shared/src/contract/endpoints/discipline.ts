import type { DISCIPLINE_ENDPOINTS } from '../discipline.js';
import { get, post, type ApiOf } from '../endpoint.js';

/** Where the teaching catalogue (disciplines, semesters, groups) endpoints answer; their schemas are in ../discipline.ts. */
export const DISCIPLINE_ADDRESSES = {
  currentWs: get('/api/discipline/current/ws.json'),
  currentYear: get('/api/discipline/current/year.json'),
  disciplines: post('/api/discipline/list.json'),
  semesters: post('/api/discipline/semester/list.json'),
  groups: post('/api/discipline/group/list.json'),
  studentDisciplines: post('/api/discipline/forStudentDisciplinelist.json'),
  studentSemesters: post('/api/discipline/studentSemester/list.json'),
  studentGroups: post('/api/discipline/studentGroup/list.json'),
  students: post('/api/discipline/students/list.json'),
  teachers: post('/api/discipline/teachers/list.json'),
  chainStart: post('/api/discipline/chain/start.json'),
};

/** The teaching catalogue (disciplines, semesters, groups) endpoints for the browser: addresses typed by their schemas. */
export const DISCIPLINE_API: ApiOf<typeof DISCIPLINE_ENDPOINTS> = DISCIPLINE_ADDRESSES;
