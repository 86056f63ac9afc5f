import { ROLE, STATEMENTS_ENDPOINTS, type GradeBand, type SessionUser } from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  actorOf,
  hiddenRecord,
  isRegistrar,
  sessionUser,
  visibleRecord,
} from '../../access/index.js';
import { endpointRoute } from '../../lib/endpoints.js';
import { ApiError, MESSAGES, ok } from '../../lib/http.js';
import { STATEMENTS_MESSAGES } from './messages.js';
import { averagesOf, placeIn } from './rating-rules.js';
import type { StatementsRepository } from './repository.js';
import type { StatementsService } from './service.js';
import { summaryOf } from './wire.js';
import type { PasskeyRepository, PasskeySettings } from '../qr/index.js';
import { signOptions } from './passkey-sign.js';

/** The URL prefix of the area's routes. */
export const PREFIXES = { statements: '/lms/api/statements' } as const;

/** What the area's index.ts built for the routes. */
export interface StatementsRoutesOptions {
  statements: StatementsRepository;
  service: StatementsService;
  /** The teachers' passkeys (the QR check-in's) and their relying party. */
  passkeys: PasskeyRepository;
  passkeySettings: PasskeySettings;
  /** The university's offset from UTC: a deadline is the end of its calendar day. */
  utcOffsetMinutes: number;
  /** The grading table (the transcript's): the rating's grade points. */
  grading: readonly GradeBand[];
}

/** Only the registrar (a teacher with the registrar's right; 403 for anyone else). */
function registrarOnly(request: FastifyRequest, _reply: unknown, done: (error?: Error) => void) {
  done(isRegistrar(sessionUser(request)) ? undefined : new ApiError(403, MESSAGES.forbidden));
}

/** The end of a university calendar day YYYY-MM-DD as epoch ms, or null if it is no date. */
function endOfDay(day: string, utcOffsetMinutes: number): number | null {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const start = Date.UTC(y, m - 1, d);
  if (new Date(start).toISOString().slice(0, 10) !== day) return null;
  return start + 86_400_000 - 1 - utcOffsetMinutes * 60_000;
}

/**
 * The statements (under /lms/api/statements): the teacher of record lists, fills in and signs
 * theirs; the registrar lists all, opens new ones, confirms and locks; a student reads their
 * own lines. A statement another teacher owns is refused like a missing one.
 */
