import type { FastifyError } from 'fastify';
import { ApiError, failure, MESSAGES } from '../../lib/http.js';
import { INPUT_MESSAGES, isUnstorableValue } from '../../lib/input-rules.js';
import { validationRefusal } from '../../lib/validation-refusal.js';
import type { Text } from '../../lib/messages.js';
import { appPlugin } from '../../lib/plugin.js';
import { isApiPath, isApiRequest } from '../../lib/api-path.js';
import { languageOf } from '../../lib/language.js';
import { CLIENT_ERROR_MESSAGES } from '../../lib/client-error-messages.js';

/** Fastify's own client errors, reworded for people. */
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; message: Text }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: CLIENT_ERROR_MESSAGES.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: CLIENT_ERROR_MESSAGES.emptyJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: CLIENT_ERROR_MESSAGES.bodyTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    message: CLIENT_ERROR_MESSAGES.unsupportedMediaType,
  },
};

/**
 * Every error leaves as the envelope with a real status: validation and malformed input are 400
 * with a message in the caller's language naming the field, a value
 * the database refuses as data is 400 too, expected refusals keep their status, anything else is
 * a logged 500.
 */
export default appPlugin('errors', async (app) => {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    // Pages outside the API (the locales' reports) answer in the reader's language too.
    const lang = isApiRequest(request) ? request.lang : languageOf(request);
    if (error instanceof ApiError) {
      return reply.code(error.statusCode).send(failure(error.text[lang]));
    }
    if (error.validation) {
      const context = error.validationContext ?? 'body';
      return reply.code(400).send(failure(validationRefusal(error.validation, context, lang)));
    }
    if (isUnstorableValue(error)) {
      // An input checked by hand let a value through that the database cannot hold.
      request.log.warn({ err: error }, 'value refused by the database');
      return reply.code(400).send(failure(INPUT_MESSAGES.notStorable[lang]));
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return reply.code(known.status).send(failure(known.message[lang]));
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send(failure(error.message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(failure(MESSAGES.internal[lang]));
  });

  // A POST without a body is checked as {}, so the 400 names the missing fields.
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.method === 'POST' && request.body === undefined) request.body = {};
    done();
  });

  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url))
      return reply.code(404).send(failure(MESSAGES.notFound[languageOf(request)]));
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });
});
