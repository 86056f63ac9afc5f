import type { AUDIT_ENDPOINTS } from '../audit.js';
import { post, type ApiOf } from '../endpoint.js';

/** Where the audit trail's endpoints answer; their schemas are in ../audit.ts. */
export const AUDIT_ADDRESSES = {
  cell: post('/api/audit/cell.json'),
  student: post('/api/audit/student.json'),
};

/** The audit trail's endpoints for the browser: addresses typed by their schemas. */
export const AUDIT_API: ApiOf<typeof AUDIT_ENDPOINTS> = AUDIT_ADDRESSES;
