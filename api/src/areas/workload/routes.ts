import { ROLE, WORKLOAD_ENDPOINTS } from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { hiddenRecord, isRegistrar, sessionUser } from '../../access/index.js';
import { attachmentDisposition } from '../../lib/download.js';
import { endpointRoute } from '../../lib/endpoints.js';
import { ApiError, MESSAGES, ok } from '../../lib/http.js';
import { semesterOf } from '../schedule/index.js';
import { exportName, workloadXlsx } from './export.js';
import type { WorkloadService } from './service.js';

/** The URL prefix of the area's routes. */
export const PREFIXES = { workload: '/lms/api/workload' } as const;

/** What the area's index.ts built for the routes. */
export interface WorkloadRoutesOptions {
  service: WorkloadService;
  /** The university's date now, 'YYYY-MM-DD'. */
  today: () => string;
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Individual workload (under /lms/api/workload), for staff only: a teacher reads their own plan,
 * the registrar any teacher's, a department's side by side, adjusts a row and exports.
 */
const workloadRoutes: FastifyPluginAsyncTypebox<WorkloadRoutesOptions> = async (
  app,
  { service, today },
) => {
  app.addHook('onRequest', app.requireUser);
  const staffOnly = app.requireRole(ROLE.teacher);
  const registrarOnly: onRequestHookHandler = (request, _reply, done) => {
    done(isRegistrar(sessionUser(request)) ? undefined : new ApiError(403, MESSAGES.forbidden));
  };
  const yearOf = (yearId: number | undefined) => yearId ?? semesterOf(today()).yearId;

  /** Whose plan the caller may read: their own, or (the registrar) anyone's. */
  const readableTeacher = (request: FastifyRequest, teacherId: number | undefined) => {
    const user = sessionUser(request);
    if (teacherId === undefined || teacherId === user.id) return user.id;
    if (!isRegistrar(user)) throw hiddenRecord();
    return teacherId;
  };

  app.route({
    ...endpointRoute(app, WORKLOAD_ENDPOINTS.teacher),
    onRequest: staffOnly,
    handler: async (request) => {
      const teacherId = readableTeacher(request, request.body.teacherId);
      return ok(await service.teacherView(request.lang, teacherId, yearOf(request.body.yearId)));
    },
  });

  app.route({
    ...endpointRoute(app, WORKLOAD_ENDPOINTS.department),
    onRequest: registrarOnly,
    handler: async (request) => {
      const { plans: _plans, ...view } = await service.departmentView(
        request.lang,
        request.body.departmentId,
        yearOf(request.body.yearId),
      );
      return ok(view);
    },
  });

  app.route({
    ...endpointRoute(app, WORKLOAD_ENDPOINTS.adjust),
    onRequest: registrarOnly,
    handler: async (request) =>
      ok(await service.adjust(request.lang, sessionUser(request).uid, request.body, Date.now())),
  });

  app.route({
    ...endpointRoute(app, WORKLOAD_ENDPOINTS.exportXlsx),
    onRequest: staffOnly,
    handler: async (request, reply) => {
      const user = sessionUser(request);
      const yearId = yearOf(
        request.query.yearId === undefined ? undefined : Number(request.query.yearId),
      );
      let sheet;
      if (isRegistrar(user)) {
        const departmentId =
          request.query.departmentId === undefined ? undefined : Number(request.query.departmentId);
        const view = await service.departmentView(request.lang, departmentId, yearId);
        const department = view.departments.find((d) => d.id === view.departmentId)?.name ?? '';
        sheet = { lang: request.lang, department, yearId, plans: view.plans };
      } else {
        if (request.query.departmentId !== undefined) throw hiddenRecord();
        const plan = await service.teacherView(request.lang, user.id, yearId);
        sheet = { lang: request.lang, department: null, yearId, plans: [plan] };
      }
      return reply
        .header('Content-Type', XLSX)
        .header('Content-Disposition', attachmentDisposition(`${exportName(sheet)}.xlsx`))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'no-store')
        .send(await workloadXlsx(sheet));
    },
  });
};

export default workloadRoutes;
