import { ROLE, type SessionUser, ORDERS_ENDPOINTS } from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { actorOf, isRegistrar, sessionUser } from '../../access/index.js';
import { attachmentDisposition } from '../../lib/download.js';
import { ApiError, MESSAGES, ok } from '../../lib/http.js';
import { DEFAULT_HEARTBEAT_MS, openEventStream } from '../../lib/sse.js';
import { ORDER_MESSAGES } from './messages.js';
import { hears } from './rules.js';
import type { OrdersService, OrdersServiceOptions } from './service.js';
import verifyRoutes from './verify-routes.js';
import { toDistrict, toOrder, toOrderDocument, toPurpose, toQueueOrder, toRegion } from './wire.js';
import { VERIFY_PATH } from '../../lib/documents/verification.js';
import { endpointRoute } from '../../lib/endpoints.js';

/** The legacy URL prefixes the area answers under (spec §7; the documents' QR links). */
export const PREFIXES = {
  singleWindow: '/lms/api/singlewindow',
  verify: VERIFY_PATH,
} as const;

function assertRegistrar(user: SessionUser): void {
  if (!isRegistrar(user)) throw new ApiError(403, ORDER_MESSAGES.registrarOnly);
}

/** The single window's settings. */
export type OrdersSettings = OrdersServiceOptions & { heartbeatMs?: number };

/** The settings and the service, built by the area (index.ts). */
type SingleWindowOptions = OrdersSettings & { service: OrdersService };

/** The single window (spec §7 /api/singlewindow/): students order documents, the registrar moves them. */
const singleWindowRoutes: FastifyPluginAsyncTypebox<SingleWindowOptions> = async (app, options) => {
  app.addHook('onRequest', app.requireUser);
  const { orders } = app.repos;
  const studentOnly = app.requireRole(ROLE.student);

  const { service } = options;

  // ---- Lists (spec §7): anyone signed in ----

  app.route({
    ...endpointRoute(app, ORDERS_ENDPOINTS.documents),
    handler: async () => ok((await orders.documents()).map(toOrderDocument)),
  });
  app.route({
    ...endpointRoute(app, ORDERS_ENDPOINTS.regions),
    handler: async () => ok((await orders.regions()).map(toRegion)),
  });
  app.route({
    ...endpointRoute(app, ORDERS_ENDPOINTS.districts),
    handler: async (request) =>
      ok(
        request.body.id_region < 1
          ? []
          : (await orders.districts(request.body.id_region)).map(toDistrict),
      ),
  });
  app.route({
    ...endpointRoute(app, ORDERS_ENDPOINTS.purposes),
    handler: async () => ok((await orders.purposes()).map(toPurpose)),
  });

  // ---- The student's orders ----

  app.route({
    ...endpointRoute(app, ORDERS_ENDPOINTS.mine),
    onRequest: studentOnly,
    handler: async (request) =>
      ok((await orders.listForStudent(request.lang, sessionUser(request).id)).map(toOrder)),
  });

  app.route({
    ...endpointRoute(app, ORDERS_ENDPOINTS.save),
    onRequest: studentOnly,
    handler: async (request) => {
      return ok(await service.save(request.lang, sessionUser(request).id, request.body));
    },
  });

  app.route({
    ...endpointRoute(app, ORDERS_ENDPOINTS.cancel),
    config: {
      answers: { 409: 'The order is being prepared or is ready: it can no longer be cancelled.' },
    },
    onRequest: studentOnly,
    handler: async (request) => {
      const { id_order } = request.body;
      await service.cancel(sessionUser(request), id_order);
      return ok({ id_order });
    },
  });

  app.route({
    ...endpointRoute(app, ORDERS_ENDPOINTS.documentFile),
    config: {
      answers: {
        403: "The document is not the caller's.",
        404: 'No such document, or not issued yet.',
      },
    },
    handler: async (request, reply) => {
      const { id, pdf } = await service.certificateFile(
        request.lang,
        sessionUser(request),
        Number(request.query.id_order),
      );
      return reply
        .type('application/pdf')
        .header('Content-Disposition', attachmentDisposition(`certificate-${id}.pdf`))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  });

  // ---- The registrar's queue ----

  app.route({
    ...endpointRoute(app, ORDERS_ENDPOINTS.queue),
    config: { access: 'registrar' },
    handler: async (request) => {
      assertRegistrar(sessionUser(request));
      const rows = await orders.queue(request.lang, {
        status: request.body.status,
        documentId: request.body.id_doc,
      });
      return ok(rows.map(toQueueOrder));
    },
  });

  app.route({
    ...endpointRoute(app, ORDERS_ENDPOINTS.move),
    config: {
      access: 'registrar',
      answers: { 409: 'The order has moved on already (a repeated or stale move).' },
    },
    handler: async (request) => {
      const user = sessionUser(request);
      assertRegistrar(user);
      const { id_order, from, to } = request.body;
      const comment = request.body.comment?.trim() || null;
      return ok(
        await service.move(actorOf(request), request.lang, user, { id_order, from, to, comment }),
      );
    },
  });

  app.route({
    ...endpointRoute(app, ORDERS_ENDPOINTS.revoke),
    config: {
      access: 'registrar',
      answers: { 404: 'No such document.', 409: 'The document has already been revoked.' },
    },
    handler: async (request) => {
      const user = sessionUser(request);
      assertRegistrar(user);
      const { id_document, reason } = request.body;
      return ok(await service.revoke(request.lang, id_document, reason, user.uid));
    },
  });

  // ---- Live events: a student hears about their own orders, the registrar about all ----

  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of streams) end();
  });
  app.get(
    '/events',
    { config: { answers: { 403: 'Only students and the registrar hear about orders.' } } },
    async (request: FastifyRequest, reply) => {
      const user = sessionUser(request);
      const registrar = isRegistrar(user);
      if (!registrar && user.role !== ROLE.student) throw new ApiError(403, MESSAGES.forbidden);
      const stream = openEventStream(request, reply, options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS);
      const listener = { registrar, studentId: user.role === ROLE.student ? user.id : null };
      const unsubscribe = app.orderEvents.subscribe((event) => {
        if (hears(listener, event)) stream.send('order', event);
      });
      stream.onEnd(unsubscribe);
      streams.add(stream.end);
      stream.onEnd(() => streams.delete(stream.end));
    },
  );
};

/** The orders area: the single window and the public verification page of issued documents. */
const ordersArea: FastifyPluginAsync<SingleWindowOptions> = async (app, options) => {
  await app.register(singleWindowRoutes, { ...options, prefix: PREFIXES.singleWindow });
  await app.register(verifyRoutes, { ...options, prefix: PREFIXES.verify });
};

export default ordersArea;
