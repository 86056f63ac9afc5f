import { ROLE, STATEMENTS_ENDPOINTS } from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sessionUser, visibleRecord } from '../../access/index.js';
import { endpointRoute } from '../../lib/endpoints.js';
import { ok } from '../../lib/http.js';
import type { NoticeRepository } from './notice-repository.js';
import { noticeOf } from './wire.js';

/**
 * A teacher's notices of their statements (under /lms/api/statements): the unread ones, and
 * marking one read. Teachers only, their own only: another's notice is refused like a missing one.
 */
const statementNoticeRoutes: FastifyPluginAsyncTypebox<{ notices: NoticeRepository }> = async (
  app,
  { notices },
) => {
  app.addHook('onRequest', app.requireUser);

  app.route({
    ...endpointRoute(app, STATEMENTS_ENDPOINTS.notices),
    onRequest: app.requireRole(ROLE.teacher),
    handler: async (request) => {
      const rows = await notices.unread(request.lang, sessionUser(request).id);
      return ok(rows.map(noticeOf));
    },
  });

  app.route({
    ...endpointRoute(app, STATEMENTS_ENDPOINTS.noticeRead),
    onRequest: app.requireRole(ROLE.teacher),
    handler: async (request) => {
      const user = sessionUser(request);
      const found = await notices.find(request.body.id);
      visibleRecord(found, (notice) => notice.teacher_id === user.id);
      await notices.markRead(user.id, request.body.id, Date.now());
      return ok((await notices.unread(request.lang, user.id)).map(noticeOf));
    },
  });
};

export default statementNoticeRoutes;
