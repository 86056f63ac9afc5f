import { Envelope, ErrorEnvelope, ROLE, PAYMENTS_ENDPOINTS } from '@lms/shared/contract';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { actorOf, assertSelf, sessionUser } from '../../access/index.js';
import { attachmentDisposition } from '../../lib/download.js';
import { MESSAGES, ok } from '../../lib/http.js';
import type { PaymentProvider } from './provider.js';
import type { ProviderSetup } from './provider-routes.js';
import { NOTIFY_PATH, PREFIXES } from './paths.js';
import type { PaymentsService } from './service.js';
import { toPayment } from './wire.js';
import { endpointRoute } from '../../lib/endpoints.js';
import { SandboxNotification } from './sandbox/adapter.js';

/** What a notification's acknowledgement says was done with it. */
const NotifyAnswer = Envelope(
  Type.Object({
    outcome: Type.Union([
      Type.Literal('applied'),
      Type.Literal('refund'),
      Type.Literal('duplicate'),
      Type.Literal('ignored'),
    ]),
  }),
);

export { NOTIFY_PATH, PREFIXES, RETURN_PATH } from './paths.js';

/**
 * The payments area's routes: the student's calls, the provider's notify URL, and whatever the
 * configured provider serves itself (the sandbox's page). The provider and the service are built
 * by the area (index.ts).
 */
export const paymentsRoutes: FastifyPluginAsync<{
  setup: ProviderSetup;
  service: PaymentsService;
}> = async (app, { setup, service }) => {
  await app.register(studentRoutes, { prefix: PREFIXES.misc, service, provider: setup.provider });
  await app.register(notifyRoute, { provider: setup.provider, service });
  if (setup.hosted) {
    await app.register(setup.hosted.plugin, {
      prefix: setup.hosted.prefix,
      secret: setup.hosted.secret,
    });
  }
};

const studentRoutes: FastifyPluginAsyncTypebox<{
  service: PaymentsService;
  provider: PaymentProvider;
}> = async (app, { service, provider }) => {
  app.addHook('onRequest', app.requireRole(ROLE.student));
  const { payments } = app.repos;

  app.route({
    ...endpointRoute(app, PAYMENTS_ENDPOINTS.services),
    handler: async () => ok(await payments.services()),
  });

  app.route({
    ...endpointRoute(app, PAYMENTS_ENDPOINTS.groups),
    handler: async (request) => {
      const user = sessionUser(request);
      assertSelf(user, { id: request.body.id_student });
      return ok(
        await payments.groupsFor(request.lang, user.id, request.body.id_a_year, new Date()),
      );
    },
  });

  app.route({
    ...endpointRoute(app, PAYMENTS_ENDPOINTS.code),
    handler: async (request) => {
      const user = sessionUser(request);
      const { id_year, id_group, id_student, id_uslug } = request.body;
      assertSelf(user, { id: id_student });
      return ok(
        await service.paymentCode(
          request.lang,
          user.id,
          { yearId: id_year, groupId: id_group, serviceId: id_uslug },
          new Date(),
        ),
      );
    },
  });

  app.route({
    ...endpointRoute(app, PAYMENTS_ENDPOINTS.payByCard),
    config: { answers: { 409: 'The payment is paid or cancelled already.' } },
    handler: async (request) =>
      ok(
        await service.payByCard(request.lang, sessionUser(request), request.body, actorOf(request)),
      ),
  });

  app.route({
    ...endpointRoute(app, PAYMENTS_ENDPOINTS.payments),
    handler: async (request) => {
      const user = sessionUser(request);
      assertSelf(user, { id: request.body.id_student });
      return ok(await service.list(user.id));
    },
  });

  app.route({
    ...endpointRoute(app, PAYMENTS_ENDPOINTS.payment),
    handler: async (request) => {
      const payment = await service.ownPayment(sessionUser(request), request.body.id_payment);
      return ok(toPayment(payment, provider));
    },
  });

  app.route({
    ...endpointRoute(app, PAYMENTS_ENDPOINTS.cancel),
    config: { answers: { 409: 'The payment is paid already: it can no longer be cancelled.' } },
    handler: async (request) =>
      ok(await service.cancel(sessionUser(request), request.body.id_payment, actorOf(request))),
  });

  app.route({
    ...endpointRoute(app, PAYMENTS_ENDPOINTS.receipt),
    config: { answers: { 404: 'No such payment, or it is not paid.' } },
    handler: async (request, reply) => {
      const user = sessionUser(request);
      const id = Number(request.query.id_payment);
      const { pdf, receiptNo } = await service.receipt(request.lang, user, id);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', attachmentDisposition(`receipt-${receiptNo}.pdf`))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-cache')
        .send(pdf);
    },
  });
};

/** Notifications come from the provider, not a browser: no session, no XSRF; the signature decides. */
const notifyRoute: FastifyPluginAsync<{
  provider: PaymentProvider;
  service: PaymentsService;
}> = async (app, { provider, service }) => {
  // The signature covers the bytes as sent: keep the raw body.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, body),
  );

  app.post(
    NOTIFY_PATH,
    {
      schema: {
        response: {
          200: NotifyAnswer,
          403: { ...ErrorEnvelope, description: 'The notification is not signed by the acquirer.' },
        },
      },
      config: {
        xsrf: false,
        answers: { 403: 'The notification is not signed by the acquirer.' },
        documentedBody: {
          mediaType: 'application/json',
          schema: SandboxNotification,
          description:
            "The acquirer's event, signed over its exact bytes (the sandbox acquirer's shape and " +
            'its signature header; another acquirer is another adapter).',
        },
      },
    },
    async (request, reply) => {
      const body = typeof request.body === 'string' ? request.body : '';
      const now = Date.now();
      const check = provider.verifyNotification({ body, headers: request.headers, now });
      if (!check.ok) {
        request.log.warn({ reason: check.reason }, 'payment notification rejected');
        await service.reject(check.reason, body, now);
        return reply
          .code(403)
          .send({ result: true, error: MESSAGES.forbidden[request.lang], data: null });
      }
      const result = await service.applyNotification(check.notification);
      if (result.outcome !== 'applied') {
        request.log.warn(
          { event: check.notification.eventId, outcome: result.outcome, reason: result.reason },
          'payment notification not applied',
        );
      }
      // Acknowledged either way: the provider must not keep retrying a replay.
      return ok({ outcome: result.outcome });
    },
  );
};
