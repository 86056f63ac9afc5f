import {
  Envelope,
  PushEndpointBody,
  PushKeyResponse,
  PushStatusResponse,
  PushSubscribeBody,
} from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { hiddenRecord, sessionUser } from '../../access/index.js';
import { ApiError, ok } from '../../lib/http.js';
import { PUSH_MESSAGES } from './messages.js';
import type { PushRepository } from './repository.js';

export interface PushRouteOptions {
  push: PushRepository;
  publicKey: string;
  plainHttp: boolean;
}

/**
 * Web Push (under /lms/api/push): the server's public key, and each device's subscription of the
 * signed-in user. A user reaches only their own subscriptions: an endpoint subscribed by
 * someone else is refused like a missing record.
 */
const pushRoutes: FastifyPluginAsyncTypebox<PushRouteOptions> = async (app, options) => {
  app.addHook('onRequest', app.requireUser);
  const { push, publicKey } = options;

  app.get('/key.json', { schema: { response: { 200: Envelope(PushKeyResponse) } } }, async () =>
    ok({ publicKey }),
  );

  app.post(
    '/subscribe.json',
    { schema: { body: PushSubscribeBody, response: { 200: Envelope(PushStatusResponse) } } },
    async (request) => {
      const user = sessionUser(request);
      const { endpoint, keys, preferences } = request.body;
      if (!options.plainHttp && !endpoint.startsWith('https://')) {
        throw new ApiError(400, PUSH_MESSAGES.plainHttp);
      }
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
  );

  app.post(
    '/status.json',
    { schema: { body: PushEndpointBody, response: { 200: Envelope(PushStatusResponse) } } },
    async (request) => {
      const found = await push.find(sessionUser(request).uid, request.body.endpoint);
      return ok({ subscribed: found !== undefined, preferences: found?.preferences ?? null });
    },
  );

  app.post(
    '/unsubscribe.json',
    { schema: { body: PushEndpointBody, response: { 200: Envelope(PushStatusResponse) } } },
    async (request) => {
      await push.remove(sessionUser(request).uid, request.body.endpoint);
      return ok({ subscribed: false, preferences: null });
    },
  );
};

export default pushRoutes;
