import type { PROFILE_ENDPOINTS } from '../profile.js';
import { post, type ApiOf } from '../endpoint.js';

/** Where the profile endpoints answer; their schemas are in ../profile.ts. */
export const PROFILE_ADDRESSES = {
  data: post('/api/profile/data.json'),
};

/** The profile endpoints for the browser: addresses typed by their schemas. */
export const PROFILE_API: ApiOf<typeof PROFILE_ENDPOINTS> = PROFILE_ADDRESSES;
