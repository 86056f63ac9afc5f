// The API reference (/lms/api/openapi.json, /lms/api/docs): every route of the catalogue is in
// the document with who may call it, its errors and the XSRF rule, and the example request the
// document gives for each operation is accepted by the route's own validation.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  API_DOCS_PATH,
  isReferencePath,
  OPENAPI_PATH,
  openapiPath,
} from '../src/plugins/app/api-reference.js';
import { nonConformity, undocumentedAnswers, validatorOf } from './conformance.js';
import { createTestApp, DEMO, envelope, type Client, type TestApp } from './helper.js';

interface Operation {
  operationId?: string;
  summary?: string;
  security?: unknown[];
  description: string;
  'x-access': string;
  'x-xsrf': boolean;
  responses: Record<string, unknown>;
  parameters?: { in: string; name: string; example?: unknown }[];
  requestBody?: {
    required?: boolean;
    content: Record<string, { example?: unknown; schema?: unknown }>;
  };
}
type Document = {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
};

/** The reference's own pages are not operations of the API. */
const isReference = isReferencePath;

/** An answer saying the request itself did not fit the route's schema (asked in English). */
const isValidationRefusal = (error: string | null) =>
  /^Invalid request: (body|querystring|params|headers)\b/.test(error ?? '');

describe('the API reference', () => {
  let t: TestApp;
  let document: Document;
  before(async () => {
    t = await createTestApp();
    const response = await t.client().get(OPENAPI_PATH);
    assert.equal(response.statusCode, 200);
    document = response.json() as Document;
  });
  after(async () => t.close());

  test('every route of the catalogue is in the document, with who may call it, its errors and XSRF', () => {
    assert.equal(document.openapi, '3.1.0');
    const missing: string[] = [];
    for (const route of t.app.apiRoutes) {
      if (isReference(route.url)) continue;
      const operation = document.paths[openapiPath(route.url)]?.[route.method.toLowerCase()];
      if (!operation) {
        missing.push(`${route.method} ${route.url}`);
        continue;
      }
      const name = `${route.method} ${route.url}`;
      assert.equal(operation['x-access'], route.access, name);
      assert.match(operation.description, /Who may call it:/, name);
      assert.ok(operation.responses['200'] || operation.responses.default, name);
      assert.ok(operation.responses['400'], `${name}: no 400`);
      if (route.access !== 'anyone') assert.ok(operation.responses['401'], `${name}: no 401`);
      const unsafe = route.method !== 'GET' && route.xsrf;
      assert.equal(operation['x-xsrf'], unsafe, name);
      if (unsafe) {
        assert.match(operation.description, /XSRF/, name);
        assert.ok(
          operation.parameters?.some((p) => p.in === 'header' && p.name === 'x-xsrf-token'),
          `${name}: no XSRF header`,
        );
      }
    }
    assert.deepEqual(missing, [], 'routes missing from the API reference');
    // What strict tools and client generators need: an id and a summary on every operation (ids
    // unique), a security requirement stated everywhere, a server, standard keywords only.
    const operations = Object.values(document.paths).flatMap((item) => Object.values(item));
    const ids = operations.map((operation) => operation.operationId);
    assert.ok(
      ids.every((id) => typeof id === 'string' && /^[A-Za-z0-9_]+$/.test(id)),
      'ids',
    );
    assert.equal(new Set(ids).size, ids.length, 'operation ids are unique');
    assert.ok(
      operations.every((operation) => (operation.summary ?? '').length > 0),
      'summaries',
    );
    assert.ok(
      operations.every((operation) => Array.isArray(operation.security)),
      'security',
    );
    assert.ok(document.servers.length > 0, 'servers');
    const text = JSON.stringify(document);
    assert.doesNotMatch(text, /"(noNul|digitsMax)":/);
    assert.match(text, /"x-noNul":true/);
    assert.equal(
      document.paths['/lms/api/news/data.json']?.post?.operationId,
      'post_news_data_json',
    );
    // Who may call what is read from the routes' guards and stated rights.
    const access = (method: string, path: string) => document.paths[path]?.[method]?.['x-access'];
    assert.equal(access('post', '/lms/api/auth/orize.json'), 'anyone');
    assert.equal(access('post', '/lms/api/news/data.json'), 'signedIn');
    assert.equal(access('post', '/lms/api/news/delete.json'), 'news');
    assert.equal(access('post', '/lms/api/singlewindow/queue/move.json'), 'registrar');
    assert.equal(access('post', '/lms/api/payments/notify.json'), 'anyone');
    assert.equal(document.paths['/lms/api/payments/notify.json']?.post?.['x-xsrf'], false);
  });

  test('the example request of every operation is accepted by the route it documents', async () => {
    const callers: Record<string, () => Promise<Client>> = {
      anyone: async () => {
        const client = t.client();
        await client.get('/lms/config.json');
        return client;
      },
      signedIn: () => t.login(DEMO.student),
      student: () => t.login(DEMO.student),
      teacher: () => t.login(DEMO.teacher),
      news: () => t.login(DEMO.teacher),
      registrar: () => t.login({ login: 'registrar', password: 'Registrar1' }),
    };
    const sessions = new Map<string, Client>();
    const refused: string[] = [];
    let tried = 0;
    for (const route of t.app.apiRoutes) {
      // Live event streams never end; the reference's pages take no input.
      if (route.url.endsWith('/events') || isReference(route.url)) continue;
      const operation = document.paths[openapiPath(route.url)]![route.method.toLowerCase()]!;
      // Signing out or changing one's sign-in ends the session: those get a session of their own.
      const own = route.url.startsWith('/lms/api/auth/');
      let client = own ? undefined : sessions.get(route.access);
      if (!client) {
        client = await callers[route.access]!();
        if (!own) sessions.set(route.access, client);
      }
      client.cookies.set('lang', 'en');
      const query = new URLSearchParams();
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === 'query' && parameter.example !== undefined) {
          query.set(parameter.name, String(parameter.example));
        }
      }
      const inPath = (name: string) =>
        operation.parameters?.find((p) => p.in === 'path' && p.name === name)?.example;
      const url =
        route.url.replace(/:(\w+)/g, (_, name: string) =>
          encodeURIComponent(String(inPath(name))),
        ) + (query.size > 0 ? `?${query.toString()}` : '');
      const body = operation.requestBody?.content['application/json']?.example;
      const response =
        route.method === 'GET'
          ? await client.get(url)
          : await client.request({
              method: route.method as 'POST',
              url,
              ...(body === undefined ? {} : { payload: body as object }),
            });
      tried++;
      const error = response.statusCode >= 400 ? envelope(response).error : null;
      if (
        response.statusCode >= 500 ||
        (response.statusCode === 400 && isValidationRefusal(error))
      ) {
        refused.push(
          `${route.method} ${url} ${JSON.stringify(body)}: ${response.statusCode} ${error}`,
        );
      }
    }
    assert.ok(tried > 100, `only ${tried} operations tried`);
    assert.deepEqual(refused, [], 'examples the routes refuse');
  });

  test('every test app checks its answers against the document: an unlisted status is named', () => {
    const paths = t.app.swagger().paths as Parameters<typeof undocumentedAnswers>[0];
    assert.deepEqual(
      undocumentedAnswers(paths, [
        // Listed: a part of a file, a lesson that is not today, a calendar link that is gone.
        { method: 'GET', url: '/lms/api/news/download.file', status: 206 },
        { method: 'POST', url: '/lms/api/schedule/qr.json', status: 409 },
        { method: 'GET', url: '/lms/api/schedule/ical/:token', status: 404 },
        { method: 'POST', url: '/lms/api/news/data.json', status: 413 },
        // Not listed: the news feed never answers 404 or 409.
        { method: 'POST', url: '/lms/api/news/data.json', status: 404 },
        { method: 'POST', url: '/lms/api/news/data.json', status: 409 },
      ]),
      ['POST /lms/api/news/data.json → 404', 'POST /lms/api/news/data.json → 409'],
    );
    const documented = (path: string, method: string) =>
      Object.keys(document.paths[path]?.[method]?.responses ?? {});
    assert.deepEqual(documented('/lms/api/qr/scan', 'get').includes('303'), true);
    assert.ok(documented('/lms/api/auth/orize.json', 'post').includes('429'));
    assert.ok(documented('/lms/api/chat/download.file', 'get').includes('416'));
  });

  test('an answer whose JSON body does not fit the schema documented for its status is named', () => {
    const spec = t.app.swagger() as Parameters<typeof nonConformity>[0];
    const feed = { method: 'POST', url: '/lms/api/news/data.json', status: 200 };
    const page = { items: [], page: 1, pageSize: 10, hasMore: false };
    assert.equal(
      nonConformity(spec, feed, JSON.stringify({ result: false, error: null, data: page })),
      undefined,
    );
    // An item without its author, a refusal that says it succeeded, a body that is not JSON.
    const item = { id_eventMessage: 1 };
    const withItem = { result: false, error: null, data: { ...page, items: [item] } };
    assert.match(
      nonConformity(spec, feed, JSON.stringify(withItem)) ?? '',
      /must have required property 'p23-1'/,
    );
    const refusal = { ...feed, status: 400 };
    assert.equal(
      nonConformity(spec, refusal, '{"result":true,"error":"No.","data":null}'),
      undefined,
    );
    assert.match(
      nonConformity(spec, refusal, '{"result":false,"error":"No.","data":null}') ?? '',
      /result/,
    );
    assert.match(nonConformity(spec, refusal, '<html>') ?? '', /not JSON/);
    // A JSON answer where the document shows none (a file's address answering JSON 200).
    const file = { method: 'GET', url: '/lms/api/news/download.file', status: 200 };
    assert.match(nonConformity(spec, file, '{}') ?? '', /no application\/json schema/);
    // Each schema is compiled once.
    const schema = (
      document.paths['/lms/api/news/data.json']!.post!.responses['200'] as {
        content: Record<string, { schema: unknown }>;
      }
    ).content['application/json']!.schema;
    assert.equal(validatorOf(spec, schema), validatorOf(spec, structuredClone(schema)));
  });

  test('the multipart forms and the payment notification show their bodies', () => {
    const body = (path: string) => document.paths[path]?.post?.requestBody;
    const fieldsOf = (path: string, type: string) =>
      Object.keys(
        (body(path)?.content[type]?.schema as { properties?: object } | undefined)?.properties ??
          {},
      );
    const forms: Record<string, string[]> = {
      '/lms/api/news/insert.json': ['message', 'audience', 'faculty', 'files'],
      '/lms/api/chat/insert.json': ['id_discipline', 'id_to', 'message', 'files'],
      '/lms/api/umk/insertorupdateumk.json': ['idBook', 'umkName', 'id_discipline', 'files'],
      '/lms/api/library/insertupdatebook.json': ['id_eBook', 'nameBook', 'author', 'files'],
    };
    for (const [path, fields] of Object.entries(forms)) {
      assert.equal(body(path)?.required, true, path);
      const names = fieldsOf(path, 'multipart/form-data');
      for (const field of fields) assert.ok(names.includes(field), `${path}: ${field}`);
    }
    const notify = '/lms/api/payments/notify.json';
    assert.deepEqual(fieldsOf(notify, 'application/json').sort(), [
      'amount',
      'created',
      'currency',
      'id',
      'order',
      'transaction',
      'type',
    ]);
    assert.ok(document.paths[notify]?.post?.responses['200'], 'the acknowledgement');
  });

  test('the reference page is the portal’s own Swagger UI, loading nothing from elsewhere', async () => {
    const client = t.client();
    const page = await client.get(API_DOCS_PATH);
    assert.equal(page.statusCode, 200);
    const csp = String(page.headers['content-security-policy']);
    assert.match(csp, /script-src 'self'(;|$)/);
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    assert.ok(sources.length >= 3);
    for (const source of sources) {
      assert.ok(source.startsWith(`${API_DOCS_PATH}/`), `${source} is not the portal's own`);
      const asset = await client.get(source);
      assert.equal(asset.statusCode, 200, source);
    }
    const initializer = await client.get(`${API_DOCS_PATH}/static/swagger-initializer.js`);
    // No address of another site as a string (the one URL in it is a comment).
    assert.doesNotMatch(initializer.body, /['"`]https?:\/\//);
  });
});
