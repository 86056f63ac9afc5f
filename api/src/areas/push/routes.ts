import { PUSH_ENDPOINTS } from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { hiddenRecord, sessionUser } from '../../access/index.js';
import { ApiError, ok } from '../../lib/http.js';
import { PUSH_MESSAGES } from './messages.js';
import type { PushRepository } from './repository.js';
import { endpointRefusal, type pushServicePatterns } from './endpoint-rules.js';
import { endpointRoute } from '../../lib/endpoints.js';

export interface PushRouteOptions {
  push: PushRepository;
  publicKey: string;
  plainHttp: boolean;
  services: ReturnType<typeof pushServicePatterns>;
}

/**
 * Web Push (under /lms/api/push): the server's public key, and each device's subscription of the
 * signed-in user. A user reaches only their own subscriptions: an endpoint subscribed by
 * someone else is refused like a missing record.
 */
const pushRoutes: FastifyPluginAsyncTypebox<PushRouteOptions> = async (app, options) => {
  app.addHook('onRequest', app.requireUser);
  const { push, publicKey } = options;

  app.route({
    ...endpointRoute(app, PUSH_ENDPOINTS.key),
    handler: async () => ok({ publicKey }),
  });

  app.route({
    ...endpointRoute(app, PUSH_ENDPOINTS.subscribe),
    handler: async (request) => {
      const user = sessionUser(request);
      const { endpoint, keys, preferences } = request.body;
      const refusal = endpointRefusal(endpoint, options.services, options.plainHttp);
      if (refusal === 'scheme') throw new ApiError(400, PUSH_MESSAGES.plainHttp);
      if (refusal === 'service') throw new ApiError(400, PUSH_MESSAGES.notPushService);
      const saved = await push.save(
        user.uid,
        endpoint,
        keys,
        preferences,
        request.lang,
        Date.now(),
      );
      if (!saved) throw hiddenRecord();
      return ok({ subscribed: true, preferences });
    },
  });

  app.route({
    ...endpointRoute(app, PUSH_ENDPOINTS.status),
    handler: async (request) => {
      const found = await push.find(sessionUser(request).uid, request.body.endpoint);
      return ok({ subscribed: found !== undefined, preferences: found?.preferences ?? null });
    },
  });

  app.route({
    ...endpointRoute(app, PUSH_ENDPOINTS.unsubscribe),
    handler: async (request) => {
      await push.remove(sessionUser(request).uid, request.body.endpoint);
      return ok({ subscribed: false, preferences: null });
    },
  });
};

export default pushRoutes;
