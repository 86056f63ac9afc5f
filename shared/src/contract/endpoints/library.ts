import type { LIBRARY_ENDPOINTS } from '../library.js';
import { file, post, upload, type ApiOf } from '../endpoint.js';

/** Where the e-library endpoints answer; their schemas are in ../library.ts. */
export const LIBRARY_ADDRESSES = {
  baseCategories: post('/api/library/basebookcategories.json'),
  bookCategories: post('/api/library/bookcategories.json'),
  books: post('/api/library/getbooklist.json'),
  deleteCheck: post('/api/library/deletecheck.json'),
  remove: post('/api/library/deleteebook.json'),
  save: upload('/api/library/insertupdatebook.json'),
  download: file('/api/library/download.file'),
};

/** The e-library endpoints for the browser: addresses typed by their schemas. */
export const LIBRARY_API: ApiOf<typeof LIBRARY_ENDPOINTS> = LIBRARY_ADDRESSES;
