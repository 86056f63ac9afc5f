import { ROLE, TESTING_ENDPOINTS, type TestingTeachingResponse } from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sessionUser } from '../../access/index.js';
import { endpointRoute } from '../../lib/endpoints.js';
import { attachmentDisposition } from '../../lib/download.js';
import { ok } from '../../lib/http.js';
import { bankExport } from './export-service.js';
import type { Admission } from './admission.js';
import type { AttemptService } from './attempt-service.js';
import type { Monitor } from './monitor.js';
import type { ImportService } from './import-service.js';
import type { TestingRepository } from './repository.js';
import type { BankService } from './service.js';
import { teacherTestOf } from './wire.js';

import type { Signing } from './submission.js';

export interface TestingRoutesOptions {
  reads: TestingRepository;
  bank: BankService;
  attempts: AttemptService;
  imports: ImportService;
  /** The group of a student, or undefined for no such student. */
  groupOf: (studentId: number) => Promise<number | undefined>;
  /** The student's passkey over the chain head at submission. */
  signing: Signing;
  /** The controlled start: attempts drawn ahead, the start queue. */
  admission: Admission;
  /** The teacher's live view of a running test. */
  monitor: Monitor;
  /** The server's clock (settable by a test). */
  clock: () => number;
}

/**
 * The teacher's routes (under /lms/api/testing/teacher): their bank and tests for a discipline
 * they teach, windows for the groups they teach it to, the results and the essays' grades.
 * Another teacher's topic, question, test or attempt is refused like a missing one.
 */
const teacherRoutes: FastifyPluginAsyncTypebox<TestingRoutesOptions> = async (app, options) => {
  const { reads, bank, attempts, imports, groupOf, admission, monitor, clock } = options;
  app.addHook('onRequest', app.requireRole(ROLE.teacher));
  const teacherId = (request: Parameters<typeof sessionUser>[0]) => sessionUser(request).id;

  app.route({
    ...endpointRoute(app, TESTING_ENDPOINTS.teaching),
    handler: async (request) => {
      const rows = await reads.teaching(request.lang, teacherId(request));
      const list: TestingTeachingResponse = [];
      for (const row of rows) {
        let entry = list.find((item) => item.disciplineId === row.disciplineId);
        if (!entry) {
          entry = { disciplineId: row.disciplineId, discipline: row.discipline, groups: [] };
          list.push(entry);
        }
        entry.groups.push({ groupId: row.groupId, group: row.group });
      }
      return ok(list);
    },
  });

  app.route({
    ...endpointRoute(app, TESTING_ENDPOINTS.bank),
    handler: async (request) => ok(await bank.bank(teacherId(request), request.body.disciplineId)),
  });

  app.route({
    ...endpointRoute(app, TESTING_ENDPOINTS.saveTopic),
    handler: async (request) =>
      ok(
        await bank.saveTopic(
          teacherId(request),
          request.body.disciplineId,
          request.body.title,
          clock(),
        ),
      ),
  });

  app.route({
    ...endpointRoute(app, TESTING_ENDPOINTS.saveQuestion),
    handler: async (request) =>
      ok(await bank.saveQuestion(teacherId(request), request.body, clock())),
  });

  app.route({
    ...endpointRoute(app, TESTING_ENDPOINTS.deleteQuestion),
    handler: async (request) => ok(await bank.deleteQuestion(teacherId(request), request.body.id)),
  });

  app.route({
    ...endpointRoute(app, TESTING_ENDPOINTS.importGift),
    handler: async (request) =>
      ok(await imports.importGift(request.lang, teacherId(request), request.body, clock())),
  });

  app.route({
    ...endpointRoute(app, TESTING_ENDPOINTS.importMoodle),
    // Room for the longest text the schema takes in Cyrillic, so the API answers with its own 400.
    bodyLimit: 4 * 1024 * 1024,
    handler: async (request) =>
      ok(await imports.importMoodle(request.lang, teacherId(request), request.body, clock())),
  });

  app.route({
    ...endpointRoute(app, TESTING_ENDPOINTS.exportBank),
    handler: async (request, reply) => {
      const file = await bankExport(
        { reads, bank },
        request.lang,
        teacherId(request),
        request.query,
      );
      return reply
        .header('Content-Type', 'text/plain; charset=utf-8')
        .header('Content-Disposition', attachmentDisposition(file.name))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'no-store')
        .send(Buffer.from(file.text, 'utf8'));
    },
  });

  app.route({
    ...endpointRoute(app, TESTING_ENDPOINTS.tests),
    handler: async (request) => {
      const me = teacherId(request);
      await bank.assertTeaches(me, request.body.disciplineId);
      const tests = await reads.testsOf(me, request.body.disciplineId);
      const windows = await reads.windowsOf(
        request.lang,
        tests.map((test) => test.id),
      );
      return ok(tests.map((test) => teacherTestOf(test, windows)));
    },
  });

  app.route({
    ...endpointRoute(app, TESTING_ENDPOINTS.saveTest),
    handler: async (request) =>
      ok(await bank.saveTest(request.lang, teacherId(request), request.body, clock())),
  });

  app.route({
    ...endpointRoute(app, TESTING_ENDPOINTS.openWindow),
    handler: async (request) => {
      const saved = await bank.openWindow(request.lang, teacherId(request), request.body);
      // The group's attempts are drawn now, ahead of the open, not at the press of "Start".
      const test = await bank.ownTest(teacherId(request), request.body.testId);
      await admission.prepare(test, request.body.groupId, clock());
      return ok(saved);
    },
  });

  app.route({
    ...endpointRoute(app, TESTING_ENDPOINTS.extraTime),
    handler: async (request) => ok(await bank.extraTime(teacherId(request), request.body, groupOf)),
  });

  app.route({
    ...endpointRoute(app, TESTING_ENDPOINTS.results),
    handler: async (request) => {
      const test = await bank.ownTest(teacherId(request), request.body.testId);
      return ok(await attempts.results(test, clock()));
    },
  });

  app.route({
    ...endpointRoute(app, TESTING_ENDPOINTS.monitor),
    handler: async (request) => {
      const test = await bank.ownTest(teacherId(request), request.body.testId);
      return ok(await monitor(request.lang, test, clock()));
    },
  });

  app.route({
    ...endpointRoute(app, TESTING_ENDPOINTS.review),
    handler: async (request) =>
      ok(await attempts.review(teacherId(request), request.body.attemptId, clock(), request.lang)),
  });

  app.route({
    ...endpointRoute(app, TESTING_ENDPOINTS.grade),
    handler: async (request) =>
      ok(await attempts.grade(teacherId(request), request.body, clock(), request.lang)),
  });
};

export default teacherRoutes;
