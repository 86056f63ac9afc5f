import { ROLE, WORKLOAD_ENDPOINTS } from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { hiddenRecord, isRegistrar, sessionUser } from '../../access/index.js';
import { attachmentDisposition } from '../../lib/download.js';
import { endpointRoute } from '../../lib/endpoints.js';
import { ApiError, MESSAGES, ok } from '../../lib/http.js';
import { semesterOf } from '../schedule/index.js';
import { exportName, workloadXlsx } from './export.js';
import { departmentToRead, mayReadPlan } from './rules.js';
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
 * Individual workload (under /lms/api/workload), for staff only: a teacher reads their own plan;
 * a department head their department's teachers side by side and each one's plan; the registrar
 * any department and any teacher's plan, adjusts a row; each exports what they read. Who may read
 * what is decided in rules.ts.
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
  /** The year asked for (the current one by default) and the university's date now. */
  const dateOf = (yearId: number | undefined) => {
    const date = today();
    return { yearId: yearId ?? semesterOf(date).yearId, today: date };
  };

  /** Whose plan the caller may read: their own, a head's department's, the registrar anyone's. */
  const readableTeacher = async (request: FastifyRequest, teacherId: number | undefined) => {
    const user = sessionUser(request);
    if (teacherId === undefined || teacherId === user.id) return user.id;
    const access = await service.accessOf(user);
    const target = access.kind === 'own' ? await service.departmentOf(teacherId) : undefined;
    if (!mayReadPlan(access, false, target)) throw hiddenRecord();
    return teacherId;
  };

  /** The department the caller asked for, if they may read it, and the ones they may pick. */
  const readableDepartment = async (request: FastifyRequest, asked: number | undefined) => {
    const access = await service.accessOf(sessionUser(request));
    const read = departmentToRead(access, asked);
    if (read === null) throw hiddenRecord();
    return { ...read, visible: access.kind === 'own' ? [access.departmentId] : null };
  };

  app.route({
    ...endpointRoute(app, WORKLOAD_ENDPOINTS.teacher),
    onRequest: staffOnly,
    handler: async (request) => {
      const teacherId = await readableTeacher(request, request.body.teacherId);
      return ok(await service.teacherView(request.lang, teacherId, dateOf(request.body.yearId)));
    },
  });

  app.route({
    ...endpointRoute(app, WORKLOAD_ENDPOINTS.department),
    onRequest: staffOnly,
    handler: async (request) => {
      const { departmentId, visible } = await readableDepartment(
        request,
        request.body.departmentId,
      );
      const { plans: _plans, ...view } = await service.departmentView(
        request.lang,
        departmentId,
        dateOf(request.body.yearId),
        visible,
      );
      return ok(view);
    },
  });

  app.route({
    ...endpointRoute(app, WORKLOAD_ENDPOINTS.adjust),
    onRequest: registrarOnly,
    handler: async (request) =>
      ok(
        await service.adjust(
          request.lang,
          sessionUser(request).uid,
          request.body,
          Date.now(),
          today(),
        ),
      ),
  });

  app.route({
    ...endpointRoute(app, WORKLOAD_ENDPOINTS.exportXlsx),
    onRequest: staffOnly,
    handler: async (request, reply) => {
      const user = sessionUser(request);
      const { query } = request;
      const date = dateOf(query.yearId === undefined ? undefined : Number(query.yearId));
      const asked = query.departmentId === undefined ? undefined : Number(query.departmentId);
      let sheet;
      const access = await service.accessOf(user);
      // The registrar's export is a department's; a head's too when they name theirs; a
      // teacher's (a head's without a department named) is their own plan.
      if (access.kind === 'any' || (access.kind === 'own' && asked !== undefined)) {
        const { departmentId, visible } = await readableDepartment(request, asked);
        const view = await service.departmentView(request.lang, departmentId, date, visible);
        const department = view.departments.find((d) => d.id === view.departmentId)?.name ?? '';
        sheet = { department, plans: view.plans, total: view.totals };
      } else {
        if (asked !== undefined) throw hiddenRecord();
        const plan = await service.teacherView(request.lang, user.id, date);
        sheet = { department: null, plans: [plan], total: plan.totals };
      }
      const full = { ...sheet, lang: request.lang, yearId: date.yearId, today: date.today };
      return reply
        .header('Content-Type', XLSX)
        .header('Content-Disposition', attachmentDisposition(`${exportName(full)}.xlsx`))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'no-store')
        .send(await workloadXlsx(full));
    },
  });
};

export default workloadRoutes;
