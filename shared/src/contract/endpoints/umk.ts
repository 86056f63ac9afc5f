import type { UMK_ENDPOINTS } from '../umk.js';
import { file, post, upload, type ApiOf } from '../endpoint.js';

/** Where the teaching materials (UMK) endpoints answer; their schemas are in ../umk.ts. */
export const UMK_ADDRESSES = {
  semesters: post('/api/umk/semesters.json'),
  studentSemesters: post('/api/umk/semestersforstud.json'),
  start: post('/api/umk/start.json'),
  disciplines: post('/api/umk/disciplines.json'),
  studentDisciplines: post('/api/umk/disciplinesforstud.json'),
  types: post('/api/umk/types.json'),
  examTypes: post('/api/umk/getstudentexamtypes.json'),
  bookCategories: post('/api/umk/bookcategories.json'),
  teachers: post('/api/umk/getumkteachers.json'),
  list: post('/api/umk/umklist.json'),
  studentList: post('/api/umk/getumklistforstud.json'),
  save: upload('/api/umk/insertorupdateumk.json'),
  remove: post('/api/umk/deletebook.json'),
  download: file('/api/umk/download.file'),
};

/** The teaching materials (UMK) endpoints for the browser: addresses typed by their schemas. */
export const UMK_API: ApiOf<typeof UMK_ENDPOINTS> = UMK_ADDRESSES;
