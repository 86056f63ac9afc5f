import type { AUTH_ENDPOINTS } from '../auth.js';
import { post, type ApiOf } from '../endpoint.js';

/** Where the sign-in and session endpoints answer; their schemas are in ../auth.ts. */
export const AUTH_ADDRESSES = {
  authenticate: post('/api/auth/enticate.json'),
  authorize: post('/api/auth/orize.json'),
  recovery: post('/api/auth/recovery.json'),
  updateLogin: post('/api/auth/updatelogin.json'),
  logout: post('/api/auth/logout.json'),
};

/** The sign-in and session endpoints for the browser: addresses typed by their schemas. */
export const AUTH_API: ApiOf<typeof AUTH_ENDPOINTS> = AUTH_ADDRESSES;
