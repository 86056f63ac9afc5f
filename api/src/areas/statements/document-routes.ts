import {
  ROLE,
  STATEMENTS_ENDPOINTS,
  type Institution,
  type SignedStatement,
  type StatementState,
  type ControlForm,
} from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { isRegistrar, sessionUser, visibleRecord } from '../../access/index.js';
import { signDocumentId } from '../../lib/documents/verification.js';
import { STATEMENT_VERIFY_PATH, type SheetFacts } from './verify-routes.js';
import { attachmentDisposition } from '../../lib/download.js';
import { endpointRoute } from '../../lib/endpoints.js';
import { ApiError, MESSAGES, ok } from '../../lib/http.js';
import type { StatementPrintRepository } from './print-repository.js';
import { statementPdf } from './print.js';
import type { StatementsRepository } from './repository.js';
import type { StatementsService } from './service.js';

export { STATEMENT_VERIFY_PATH };

export interface StatementDocumentsOptions {
  statements: StatementsRepository;
  print: StatementPrintRepository;
  service: StatementsService;
  institution: Institution;
  documentSecret: string;
  /** The origin printed in verification links (never the request's Host). */
  publicOrigin: string;
  /** The newer confirmed sheets that supersede a sheet (or some of its lines), newest first. */
  superseding: (statement: SheetFacts) => Promise<number[]>;
}

const instant = (value: number | string | null): number | null =>
  value === null ? null : Number(value);

/**
 * The statement as a document (under /lms/api/statements): its PDF for its teacher of record and
 * the registrar (a draft prints marked as one), and the statements a teacher signed, as their
 * documents list them.
 */
const statementDocumentRoutes: FastifyPluginAsyncTypebox<StatementDocumentsOptions> = async (
  app,
  { statements, print, service, institution, documentSecret, publicOrigin, superseding },
) => {
  app.addHook('onRequest', app.requireUser);
  const verifyUrl = (id: number) =>
    `${publicOrigin}${STATEMENT_VERIFY_PATH}/${signDocumentId(documentSecret, id, 'statement')}`;

  app.route({
    ...endpointRoute(app, STATEMENTS_ENDPOINTS.pdf),
    config: {
      answers: { 404: 'The statement has no sheet to print (its group or discipline is gone).' },
    },
    onRequest: app.requireRole(ROLE.teacher),
    handler: async (request, reply) => {
      const user = sessionUser(request);
      const row = visibleRecord(
        await statements.find(Number(request.query.id)),
        (s) => isRegistrar(user) || s.teacher_id === user.id,
      );
      const lang = request.lang;
      const now = Date.now();
      const statement = await service.view(lang, row.id, now);
      const facts = await print.facts(lang, row);
      if (!facts) throw new ApiError(404, MESSAGES.notFound);
      const signedAt = instant(row.signed_at);
      const pdf = await statementPdf({
        lang,
        institution,
        verification: { number: String(row.id), url: verifyUrl(row.id), issuedAt: signedAt ?? now },
        statement,
        facts,
        credits: Number(row.credits),
        digest: row.digest ?? statement.digest,
        lockedAt: instant(row.locked_at),
      });
      return reply
        .type('application/pdf')
        .header('Content-Disposition', attachmentDisposition(`statement-${row.id}-${lang}.pdf`))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  });

  app.route({
    ...endpointRoute(app, STATEMENTS_ENDPOINTS.signed),
    onRequest: app.requireRole(ROLE.teacher),
    handler: async (request) => {
      const rows = await print.signedBy(request.lang, sessionUser(request).id);
      const answers: SignedStatement[] = [];
      for (const r of rows) {
        const [newest] = await superseding(r);
        answers.push({
          id: r.id,
          discipline: r.discipline,
          group: r.group_name,
          id_a_year: r.year_id,
          ws: r.ws_id,
          control: r.control_form as ControlForm,
          state: r.state as StatementState,
          signed_at: Number(r.signed_at),
          confirmed_at: instant(r.confirmed_at),
          locked_at: instant(r.locked_at),
          verify_url: verifyUrl(r.id),
          superseded_by: newest ?? null,
          superseded_url: newest === undefined ? null : verifyUrl(newest),
        });
      }
      return ok(answers);
    },
  });
};

export default statementDocumentRoutes;
