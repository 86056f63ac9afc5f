import { ROLE, SCHEDULE_ENDPOINTS, type Language } from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { actorOf, assertSelf, sessionUser } from '../../access/index.js';
import { ApiError, MESSAGES, ok } from '../../lib/http.js';
import type { ScheduleOptions } from '../schedule/index.js';
import { deviceHashOf } from './device.js';
import { QR_MESSAGES } from './messages.js';
import { SCAN_PATH } from './paths.js';
import { isRefusal } from './rules.js';
import { refusalError, type CheckInService, type CheckingIn } from './service.js';
import { endpointRoute } from '../../lib/endpoints.js';

export interface QrRouteOptions {
  /** The QR's settings: the server's clock here. */
  schedule: ScheduleOptions;
  secureCookies: boolean;
  checkIns: CheckInService;
}

/** qr/*: the server's clock, claims and the students' check-ins. */
export const qrRoutes: FastifyPluginAsyncTypebox<QrRouteOptions> = async (app, options) => {
  const { access } = app.repos;
  const settings = options.schedule;
  const { checkIns } = options;
  const deviceOf = (request: FastifyRequest, reply: FastifyReply) => () =>
    deviceHashOf(request, reply, options.secureCookies);

  app.route({
    ...endpointRoute(app, SCHEDULE_ENDPOINTS.qrTime),
    onRequest: app.requireUser,
    handler: async () => ok({ now: settings.clock() }),
  });

  /** Trades a fresh token for a claim bound to this device (signing in may take a while). */
  app.route({
    ...endpointRoute(app, SCHEDULE_ENDPOINTS.qrClaim),
    config: {
      answers: {
        409: "The check-in is refused: the code expired, it is another device's, or the lesson is over.",
        429: 'Too many wrong codes: wait before trying again.',
      },
    },
    handler: async (request, reply) => {
      const claim = await checkIns.claim(
        request.body.token,
        deviceOf(request, reply),
        settings.clock(),
      );
      if (isRefusal(claim)) throw refusalError(claim);
      return ok(claim);
    },
  });

  /** The QR's address, opened by a camera app: claim the token, then go to the scan screen. */
  app.route({
    ...endpointRoute(app, SCHEDULE_ENDPOINTS.qrScan),
    config: { answers: { 303: 'To the scan screen, with the claim or the reason it is refused.' } },
    handler: async (request, reply) => {
      const { t: token, s, a } = request.query;
      const claim = await checkIns.claim(token, deviceOf(request, reply), settings.clock());
      const where = new URLSearchParams();
      if (isRefusal(claim)) where.set('error', claim.reason);
      else where.set('claim', claim.claim);
      if (s) where.set('s', s);
      if (a) where.set('a', a);
      return reply.header('Cache-Control', 'no-store').redirect(`${SCAN_PATH}#${where}`, 303);
    },
  });

  /**
   * Who checks in, from which device, when and in which group: both steps of a check-in. The
   * scan screen may name the language of its refusals in the body: it wins over the cookie.
   */
  const checkingIn = async (
    request: FastifyRequest,
    reply: FastifyReply,
    body: { idStud: number; lang?: Language },
  ): Promise<CheckingIn> => {
    if (body.lang) request.lang = body.lang;
    const user = sessionUser(request);
    assertSelf(user, { id: body.idStud });
    const now = settings.clock();
    const deviceHash = deviceHashOf(request, reply, options.secureCookies);
    const placement = await access.placementOf(user.id);
    if (!placement) throw new ApiError(403, MESSAGES.forbidden);
    return {
      studentId: user.id,
      uid: user.uid,
      placement,
      deviceHash,
      now,
      lang: request.lang,
      actor: actorOf(request),
    };
  };

  const studentOnly = [app.requireUser, app.requireRole(ROLE.student)];

  app.route({
    ...endpointRoute(app, SCHEDULE_ENDPOINTS.qrChallenge),
    config: {
      answers: {
        409: "The check-in is refused: the code expired, it is another device's, or the lesson is over.",
        429: 'Too many wrong codes: wait before trying again.',
      },
    },
    onRequest: studentOnly,
    handler: async (request, reply) => {
      const who = await checkingIn(request, reply, request.body);
      const retryAfter = (seconds: number) => reply.header('Retry-After', String(seconds));
      return ok(await checkIns.challenge(request.body, who, retryAfter));
    },
  });

  app.route({
    ...endpointRoute(app, SCHEDULE_ENDPOINTS.qrVisit),
    config: {
      answers: {
        409: "The check-in is refused: the code expired, it is another device's, or the lesson is over.",
        429: 'Too many wrong codes: wait before trying again.',
      },
    },
    onRequest: studentOnly,
    handler: async (request, reply) => {
      const who = await checkingIn(request, reply, request.body);
      const { marked, slot, session } = await checkIns.visit(request.body, who);
      const sms = marked ? QR_MESSAGES.marked : QR_MESSAGES.alreadyMarked;
      return ok({
        marked,
        discipline: slot.discipline,
        date: session.date,
        id_time: slot.timeId as 1 | 2 | 3 | 4 | 5,
        sms: sms[request.lang],
      });
    },
  });
};
