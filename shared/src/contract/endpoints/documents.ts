import type { DOCUMENTS_ENDPOINTS } from '../documents.js';
import { post, type ApiOf } from '../endpoint.js';

/** Where the documents endpoints answer; their schemas are in ../documents.ts. */
export const DOCUMENTS_ADDRESSES = {
  mine: post('/api/documents/mine.json'),
  search: post('/api/documents/registrar/search.json'),
  revoke: post('/api/documents/registrar/revoke.json'),
};

/** The documents endpoints for the browser: addresses typed by their schemas. */
export const DOCUMENTS_API: ApiOf<typeof DOCUMENTS_ENDPOINTS> = DOCUMENTS_ADDRESSES;
