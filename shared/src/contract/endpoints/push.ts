import type { PUSH_ENDPOINTS } from '../push.js';
import { get, post, type ApiOf } from '../endpoint.js';

/** Where the push notifications endpoints answer; their schemas are in ../push.ts. */
export const PUSH_ADDRESSES = {
  key: get('/api/push/key.json'),
  subscribe: post('/api/push/subscribe.json'),
  status: post('/api/push/status.json'),
  unsubscribe: post('/api/push/unsubscribe.json'),
};

/** The push notifications endpoints for the browser: addresses typed by their schemas. */
export const PUSH_API: ApiOf<typeof PUSH_ENDPOINTS> = PUSH_ADDRESSES;
