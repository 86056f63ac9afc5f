// Orders: the single window's document orders, the registrar's queue, issued documents and their
// public verification.
import type { OrderEvent } from '@lms/shared/contract';
import { createEventBus } from '../../lib/event-bus.js';
import { area } from '../../lib/plugin.js';
import type { CommonSettings } from '../../lib/settings.js';
import { ORDERS_CHANNEL } from './events.js';
import { createOrdersRepository, type OrdersRepository } from './repository.js';
import ordersRoutes from './routes.js';
export { createOrdersRepository, type OrdersRepository } from './repository.js';
// The single window's live events (orders saved, moved, cancelled): see events.ts.
export { ORDERS_CHANNEL, type OrderEventBus } from './events.js';

declare module '../../lib/repositories.js' {
  interface Repositories {
    orders: OrdersRepository;
  }
}

/** The single window: its repository (`app.repos.orders`), its live events and its routes. */
export const ordersArea = area(
  'orders',
  { dependencies: ['auth'] },
  async (
    app,
    options: Parameters<typeof ordersRoutes>[1] & Pick<CommonSettings, 'databaseUrl'>,
  ) => {
    app.repos.orders = createOrdersRepository(app.db.kysely);
    app.decorate(
      'orderEvents',
      await createEventBus<OrderEvent>(app, ORDERS_CHANNEL, options.databaseUrl),
    );
    await app.register(ordersRoutes, options);
  },
);
