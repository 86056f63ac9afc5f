import type { STATEMENTS_ENDPOINTS } from '../statements.js';
import { file, post, type ApiOf } from '../endpoint.js';

/** Where the statement endpoints answer; their schemas are in ../statements.ts. */
export const STATEMENTS_ADDRESSES = {
  teacherList: post('/api/statements/teacher/list.json'),
  open: post('/api/statements/open.json'),
  save: post('/api/statements/teacher/save.json'),
  signOptions: post('/api/statements/teacher/sign-options.json'),
  sign: post('/api/statements/teacher/sign.json'),
  registrarList: post('/api/statements/registrar/list.json'),
  create: post('/api/statements/registrar/create.json'),
  retake: post('/api/statements/registrar/retake.json'),
  retakeTeachers: post('/api/statements/registrar/retake-teachers.json'),
  confirm: post('/api/statements/registrar/confirm.json'),
  lock: post('/api/statements/registrar/lock.json'),
  mine: post('/api/statements/student/mine.json'),
  rating: post('/api/statements/student/rating.json'),
  pdf: file('/api/statements/statement.file'),
  signed: post('/api/statements/teacher/signed.json'),
  notices: post('/api/statements/teacher/notices.json'),
  noticeRead: post('/api/statements/teacher/notice-read.json'),
};

/** The statement endpoints for the browser: addresses typed by their schemas. */
export const STATEMENTS_API: ApiOf<typeof STATEMENTS_ENDPOINTS> = STATEMENTS_ADDRESSES;
