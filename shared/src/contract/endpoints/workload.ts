import type { WORKLOAD_ENDPOINTS } from '../workload.js';
import { file, post, type ApiOf } from '../endpoint.js';

/** Where the workload endpoints answer; their schemas are in ../workload.ts. */
export const WORKLOAD_ADDRESSES = {
  teacher: post('/api/workload/teacher.json'),
  department: post('/api/workload/department.json'),
  adjust: post('/api/workload/adjust.json'),
  exportXlsx: file('/api/workload/export.xlsx'),
};

/** The workload endpoints for the browser: addresses typed by their schemas. */
export const WORKLOAD_API: ApiOf<typeof WORKLOAD_ENDPOINTS> = WORKLOAD_ADDRESSES;
