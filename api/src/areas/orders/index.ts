// Orders: the single window's document orders, the registrar's queue, issued documents and their
// public verification.
export { default as singleWindowRoutes } from './routes.js';
export { default as verifyRoutes } from './verify-routes.js';
export { createOrdersRepository, type OrdersRepository } from './repository.js';
