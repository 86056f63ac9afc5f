import type { VISITLOG_ENDPOINTS } from '../visitlog.js';
import { file, get, post, type ApiOf } from '../endpoint.js';

/** Where the attendance journal endpoints answer; their schemas are in ../visitlog.ts. */
export const VISITLOG_ADDRESSES = {
  educationForms: post('/api/visitlog/getfeducjournal.json'),
  lessonTimes: post('/api/visitlog/getteachertimeid.json'),
  assessments: get('/api/visitlog/getassessments.json'),
  disciplines: post('/api/visitlog/getdisciplineteacherjournal.json'),
  groups: post('/api/visitlog/getgroupteacherjournal.json'),
  lessonTypes: post('/api/visitlog/getvidzaniatiy.json'),
  modules: post('/api/visitlog/getmodulejournal.json'),
  students: post('/api/visitlog/getstudentslist.json'),
  subgroupStudents: post('/api/visitlog/getstudentslistsubgroup.json'),
  lessonList: post('/api/visitlog/getstudentslistsubgroupupdate.json'),
  journal: post('/api/visitlog/getjournal.json'),
  studentJournal: post('/api/visitlog/getjournalforstudent.json'),
  studentStart: post('/api/visitlog/studentstart.json'),
  topic: post('/api/visitlog/gettemajournal.json'),
  topicReport: post('/api/visitlog/temareport.json'),
  insertAll: post('/api/visitlog/studentvisitinsertall.json'),
  updateVisit: post('/api/visitlog/studentvisitupdate.json'),
  updateVisit2: post('/api/visitlog/studentvisitupdate2.json'),
  removeStudent: post('/api/visitlog/deletestudentfromlist.json'),
  deleteJournal: post('/api/visitlog/journal/delete.json'),
  deleteLesson: post('/api/visitlog/journal/deletejournal.json'),
  saveTopic: post('/api/visitlog/savetemajournal.json'),
  exportCsv: file('/api/visitlog/export.csv'),
  exportXlsx: file('/api/visitlog/export.xlsx'),
};

/** The attendance journal endpoints for the browser: addresses typed by their schemas. */
export const VISITLOG_API: ApiOf<typeof VISITLOG_ENDPOINTS> = VISITLOG_ADDRESSES;
