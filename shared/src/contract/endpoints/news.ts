import type { NEWS_ENDPOINTS } from '../news.js';
import { file, post, upload, type ApiOf } from '../endpoint.js';

/** Where the news feed endpoints answer; their schemas are in ../news.ts. */
export const NEWS_ADDRESSES = {
  page: post('/api/news/data.json'),
  check: post('/api/news/check.json'),
  insert: upload('/api/news/insert.json'),
  remove: post('/api/news/delete.json'),
  update: post('/api/news/update.json'),
  download: file('/api/news/download.file'),
};

/** The news feed endpoints for the browser: addresses typed by their schemas. */
export const NEWS_API: ApiOf<typeof NEWS_ENDPOINTS> = NEWS_ADDRESSES;
