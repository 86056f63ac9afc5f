import type { CHAT_ENDPOINTS } from '../chat.js';
import { events, file, post, upload, type ApiOf } from '../endpoint.js';

/** Where the chat endpoints answer; their schemas are in ../chat.ts. */
export const CHAT_ADDRESSES = {
  messages: post('/api/chat/messages.json'),
  groupMessages: post('/api/chat/group/messages.json'),
  newer: post('/api/chat/new.json'),
  older: post('/api/chat/old.json'),
  read: post('/api/chat/read.json'),
  readAll: post('/api/chat/readall.json'),
  count: post('/api/chat/count.json'),
  countByDiscipline: post('/api/chat/countbydiscipline.json'),
  remove: post('/api/chat/deletemessage.json'),
  insert: upload('/api/chat/insert.json'),
  download: file('/api/chat/download.file'),
  events: events('/api/chat/events'),
};

/** The chat endpoints for the browser: addresses typed by their schemas. */
export const CHAT_API: ApiOf<typeof CHAT_ENDPOINTS> = CHAT_ADDRESSES;
