// Every answer a test's app sends is checked against the API reference the app serves: its status
// must be one the operation documents, so the document cannot drift from what the server does.
import type { FastifyInstance } from 'fastify';
import { openapiPath } from '../src/plugins/app/api-reference.js';

export interface Answered {
  method: string;
  /** The route's URL as registered (`/lms/api/schedule/ical/:token`). */
  url: string;
  status: number;
}

type Paths = Record<string, Record<string, { responses?: Record<string, unknown> }>>;

/** The answers whose status the document's operation does not list, as `METHOD url → status`. */
export function undocumentedAnswers(paths: Paths, answers: Iterable<Answered>): string[] {
  const missing = new Set<string>();
  for (const { method, url, status } of answers) {
    const operation = paths[openapiPath(url)]?.[method.toLowerCase()];
    // Not in the reference (hidden routes, the reference itself): nothing to conform to.
    if (!operation) continue;
    const responses = operation.responses ?? {};
    const listed =
      String(status) in responses ||
      `${String(status)[0]}XX` in responses ||
      'default' in responses;
    if (!listed) missing.add(`${method.toUpperCase()} ${url} → ${status}`);
  }
  return [...missing].sort();
}

/** Records what each route answers; `check` names the answers the app's document does not list. */
export function recordAnswers(app: FastifyInstance): { check(): string[] } {
  const seen = new Map<string, Answered>();
  app.addHook('onResponse', (request, reply, done) => {
    const url = request.routeOptions.url;
    if (url) {
      const answer = { method: request.method, url, status: reply.statusCode };
      seen.set(`${answer.method} ${url} ${answer.status}`, answer);
    }
    done();
  });
  return {
    check: () =>
      undocumentedAnswers((app.swagger() as { paths?: Paths }).paths ?? {}, seen.values()),
  };
}
