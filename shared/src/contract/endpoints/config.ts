import type { PORTAL_ENDPOINTS } from '../config.js';
import { post, type ApiOf } from '../endpoint.js';

/** Where the portal endpoints answer; their schemas are in ../config.ts. */
export const PORTAL_ADDRESSES = {
  remoteHealth: post('/api/remotes/health.json'),
};

/** The portal endpoints for the browser: addresses typed by their schemas. */
export const PORTAL_API: ApiOf<typeof PORTAL_ENDPOINTS> = PORTAL_ADDRESSES;
