import { AUDIT_ENDPOINTS, ROLE, type AuditKind } from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { hiddenRecord, isRegistrar, sessionUser } from '../../access/index.js';
import { endpointRoute } from '../../lib/endpoints.js';
import { ok } from '../../lib/http.js';
import { auditKeys } from './trail.js';
import type { AuditRepository, AuditRow } from './repository.js';
import { cellLessonId, entryOf } from './wire.js';

/** The URL prefix of the area's routes. */
export const PREFIXES = { audit: '/lms/api/audit' } as const;

/** The kinds a student sees of their own trail: their marks (the journal's cells). */
const STUDENT_KINDS: readonly AuditKind[] = ['journal.cell'];

/** What the area's index.ts built for the routes. */
export interface AuditRoutesOptions {
  trail: AuditRepository;
  /** The university's offset from UTC: the entries' dates and times are written in it. */
  utcOffsetMinutes: number;
}

/**
 * Reading the audit trail (under /lms/api/audit). A journal cell's history: its lesson's teacher,
 * the registrar, and the cell's student. A student's changes: the registrar (every kind) and the
 * student themself (their marks). Anything else is refused like a missing record. No route
 * edits or deletes a row.
 */
const auditRoutes: FastifyPluginAsyncTypebox<AuditRoutesOptions> = async (
  app,
  { trail, utcOffsetMinutes },
) => {
  const entry = (row: AuditRow) => entryOf(row, utcOffsetMinutes);
  app.addHook('onRequest', app.requireUser);

  app.route({
    ...endpointRoute(app, AUDIT_ENDPOINTS.cell),
    handler: async (request) => {
      const user = sessionUser(request);
      const { id_lesson, id_student } = request.body;
      const teacher = await trail.lessonTeacher(id_lesson);
      const allowed =
        teacher !== undefined &&
        (isRegistrar(user) ||
          (user.role === ROLE.teacher && teacher === user.id) ||
          (user.role === ROLE.student && id_student === user.id));
      if (!allowed) throw hiddenRecord();
      const rows = await trail.history(
        id_student,
        'journal.cell',
        auditKeys.cell(id_lesson, id_student),
      );
      return ok(rows.map(entry));
    },
  });

  app.route({
    ...endpointRoute(app, AUDIT_ENDPOINTS.student),
    handler: async (request) => {
      const user = sessionUser(request);
      const { id_student } = request.body;
      const own = user.role === ROLE.student && user.id === id_student;
      if (!own && !isRegistrar(user)) throw hiddenRecord();
      const rows = await trail.ofStudent(id_student, own ? STUDENT_KINDS : undefined);
      const ids = rows.flatMap((row) =>
        row.kind === 'journal.cell' ? (cellLessonId(row.record_key) ?? []) : [],
      );
      const lessons = new Map(
        (await trail.lessons(request.lang, ids)).map((lesson) => [lesson.id_lesson, lesson]),
      );
      return ok(rows.map((row) => entryOf(row, utcOffsetMinutes, lessons)));
    },
  });
};

export default auditRoutes;
