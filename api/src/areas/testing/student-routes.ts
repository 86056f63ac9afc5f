import { ROLE, TESTING_ENDPOINTS } from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { hiddenRecord, sessionUser } from '../../access/index.js';
import { endpointRoute } from '../../lib/endpoints.js';
import { ok } from '../../lib/http.js';
import type { TestingRoutesOptions } from './teacher-routes.js';

/**
 * The student's routes (under /lms/api/testing/student): the tests open to their group, and
 * their own attempts. Every instant is the server's clock; no answer carries a key.
 */
const studentRoutes: FastifyPluginAsyncTypebox<TestingRoutesOptions> = async (app, options) => {
  const { attempts, groupOf, signing, clock } = options;
  app.addHook('onRequest', app.requireRole(ROLE.student));
  const studentId = (request: Parameters<typeof sessionUser>[0]) => sessionUser(request).id;

  app.route({
    ...endpointRoute(app, TESTING_ENDPOINTS.open),
    handler: async (request) =>
      ok(await attempts.openTests(request.lang, studentId(request), clock())),
  });

  app.route({
    ...endpointRoute(app, TESTING_ENDPOINTS.start),
    // 200 answers the attempt once admitted, or a wait with the place (TestingStartResponse).
    config: { answers: { 409: 'The attempt another tab started has just closed: ask again.' } },
    handler: async (request) => {
      const me = studentId(request);
      const groupId = await groupOf(me);
      if (groupId === undefined) throw hiddenRecord();
      return ok(await attempts.start(me, groupId, request.body.testId, clock()));
    },
  });

  app.route({
    ...endpointRoute(app, TESTING_ENDPOINTS.attempt),
    handler: async (request) =>
      ok(await attempts.attempt(studentId(request), request.body.attemptId, clock())),
  });

  app.route({
    ...endpointRoute(app, TESTING_ENDPOINTS.answer),
    config: { answers: { 409: 'The attempt is over: finished or out of time.' } },
    handler: async (request) =>
      ok(await attempts.answer(studentId(request), request.body, clock())),
  });

  app.route({
    ...endpointRoute(app, TESTING_ENDPOINTS.answers),
    // Each answer's refusal is told in its outcome (200); a list not of the attempt is a 400.
    handler: async (request) =>
      ok(await attempts.answers(studentId(request), request.body, clock(), request.lang)),
  });

  app.route({
    ...endpointRoute(app, TESTING_ENDPOINTS.signOptions),
    handler: async (request) => {
      const user = sessionUser(request);
      const { attemptId, device } = request.body;
      // The student's own attempt (another's: 403, as every student route answers it).
      await attempts.attempt(user.id, attemptId, clock());
      return ok(await signing.options(attemptId, user.uid, device, clock()));
    },
  });

  app.route({
    ...endpointRoute(app, TESTING_ENDPOINTS.submit),
    config: { answers: { 409: 'The signing request has expired.' } },
    handler: async (request) => {
      const user = sessionUser(request);
      const { attemptId, passkey } = request.body;
      const signed = passkey && { uid: user.uid, passkey, signing };
      return ok(await attempts.submit(user.id, attemptId, clock(), signed));
    },
  });
};

export default studentRoutes;
