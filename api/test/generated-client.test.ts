// A client generated from the API reference by tools not written here (openapi-typescript for
// the types, openapi-fetch for the calls) compiles with tsc and works against a live API: it
// signs in and calls three endpoints, typed by the document alone.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import createClient from 'openapi-fetch';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { OPENAPI_PATH } from '../src/plugins/app/api-reference.js';
import { createTestApp, DEMO, type TestApp } from './helper.js';

/**
 * The client a faculty team would write: typed by the generated `paths`, keeping the session and
 * XSRF cookies itself (a server-side caller has no browser to do it).
 */
const CLIENT_SOURCE = `
import type createClient from 'openapi-fetch';
import type { paths } from './schema';

export async function session(
  create: typeof createClient,
  baseUrl: string,
  login: string,
  password: string,
) {
  const cookies = new Map<string, string>();
  const fetchWithCookies = async (input: Request): Promise<Response> => {
    const headers = new Headers(input.headers);
    if (cookies.size > 0) {
      headers.set('cookie', [...cookies].map(([name, value]) => name + '=' + value).join('; '));
    }
    const response = await fetch(new Request(input, { headers }));
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  };
  const api = create<paths>({ baseUrl, fetch: fetchWithCookies });
  // Every state-changing call carries the XSRF cookie's value in its header (the document says so).
  const xsrf = () => ({ header: { 'x-xsrf-token': cookies.get('XSRF-TOKEN') ?? '' } });
  // The portal's configuration hands out the XSRF cookie.
  await fetchWithCookies(new Request(baseUrl + '/lms/config.json'));
  const signIn = await api.POST('/lms/api/auth/orize.json', { params: xsrf(), body: { login, password } });
  if (signIn.error || !signIn.data || signIn.data.result) throw new Error('sign-in refused');
  const me = await api.POST('/lms/api/auth/enticate.json', { params: xsrf(), body: {} });
  const user = me.data?.data?.user;
  if (!user) throw new Error('no session');
  const profile = await api.POST('/lms/api/profile/data.json', {
    params: xsrf(),
    body: { uid: user.uid, role: user.role === 2 ? 2 : 1 },
  });
  const news = await api.POST('/lms/api/news/data.json', { params: xsrf(), body: { page: 1 } });
  const categories = await api.POST('/lms/api/library/basebookcategories.json', {
    params: xsrf(),
    body: {},
  });
  return {
    uid: user.uid,
    profile: profile.data?.data ?? null,
    newsPage: news.data?.data?.page ?? null,
    categories: categories.data?.data?.length ?? -1,
    refusal: news.error ?? profile.error ?? categories.error ?? null,
  };
}
`;

describe('a client generated from the API reference', () => {
  let t: TestApp;
  let baseUrl: string;
  let work: string;
  before(async () => {
    t = await createTestApp();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = address;
    work = await mkdtemp(join(tmpdir(), 'lms-generated-client-'));
  });
  after(async () => {
    await t.close();
    await rm(work, { recursive: true, force: true });
  });

  test('generates, compiles with tsc, signs in and calls three endpoints', async () => {
    const document = (await (await fetch(`${baseUrl}${OPENAPI_PATH}`)).json()) as object;
    const types = astToString(await openapiTS(document as never));
    assert.match(types, /"\/lms\/api\/auth\/orize\.json"/);
    await writeFile(join(work, 'schema.d.ts'), types);
    const clientFile = join(work, 'client.ts');
    await writeFile(clientFile, CLIENT_SOURCE);

    // tsc, strictly, with the generated types: the client's calls must fit the document.
    const require = createRequire(import.meta.url);
    const fetchTypes = require.resolve('openapi-fetch/dist/index.d.mts');
    const program = ts.createProgram([clientFile], {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
      types: [],
      paths: { 'openapi-fetch': [fetchTypes] },
    });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    assert.deepEqual(problems, [], 'the client compiles against the generated types');

    // A call the document does not allow is a compile error: the types are really checked.
    const wrong = CLIENT_SOURCE.replace('body: { page: 1 }', "body: { page: 'one' }");
    await writeFile(join(work, 'wrong.ts'), wrong);
    const wrongProgram = ts.createProgram([join(work, 'wrong.ts')], program.getCompilerOptions());
    assert.ok(ts.getPreEmitDiagnostics(wrongProgram).length > 0, 'a wrong body is refused');

    // The compiled client, run against the live API.
    const js = ts.transpileModule(CLIENT_SOURCE, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    }).outputText;
    const compiled = join(work, 'client.mjs');
    await writeFile(compiled, js);
    const { session } = (await import(pathToFileURL(compiled).href)) as {
      session: (
        create: typeof createClient,
        baseUrl: string,
        login: string,
        password: string,
      ) => Promise<{
        uid: number;
        profile: unknown;
        newsPage: number | null;
        categories: number;
        refusal: unknown;
      }>;
    };
    const result = await session(createClient, baseUrl, DEMO.teacher.login, DEMO.teacher.password);
    assert.equal(result.refusal, null);
    assert.ok(result.uid > 0);
    assert.ok(result.profile, 'the profile');
    assert.equal(result.newsPage, 1);
    assert.ok(result.categories > 0, 'the library categories');
    await assert.rejects(session(createClient, baseUrl, DEMO.teacher.login, 'wrong'), /refused/);
  });
});
