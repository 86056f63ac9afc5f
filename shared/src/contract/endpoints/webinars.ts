import type { WEBINARS_ENDPOINTS } from '../webinars.js';
import { events, post, type ApiOf } from '../endpoint.js';

/** Where the webinars endpoints answer; their schemas are in ../webinars.ts. */
export const WEBINARS_ADDRESSES = {
  teaching: post('/api/webinars/teaching.json'),
  list: post('/api/webinars/list.json'),
  schedule: post('/api/webinars/schedule.json'),
  cancel: post('/api/webinars/cancel.json'),
  join: post('/api/webinars/join.json'),
  attendance: post('/api/webinars/attendance.json'),
  journal: post('/api/webinars/journal.json'),
  recordings: post('/api/webinars/recordings.json'),
  signal: post('/api/webinars/signal.json'),
  hand: post('/api/webinars/hand.json'),
  chat: post('/api/webinars/chat.json'),
  events: events('/api/webinars/events'),
};

/** The webinars endpoints for the browser: addresses typed by their schemas. */
export const WEBINARS_API: ApiOf<typeof WEBINARS_ENDPOINTS> = WEBINARS_ADDRESSES;
