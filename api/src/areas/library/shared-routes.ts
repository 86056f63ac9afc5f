import {
  PLACEHOLDER_ID,
  ROLE,
  type EndpointAddress,
  type LIBRARY_ENDPOINTS,
  type SessionUser,
  type UMK_ENDPOINTS,
} from '@lms/shared/contract';
import type { TSchema } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendAttachment } from '../../lib/download.js';
import { ok } from '../../lib/http.js';
import type { Attachment } from '../../lib/attachments.js';
import type { Language } from '../../lib/catalogue-names.js';
import { sessionUser } from '../../access/index.js';
import type { FileStore } from './file-store.js';
import { countsAsDownload } from './rules.js';
import { refuseOversized, withUpload, type ReceivedUpload } from './upload.js';
import { toCategory } from './wire.js';
import { UPLOAD_ANSWERS } from '../../lib/answers.js';
import { endpointRoute } from '../../lib/endpoints.js';
import type { DocumentedBody } from '../../lib/documented-body.js';

/** What both the library's and the materials' routes are given. */
export interface AreaOptions {
  dataDir: string;
  uploadLimitBytes: number;
}

type App = Parameters<FastifyPluginAsyncTypebox>[0];

/** The library's categories (both prefixes answer them: UMK's form lists them too). */
export function categoriesRoute(
  app: App,
  endpoint: typeof LIBRARY_ENDPOINTS.bookCategories | typeof UMK_ENDPOINTS.bookCategories,
): void {
  app.route({
    ...endpointRoute(app, endpoint),
    handler: async (request) => {
      const base = request.body.id_baseBookCategory;
      const baseId = base === PLACEHOLDER_ID ? null : base;
      const rows = await app.repos.library.categories(request.lang, baseId);
      return ok(rows.map((row) => toCategory(row, baseId === null)));
    },
  });
}

/**
 * Sends a book's or material's file (inline unless `download=1`), counting the download once per
 * reading (rules.ts `countsAsDownload`).
 */
export async function sendCounted(
  request: FastifyRequest<{ Querystring: { download?: string } }>,
  reply: FastifyReply,
  dataDir: string,
  found: { file: Attachment; count: () => Promise<void> },
) {
  if (countsAsDownload(request.headers.range, request.headers['if-none-match'])) {
    await found.count();
  }
  return sendAttachment(request, reply, dataDir, found.file, {
    inline: request.query.download !== '1',
  });
}

/** What stores a book or a material from its form (library-service.ts, umk-service.ts). */
export interface Writer<T, R> {
  files: FileStore;
  /** The form, for the API reference. */
  form: DocumentedBody;
  /** The form's fields, if the caller may write them (runs before the file is stored). */
  check: (user: SessionUser, raw: Record<string, string>) => Promise<T>;
  save: (user: SessionUser, upload: ReceivedUpload<T>, lang: Language) => Promise<R>;
}

/** A teacher's multipart form that adds or edits a book or a material, with at most one file. */
export function saveRoute<T, R>(
  app: App,
  endpoint: EndpointAddress<'POST', 'upload'> & { response: TSchema },
  options: AreaOptions,
  writer: Writer<T, R>,
): void {
  const { dataDir, uploadLimitBytes } = options;
  app.route({
    ...endpointRoute(app, endpoint),
    config: { answers: UPLOAD_ANSWERS, documentedBody: writer.form },
    onRequest: [app.requireRole(ROLE.teacher), refuseOversized(uploadLimitBytes)],
    handler: async (request) => {
      const user = sessionUser(request);
      const check = (raw: Record<string, string>) => writer.check(user, raw);
      const upload = { dataDir, uploadLimitBytes, files: writer.files, check };
      return ok(
        await withUpload(request, upload, (received) => writer.save(user, received, request.lang)),
      );
    },
  });
}