const statementRoutes: FastifyPluginAsyncTypebox<StatementsRoutesOptions> = async (
  app,
  { statements, service, passkeys, passkeySettings, utcOffsetMinutes, grading },
) => {
  app.addHook('onRequest', app.requireUser);

  /** The statement by id if the caller is its teacher of record (else refused as hidden). */
  const ownStatement = async (user: SessionUser, id: number) =>
    visibleRecord(
      await statements.find(id),
      (s) => user.role === ROLE.teacher && s.teacher_id === user.id,
    );

  app.route({
    ...endpointRoute(app, STATEMENTS_ENDPOINTS.teacherList),
    onRequest: app.requireRole(ROLE.teacher),
    handler: async (request) => {
      const now = Date.now();
      const rows = await statements.list(request.lang, sessionUser(request).id);
      return ok(rows.map((row) => summaryOf(row, now)));
    },
  });

  app.route({
    ...endpointRoute(app, STATEMENTS_ENDPOINTS.open),
    onRequest: app.requireRole(ROLE.teacher),
    handler: async (request) => {
      const user = sessionUser(request);
      const found = await statements.find(request.body.id);
      visibleRecord(found, (s) => isRegistrar(user) || s.teacher_id === user.id);
      return ok(await service.view(request.lang, request.body.id, Date.now()));
    },
  });

  app.route({
    ...endpointRoute(app, STATEMENTS_ENDPOINTS.save),
    config: { answers: { 409: 'The statement is signed already: it can no longer be changed.' } },
    onRequest: app.requireRole(ROLE.teacher),
    handler: async (request) => {
      const { id } = await ownStatement(sessionUser(request), request.body.id);
      const now = Date.now();
      const entries = request.body.lines.map((l) => ({ studentId: l.id_student, exam: l.exam }));
      await service.save(id, entries, now);
      return ok(await service.view(request.lang, id, now));
    },
  });

  app.route({
    ...endpointRoute(app, STATEMENTS_ENDPOINTS.signOptions),
    config: { answers: { 409: 'The teacher has no registered passkey.' } },
    onRequest: app.requireRole(ROLE.teacher),
    handler: async (request) => {
      const user = sessionUser(request);
      const { id } = await ownStatement(user, request.body.id);
      const own = await passkeys.passkeysOf(user.uid);
      if (own.length === 0) throw new ApiError(409, STATEMENTS_MESSAGES.noPasskey);
      const named = { statementId: id, signerUid: user.uid, digest: request.body.digest };
      return ok(await signOptions(passkeySettings, named, own, Date.now()));
    },
  });

  app.route({
    ...endpointRoute(app, STATEMENTS_ENDPOINTS.sign),
    config: { answers: { 409: 'The statement is not a draft, or a grade is missing.' } },
    onRequest: app.requireRole(ROLE.teacher),
    handler: async (request) => {
      const user = sessionUser(request);
      const { id } = await ownStatement(user, request.body.id);
      const now = Date.now();
      const { digest, passkey } = request.body;
      await service.sign(actorOf(request), id, user.uid, { digest, passkey }, now);
      return ok(await service.view(request.lang, id, now));
    },
  });

  app.route({
    ...endpointRoute(app, STATEMENTS_ENDPOINTS.registrarList),
    onRequest: registrarOnly,
    config: { access: 'registrar' },
    handler: async (request) => {
      const now = Date.now();
      return ok((await statements.list(request.lang, null)).map((row) => summaryOf(row, now)));
    },
  });

  app.route({
    ...endpointRoute(app, STATEMENTS_ENDPOINTS.create),
    onRequest: registrarOnly,
    config: { access: 'registrar', answers: { 409: 'The statement exists already.' } },
    handler: async (request) => {
      const body = request.body;
      const deadline = endOfDay(body.deadline, utcOffsetMinutes);
      if (deadline === null) throw new ApiError(400, STATEMENTS_MESSAGES.badDeadline);
      const now = Date.now();
      const id = await service.create(
        {
          disciplineId: body.id_discipline,
          groupId: body.id_group,
          teacherId: body.id_teacher,
          yearId: body.id_a_year,
          ws: body.ws,
          control: body.control,
          deadline,
        },
        now,
      );
      return ok(await service.view(request.lang, id, now));
    },
  });

  // Only the registrar opens a retake sheet (rules.ts says why); its teacher then fills and signs
  // it like any statement of theirs, and the registrar confirms it.
  app.route({
    ...endpointRoute(app, STATEMENTS_ENDPOINTS.retake),
    onRequest: registrarOnly,
    config: {
      access: 'registrar',
      answers: { 409: 'The statement is not confirmed, or the student has a retake under way.' },
    },
    handler: async (request) => {
      const body = request.body;
      const deadline = endOfDay(body.deadline, utcOffsetMinutes);
      if (deadline === null) throw new ApiError(400, STATEMENTS_MESSAGES.badDeadline);
      const now = Date.now();
      const id = await service.retake(
        actorOf(request),
        {
          originalId: body.id,
          studentId: body.id_student,
          teacherId: body.id_teacher ?? null,
          deadline,
        },
        now,
      );
      return ok(await service.view(request.lang, id, now));
    },
  });

  // The retake form's choice of teacher: whom a retake sheet of the original may go to.
  app.route({
    ...endpointRoute(app, STATEMENTS_ENDPOINTS.retakeTeachers),
    onRequest: registrarOnly,
    config: { access: 'registrar', answers: { 404: 'No such statement.' } },
    handler: async (request) => {
      const teachers = await service.retakeTeachers(request.body.id);
      if (!teachers) throw new ApiError(404, MESSAGES.notFound);
      return ok(teachers);
    },
  });

  app.route({
    ...endpointRoute(app, STATEMENTS_ENDPOINTS.confirm),
    onRequest: registrarOnly,
    config: { access: 'registrar', answers: { 409: 'The statement is not signed.' } },
    handler: async (request) => {
      const { id } = visibleRecord(await statements.find(request.body.id), () => true);
      const now = Date.now();
      await service.confirm(
        actorOf(request),
        id,
        sessionUser(request).uid,
        request.body.digest,
        now,
      );
      return ok(await service.view(request.lang, id, now));
    },
  });

  app.route({
    ...endpointRoute(app, STATEMENTS_ENDPOINTS.lock),
    onRequest: registrarOnly,
    config: { access: 'registrar', answers: { 409: 'The statement is not confirmed.' } },
    handler: async (request) => {
      const { id } = visibleRecord(await statements.find(request.body.id), () => true);
      const now = Date.now();
      await service.lock(actorOf(request), id, now);
      return ok(await service.view(request.lang, id, now));
    },
  });

  app.route({
    ...endpointRoute(app, STATEMENTS_ENDPOINTS.mine),
    onRequest: app.requireRole(ROLE.student),
    handler: async (request) => {
      const user = sessionUser(request);
      const now = Date.now();
      const own = [];
      for (const row of await statements.linesOf(request.lang, user.id)) {
        const view = await service.view(request.lang, row.id, now);
        const line = view.lines.find((l) => l.id_student === user.id);
        if (!line) throw hiddenRecord();
        own.push({
          id: view.id,
          discipline: view.discipline,
          id_a_year: view.id_a_year,
          ws: view.ws,
          control: view.control,
          state: view.state,
          retake_of: view.retake_of,
          line,
        });
      }
      return ok(own);
    },
  });

  app.route({
    ...endpointRoute(app, STATEMENTS_ENDPOINTS.rating),
    onRequest: app.requireRole(ROLE.student),
    handler: async (request) => {
      const user = sessionUser(request);
      const cohort = await statements.cohortOf(user.id);
      if (!cohort) throw hiddenRecord();
      const averages = averagesOf(cohort.grades, grading);
      const { own, students } = cohort;
      const ids = (keep: (s: (typeof students)[number]) => boolean) =>
        students.filter(keep).map((s) => s.id);
      return ok({
        average: averages.get(user.id) ?? null,
        group: placeIn(
          averages,
          ids((s) => s.group_id === own.group_id),
          user.id,
        ),
        course: placeIn(
          averages,
          ids((s) => s.admission_year === own.admission_year),
          user.id,
        ),
        faculty: placeIn(
          averages,
          ids(() => true),
          user.id,
        ),
      });
    },
  });
};

export default statementRoutes;
