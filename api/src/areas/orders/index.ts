// Orders: the single window's document orders, the registrar's queue, issued documents and their
// public verification.
export { default as ordersArea } from './routes.js';
export { createOrdersRepository, type OrdersRepository } from './repository.js';
// The single window's live events (orders saved, moved, cancelled): see events.ts.
export { orderEvents, ORDERS_CHANNEL, type OrderEventBus } from './events.js';
