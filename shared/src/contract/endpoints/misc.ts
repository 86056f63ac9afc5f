import type { MISC_ENDPOINTS } from '../misc.js';
import { get, post, type ApiOf } from '../endpoint.js';

/** Where the profile settings and catalogue lists (/api/misc) endpoints answer; their schemas are in ../misc.ts. */
export const MISC_ADDRESSES = {
  photo: post('/api/misc/photo.json'),
  position: post('/api/misc/position.json'),
  settings: post('/api/misc/settings.json'),
  defaultYear: get('/api/misc/defaultyear.json'),
  years: get('/api/misc/years.json'),
  registeredFaculties: post('/api/misc/registered-faculty-list.json'),
  dinUrls: post('/api/misc/dinurls.json'),
};

/** The profile settings and catalogue lists (/api/misc) endpoints for the browser: addresses typed by their schemas. */
export const MISC_API: ApiOf<typeof MISC_ENDPOINTS> = MISC_ADDRESSES;
