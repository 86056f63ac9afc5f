import type { STAFF_ACCESS_ENDPOINTS } from '../staff-access.js';
import { post, type ApiOf } from '../endpoint.js';

/** Where the staff-access endpoints answer; their schemas are in ../staff-access.ts. */
export const STAFF_ACCESS_ADDRESSES = {
  staff: post('/api/staff-access/staff.json'),
  change: post('/api/staff-access/change.json'),
};

/** The staff-access endpoints for the browser: addresses typed by their schemas. */
export const STAFF_ACCESS_API: ApiOf<typeof STAFF_ACCESS_ENDPOINTS> = STAFF_ACCESS_ADDRESSES;
