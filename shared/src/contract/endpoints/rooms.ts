import type { ROOMS_ENDPOINTS } from '../rooms.js';
import { file, post, type ApiOf } from '../endpoint.js';

/** Where the rooms endpoints answer; their schemas are in ../rooms.ts. */
export const ROOMS_ADDRESSES = {
  list: post('/api/rooms/list.json'),
  save: post('/api/rooms/save.json'),
  week: post('/api/rooms/week.json'),
  free: post('/api/rooms/free.json'),
  teaching: post('/api/rooms/teaching.json'),
  book: post('/api/rooms/book.json'),
  bookings: post('/api/rooms/bookings.json'),
  cancel: post('/api/rooms/cancel.json'),
  sheet: file('/api/rooms/sheet.file'),
};

/** The rooms endpoints for the browser: addresses typed by their schemas. */
export const ROOMS_API: ApiOf<typeof ROOMS_ENDPOINTS> = ROOMS_ADDRESSES;
