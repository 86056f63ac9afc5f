import {
  BookCategoriesBody,
  BookCategoriesResponse,
  Envelope,
  PLACEHOLDER_ID,
} from '@lms/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendAttachment } from '../../lib/download.js';
import { ok } from '../../lib/http.js';
import type { Attachment } from '../../lib/attachments.js';
import { countsAsDownload } from './rules.js';

/** What both the library's and the materials' routes are given. */
export interface AreaOptions {
  dataDir: string;
  uploadLimitBytes: number;
}

type App = Parameters<FastifyPluginAsyncTypebox>[0];

/** The library's categories (both prefixes answer them: UMK's form lists them too). */
export function categoriesRoute(app: App): void {
  app.post(
    '/bookcategories.json',
    { schema: { body: BookCategoriesBody, response: { 200: Envelope(BookCategoriesResponse) } } },
    async (request) => {
      const base = request.body.id_baseBookCategory;
      return ok(
        await app.repos.library.categories(request.lang, base === PLACEHOLDER_ID ? null : base),
      );
    },
  );
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
