import type { ORDERS_ENDPOINTS } from '../orders.js';
import { events, file, post, type ApiOf } from '../endpoint.js';

/** Where the single window (document orders) endpoints answer; their schemas are in ../orders.ts. */
export const ORDERS_ADDRESSES = {
  documents: post('/api/singlewindow/doc/list.json'),
  regions: post('/api/singlewindow/region/list.json'),
  districts: post('/api/singlewindow/district/list.json'),
  purposes: post('/api/singlewindow/naznachenie/list.json'),
  mine: post('/api/singlewindow/order/list.json'),
  save: post('/api/singlewindow/order/save.json'),
  cancel: post('/api/singlewindow/order/cancel.json'),
  documentFile: file('/api/singlewindow/order/document.file'),
  queue: post('/api/singlewindow/queue/list.json'),
  move: post('/api/singlewindow/queue/move.json'),
  revoke: post('/api/singlewindow/document/revoke.json'),
  events: events('/api/singlewindow/events'),
};

/** The single window (document orders) endpoints for the browser: addresses typed by their schemas. */
export const ORDERS_API: ApiOf<typeof ORDERS_ENDPOINTS> = ORDERS_ADDRESSES;
