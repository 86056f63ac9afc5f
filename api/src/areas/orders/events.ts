import type { OrderEvent } from '@lms/shared/contract';
import type { EventBus } from '../../lib/event-bus.js';

/** Document-order events (saved, moved, cancelled) for the single window's SSE streams. */
export type OrderEventBus = EventBus<OrderEvent>;

declare module 'fastify' {
  interface FastifyInstance {
    orderEvents: OrderEventBus;
  }
}

export const ORDERS_CHANNEL = 'lms_orders';
