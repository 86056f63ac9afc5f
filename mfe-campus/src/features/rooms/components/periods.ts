import { LESSON_ORDERS } from '@lms/shared';

/** The university's lesson periods (the contract's lesson orders). */
export const PERIODS = LESSON_ORDERS.map((order) => ({
  id: order.id_time,
  start: order.start,
  end: order.end,
}));
