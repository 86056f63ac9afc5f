import type { PASSWD_ENDPOINTS } from '../passwd.js';
import { post, type ApiOf } from '../endpoint.js';

/** Where the password change endpoints answer; their schemas are in ../passwd.ts. */
export const PASSWD_ADDRESSES = {
  reset: post('/api/passwd/reset.json'),
};

/** The password change endpoints for the browser: addresses typed by their schemas. */
export const PASSWD_API: ApiOf<typeof PASSWD_ENDPOINTS> = PASSWD_ADDRESSES;
