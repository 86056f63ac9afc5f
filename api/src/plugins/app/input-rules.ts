import { failure } from '../../lib/http.js';
import { hasNul, INPUT_MESSAGES, storable } from '../../lib/input-rules.js';
import { appPlugin } from '../../lib/plugin.js';
import { isApiRequest } from '../../lib/api-path.js';

const CHECKED_PARTS = ['body', 'querystring', 'params', 'headers'] as const;

/**
 * The databases' limits on every route's input, without a route asking for them:
 * - each route's request schemas are replaced, as the route registers, by their `storable` copy
 *   (numbers in the range of an integer column, strings without NUL; lib/input-rules.ts);
 * - a URL carrying NUL (path or query, percent-encoded or not) is refused before any route
 *   reads it, with or without a schema (path parameters naming files, hand-parsed queries).
 */
export default appPlugin('input-rules', async (app) => {
  app.addHook('onRoute', (route) => {
    if (!route.schema) return;
    const schema = { ...route.schema };
    for (const part of CHECKED_PARTS) {
      if (schema[part] !== undefined) schema[part] = storable(schema[part]);
    }
    route.schema = schema;
  });

  app.addHook('onRequest', (request, reply, done) => {
    if (!hasNul(request.url)) return done();
    if (isApiRequest(request)) {
      reply.code(400).send(failure(INPUT_MESSAGES.nulInAddress[request.lang]));
    } else {
      // A path with NUL names no page or file.
      reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    }
  });
});
