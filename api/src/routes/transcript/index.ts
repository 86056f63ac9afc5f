import {
  Envelope,
  TranscriptBody,
  TranscriptResponse,
  ROLE,
  type SessionUser,
} from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Language } from '../../lib/catalogue-names.js';
import { attachmentDisposition } from '../../lib/download.js';
import { verification } from '../../lib/documents/issue.js';
import { transcriptPdf } from '../../lib/documents/pdfs.js';
import { ApiError, MESSAGES, ok } from '../../lib/http.js';
import type { DocumentsOptions } from '../../options.js';
import { sessionUser } from '../../plugins/app/session.js';

type TranscriptOptions = { documents: DocumentsOptions; documentSecret: string };

/** The transcript (spec §7 misc/transcript.json) and its PDF: the signed-in student's own. */
const transcriptRoutes: FastifyPluginAsyncTypebox<TranscriptOptions> = async (app, options) => {
  app.addHook('onRequest', app.requireRole(ROLE.student));
  const { transcript, orders } = app.repos;
  const { institution, grading } = options.documents;

  const load = async (lng: Language, user: SessionUser) => {
    const now = new Date();
    const card = await transcript.studentCard(lng, user.id);
    if (!card) throw new ApiError(404, MESSAGES.notFound);
    return { card, record: await transcript.transcript(lng, user.id, grading, now) };
  };

  app.post(
    '/transcript.json',
    { schema: { body: TranscriptBody, response: { 200: Envelope(TranscriptResponse) } } },
    async (request) => {
      const user = sessionUser(request);
      const { id_student } = request.body;
      if (id_student !== undefined && id_student !== user.id) {
        throw new ApiError(403, MESSAGES.forbidden);
      }
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
  );

  /** GET misc/transcript.file: a PDF with a verification QR; every download is a new document. */
  app.get('/transcript.file', async (request, reply) => {
    const user = sessionUser(request);
    // The document is bilingual (Russian and English labels): its data is the Russian record.
    const { card, record } = await load('ru', user);
    const now = Date.now();
    const id = await orders.issue(
      app.db.kysely,
      {
        kind: 'transcript',
        studentId: user.id,
        summary: {
          fio: card.fio,
          birthDate: card.birthDate ?? '',
          speciality: card.speciality,
          faculty: card.faculty,
          credits: String(record.kredits_sum),
          gpa: record.kredits_avg.toFixed(2),
        },
      },
      now,
    );
    const pdf = await transcriptPdf({
      institution,
      fio: card.fio,
      birthDate: card.birthDate,
      speciality: card.speciality,
      faculty: card.faculty,
      ...record,
      scale: grading,
      verification: verification(request, options.documentSecret, id, now),
    });
    return reply
      .type('application/pdf')
      .header('Content-Disposition', attachmentDisposition(`transcript-${id}.pdf`))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .send(pdf);
  });
};

export default transcriptRoutes;
