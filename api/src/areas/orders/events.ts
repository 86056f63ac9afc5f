import type { OrderEvent } from '@lms/shared/contract';
import { createEventBus, type EventBus } from '../../lib/event-bus.js';
import { appPlugin } from '../../lib/plugin.js';

/** Document-order events (saved, moved, cancelled) for the single window's SSE streams. */
export type OrderEventBus = EventBus<OrderEvent>;

declare module 'fastify' {
  interface FastifyInstance {
    orderEvents: OrderEventBus;
  }
}

export const ORDERS_CHANNEL = 'lms_orders';

/** The single window's live events, for every API process (channel `lms_orders`). */
export const orderEvents = appPlugin(
  'order-events',
  async (app, options: { databaseUrl?: string }) => {
    app.decorate(
      'orderEvents',
      await createEventBus<OrderEvent>(app, ORDERS_CHANNEL, options.databaseUrl),
    );
  },
);
