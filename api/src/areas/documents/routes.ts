import { DOCUMENTS_ENDPOINTS, ROLE } from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { isRegistrar, sessionUser } from '../../access/index.js';
import { endpointRoute } from '../../lib/endpoints.js';
import { ApiError, ok } from '../../lib/http.js';
import { DOCUMENTS_MESSAGES } from './messages.js';
import type { DocumentsRepository } from './repository.js';
import { matchingHolders } from './rules.js';
import type { DocumentsService } from './service.js';
import { holderOf } from './wire.js';

/** The URL prefix of the area's routes. */
export const PREFIXES = { documents: '/lms/api/documents' } as const;

/** What the area's index.ts built for the routes. */
export interface DocumentsRoutesOptions {
  documents: DocumentsRepository;
  service: DocumentsService;
}

/** Only the registrar (a teacher with the registrar's right; 403 for anyone else). */
function registrarOnly(request: FastifyRequest, _reply: unknown, done: (error?: Error) => void) {
  const allowed = isRegistrar(sessionUser(request));
  done(allowed ? undefined : new ApiError(403, DOCUMENTS_MESSAGES.registrarOnly));
}

/**
 * Documents (under /lms/api/documents): a person lists the documents issued to them (who they
 * are comes from the session, never from the body); the registrar looks a person's up by name
 * and revokes one with a reason.
 */
const documentsRoutes: FastifyPluginAsyncTypebox<DocumentsRoutesOptions> = async (
  app,
  { documents, service },
) => {
  app.addHook('onRequest', app.requireUser);

  app.route({
    ...endpointRoute(app, DOCUMENTS_ENDPOINTS.mine),
    handler: async (request) => {
      const user = sessionUser(request);
      // Documents are issued to students (their `students.id`); a teacher holds none yet.
      if (user.role !== ROLE.student) return ok([]);
      const held = await service.heldBy(request.lang, [user.id]);
      return ok(held.get(user.id) ?? []);
    },
  });

  app.route({
    ...endpointRoute(app, DOCUMENTS_ENDPOINTS.search),
    config: { access: 'registrar' },
    onRequest: registrarOnly,
    handler: async (request) => {
      const found = matchingHolders(await documents.holders(request.lang), request.body.query);
      const held = await service.heldBy(
        request.lang,
        found.map((holder) => holder.studentId),
      );
      return ok(found.map((holder) => holderOf(holder, held.get(holder.studentId) ?? [])));
    },
  });

  app.route({
    ...endpointRoute(app, DOCUMENTS_ENDPOINTS.revoke),
    config: {
      access: 'registrar',
      answers: { 404: 'No such document.', 409: 'The document is revoked already.' },
    },
    onRequest: registrarOnly,
    handler: async (request) => {
      const { id_document, reason } = request.body;
      const by = sessionUser(request).uid;
      return ok(await service.revoke(request.lang, id_document, reason, by, Date.now()));
    },
  });
};

export default documentsRoutes;
