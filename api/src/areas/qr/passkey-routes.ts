import { SCHEDULE_ENDPOINTS, type QrRefusal } from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError, ok } from '../../lib/http.js';
import { sessionUser } from '../../access/index.js';
import { QR_MESSAGES, QR_REFUSAL_MESSAGES } from './messages.js';
import type { PasskeyRecord } from './passkey-repository.js';
import {
  parseRegistrationChallenge,
  PASSKEY_CHALLENGE_TTL_MS,
  registrationOptions,
  signedChallenge,
  verifyRegistration,
  type PasskeySettings,
} from './passkeys.js';
import { endpointRoute } from '../../lib/endpoints.js';

export interface PasskeyRouteOptions {
  passkeys: PasskeySettings;
  clock: () => number;
}

/**
 * qr/passkeys/*: a student registers their phone once, sees it and removes it; a teacher the
 * same, for signing statements (areas/statements). Check-ins stay the students'.
 */
export const passkeyRoutes: FastifyPluginAsyncTypebox<PasskeyRouteOptions> = async (
  app,
  options,
) => {
  app.addHook('onRequest', app.requireUser);
  const { passkeys } = app.repos;
  const settings = options.passkeys;
  const refusal = (status: 400 | 403 | 409, reason: QrRefusal) =>
    new ApiError(status, QR_REFUSAL_MESSAGES[reason]);

  app.route({
    ...endpointRoute(app, SCHEDULE_ENDPOINTS.passkeyOptions),
    config: { answers: { 409: 'The caller has a passkey already.' } },
    handler: async (request) => {
      const user = sessionUser(request);
      if ((await passkeys.passkeysOf(user.uid)).length > 0) {
        throw refusal(409, 'passkeyExists');
      }
      const expiresAt = options.clock() + PASSKEY_CHALLENGE_TTL_MS;
      return ok(await registrationOptions(settings, user, expiresAt));
    },
  });

  app.route({
    ...endpointRoute(app, SCHEDULE_ENDPOINTS.passkeyRegister),
    config: {
      answers: { 409: "The caller has a passkey already, or this one is another person's." },
    },
    handler: async (request) => {
      const user = sessionUser(request);
      const now = options.clock();
      const response = request.body.response;
      const named = parseRegistrationChallenge(
        settings,
        signedChallenge(response.response.clientDataJSON),
      );
      if (!named || named.userId !== user.uid) throw refusal(400, 'passkeyInvalid');
      if (now > named.expiresAt) throw refusal(400, 'challengeExpired');
      const credential = await verifyRegistration(settings, response);
      if (!credential) throw refusal(400, 'passkeyInvalid');
      const stored = await passkeys.addPasskey({
        userId: user.uid,
        ...credential,
        name: request.body.name?.trim() || QR_MESSAGES.defaultPhoneName[request.lang],
        now,
      });
      if (stored === 'exists') throw refusal(409, 'passkeyExists');
      if (stored === 'taken') throw refusal(409, 'passkeyTaken');
      return ok({ passkeys: (await passkeys.passkeysOf(user.uid)).map(listed) });
    },
  });

  app.route({
    ...endpointRoute(app, SCHEDULE_ENDPOINTS.passkeys),
    handler: async (request) =>
      ok({ passkeys: (await passkeys.passkeysOf(sessionUser(request).uid)).map(listed) }),
  });

  app.route({
    ...endpointRoute(app, SCHEDULE_ENDPOINTS.passkeyDelete),
    handler: async (request) => {
      const user = sessionUser(request);
      // Someone else's and a missing one get the same answer.
      if (!(await passkeys.removePasskey(user.uid, request.body.id))) {
        throw refusal(403, 'passkeyHidden');
      }
      return ok({ sms: QR_MESSAGES.passkeyRemoved[request.lang] });
    },
  });
};

const listed = (passkey: PasskeyRecord) => ({
  id: passkey.id,
  name: passkey.name,
  created_at: passkey.createdAt,
  last_used_at: passkey.lastUsedAt,
});
