import { STAFF_ACCESS_ENDPOINTS, STAFF_SEARCH_LIMIT } from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { onRequestHookHandler } from 'fastify';
import { actorOf, isRegistrar, sessionUser } from '../../access/index.js';
import { endpointRoute } from '../../lib/endpoints.js';
import { ApiError, MESSAGES, ok } from '../../lib/http.js';
import type { StaffAccessRepository } from './repository.js';
import { searchStaff } from './rules.js';
import type { StaffAccessService } from './service.js';
import { memberOf } from './wire.js';

/** The URL prefix of the area's routes. */
export const PREFIXES = { staffAccess: '/lms/api/staff-access' } as const;

/** What the area's index.ts built for the routes. */
export interface StaffAccessRoutesOptions {
  staff: StaffAccessRepository;
  service: StaffAccessService;
}

/**
 * Staff access (under /lms/api/staff-access), for the registrar only: find staff accounts and
 * grant or revoke their rights. Who the caller is comes from the session, never from the body.
 */
const staffAccessRoutes: FastifyPluginAsyncTypebox<StaffAccessRoutesOptions> = async (
  app,
  { staff, service },
) => {
  app.addHook('onRequest', app.requireUser);
  const registrarOnly: onRequestHookHandler = (request, _reply, done) => {
    done(isRegistrar(sessionUser(request)) ? undefined : new ApiError(403, MESSAGES.forbidden));
  };
  const registrar = { onRequest: registrarOnly, config: { access: 'registrar' as const } };

  app.route({
    ...endpointRoute(app, STAFF_ACCESS_ENDPOINTS.staff),
    ...registrar,
    handler: async (request) => {
      const found = searchStaff(
        await staff.allStaff(request.lang),
        request.body.query,
        STAFF_SEARCH_LIMIT,
      );
      return ok({ staff: found.staff.map(memberOf), more: found.more });
    },
  });

  app.route({
    ...endpointRoute(app, STAFF_ACCESS_ENDPOINTS.change),
    ...registrar,
    handler: async (request) => {
      const actor = actorOf(request);
      const changed = await service.change(
        request.lang,
        { ...actor, userId: sessionUser(request).uid },
        request.body,
        Date.now(),
      );
      return ok(changed);
    },
  });
};

export default staffAccessRoutes;
