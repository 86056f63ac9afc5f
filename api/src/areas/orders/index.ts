// Orders: the single window's document orders, the registrar's queue, issued documents and their
// public verification.
import type { OrderEvent } from '@lms/shared/contract';
import { createEventBus } from '../../lib/event-bus.js';
import { createDocumentsRepository, createDocumentsService } from '../documents/index.js';
import { area } from '../../lib/plugin.js';
import type { CommonSettings } from '../../lib/settings.js';
import { ORDERS_CHANNEL } from './events.js';
import { createOrdersRepository, type OrdersRepository } from './repository.js';
import { readStudentCard } from '../../lib/documents/student-card.js';
import ordersRoutes, { type OrdersSettings } from './routes.js';
import { createOrdersService } from './service.js';
export { createOrdersRepository, type OrdersRepository } from './repository.js';
// The single window's live events (orders saved, moved, cancelled): see events.ts.
export { ORDERS_CHANNEL, type OrderEventBus } from './events.js';
export { escape as escapeHtml, verifyPage } from './verify-routes.js';

declare module '../../lib/repositories.js' {
  interface Repositories {
    orders: OrdersRepository;
  }
}

/** The single window: its repository (`app.repos.orders`), its live events and its routes. */
export const ordersArea = area(
  'orders',
  { dependencies: ['auth', 'audit'] },
  async (app, options: OrdersSettings & Pick<CommonSettings, 'databaseUrl'>) => {
    const db = app.db.kysely;
    const orders = createOrdersRepository(db);
    app.repos.orders = orders;
    app.decorate(
      'orderEvents',
      await createEventBus<OrderEvent>(app, ORDERS_CHANNEL, options.databaseUrl),
    );
    const publish = (event: OrderEvent) =>
      app.orderEvents
        .publish(event)
        .catch((error: unknown) => app.log.warn({ err: error }, 'order event not published'));
    const documents = createDocumentsService(createDocumentsRepository(db), options);
    const service = createOrdersService(
      db,
      {
        orders,
        studentCard: (lang, studentId) => readStudentCard(db, lang, studentId),
        revokeDocument: documents.revoke,
      },
      options,
      publish,
      app.repos.auditTrail,
    );
    await app.register(ordersRoutes, { ...options, service });
  },
);
