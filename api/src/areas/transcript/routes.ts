import { ROLE, type Language, type SessionUser, TRANSCRIPT_ENDPOINTS } from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { assertSelf, sessionUser } from '../../access/index.js';
import { attachmentDisposition } from '../../lib/download.js';
import { verification } from '../../lib/documents/issue.js';
import { ApiError, MESSAGES, ok } from '../../lib/http.js';
import type { DocumentsOptions } from '../../lib/documents/grading.js';
import { transcriptPdf } from './pdf.js';
import { transcriptIssueKey, transcriptSummary } from './rules.js';
import { toReplaced, toTranscript } from './wire.js';
import { endpointRoute } from '../../lib/endpoints.js';

/** The legacy URL prefix of the transcript routes (spec §7 misc/transcript.*). */
export const PREFIXES = { misc: '/lms/api/misc' } as const;

type TranscriptOptions = {
  documents: DocumentsOptions;
  documentSecret: string;
  /** The origin printed in the verification link (options.publicOrigin). */
  publicOrigin: string;
  /** The university's offset from UTC: "the same day" is its calendar day. */
  utcOffsetMinutes: number;
};

/** The transcript (spec §7 misc/transcript.json) and its PDF: the signed-in student's own. */
const transcriptRoutes: FastifyPluginAsyncTypebox<TranscriptOptions> = async (app, options) => {
  app.addHook('onRequest', app.requireRole(ROLE.student));
  const { transcript, orders } = app.repos;
  const { institution, grading } = options.documents;

  const load = async (lng: Language, user: SessionUser) => {
    const now = new Date();
    const card = await transcript.studentCard(lng, user.id);
    if (!card) throw new ApiError(404, MESSAGES.notFound);
    return { card, record: toTranscript(await transcript.grades(lng, user.id), grading, now) };
  };

  app.route({
    ...endpointRoute(app, TRANSCRIPT_ENDPOINTS.transcript),
    handler: async (request) => {
      const user = sessionUser(request);
      assertSelf(user, { id: request.body.id_student });
      const { card, record } = await load(request.lang, user);
      return ok({
        institution,
        fio: card.fio,
        BirthDate: card.birthDate,
        speciality: card.speciality,
        faculty: card.faculty,
        ...record,
        scale: grading,
      });
    },
  });

  // The grades a retake sheet replaced: the screen notes each beside the row's new grade.
  app.route({
    ...endpointRoute(app, TRANSCRIPT_ENDPOINTS.replaced),
    handler: async (request) => {
      const user = sessionUser(request);
      assertSelf(user, { id: request.body.id_student });
      const rows = await transcript.replaced(user.id);
      return ok(toReplaced(rows, grading, options.utcOffsetMinutes));
    },
  });

  /**
   * POST misc/transcript.file: the transcript as a PDF with a verification QR. Issuing writes a
   * document, so it is a POST (XSRF-checked; a foreign page cannot make a browser issue one by
   * navigating), and the same transcript on the same day is the same document: asked again,
   * the stored one is printed again.
   */
  app.route({
    ...endpointRoute(app, TRANSCRIPT_ENDPOINTS.pdf),
    handler: async (request, reply) => {
      const user = sessionUser(request);
      assertSelf(user, { id: request.body.id_student });
      // The document is in the holder's language (with English alongside), its data too.
      const lang = request.lang;
      const { card, record } = await load(lang, user);
      const now = Date.now();
      const issued = await orders.issueOnce(
        { kind: 'transcript', studentId: user.id, summary: transcriptSummary(card, record), lang },
        transcriptIssueKey(user.id, now, options.utcOffsetMinutes, lang, {
          card,
          record,
          grading,
          institution,
        }),
        now,
      );
      const pdf = await transcriptPdf({
        lang,
        institution,
        fio: card.fio,
        birthDate: card.birthDate,
        speciality: card.speciality,
        faculty: card.faculty,
        ...record,
        scale: grading,
        replaced: toReplaced(await transcript.replaced(user.id), grading, options.utcOffsetMinutes),
        verification: verification(
          options.publicOrigin,
          options.documentSecret,
          issued.id,
          issued.issuedAt,
        ),
      });
      return reply
        .type('application/pdf')
        .header('Content-Disposition', attachmentDisposition(`transcript-${issued.id}.pdf`))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  });
};

/** The transcript area: the student's record of marks and its PDF. */
const transcriptArea: FastifyPluginAsync<TranscriptOptions> = async (app, options) => {
  await app.register(transcriptRoutes, { ...options, prefix: PREFIXES.misc });
};

export default transcriptArea;
