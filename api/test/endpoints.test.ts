// The contract's endpoint descriptors and the API's routes agree: every descriptor is a route with
// its method, URL and schemas, every /lms/api route that validates a JSON body has a descriptor
// (the exceptions are listed), and the metrics label a call by the descriptor's URL.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import * as contract from '@lms/shared/contract';
import { isEndpoint, type EndpointDescriptor } from '@lms/shared/contract';
import { serverUrl } from '../src/lib/endpoints.js';
import { httpRequests } from '../src/lib/metrics.js';
import { createTestApp, DEMO, type TestApp } from './helper.js';

/** Every descriptor of the contract's tables (`<AREA>_ENDPOINTS`), by its table and name. */
const DESCRIPTORS: [string, EndpointDescriptor][] = Object.entries(contract)
  .filter(([table]) => table.endsWith('_ENDPOINTS'))
  .flatMap(([table, entries]) =>
    Object.entries(entries as Record<string, unknown>).flatMap(([name, value]) =>
      isEndpoint(value) ? [[`${table}.${name}`, value] as [string, EndpointDescriptor]] : [],
    ),
  );

/** How many calls the metrics counted for a method, route label and status. */
async function counted(method: string, route: string, status: number): Promise<number> {
  const { values } = await httpRequests.get();
  const series = values.find(
    ({ labels }) =>
      labels.method === method &&
      labels.route === route &&
      String(labels.status) === String(status),
  );
  return series?.value ?? 0;
}

describe('endpoint descriptors', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(async () => t.close());

  test('the contract describes endpoints in every area', () => {
    assert.ok(DESCRIPTORS.length > 150, `only ${DESCRIPTORS.length} descriptors`);
  });

  test('every descriptor is a registered route with its method, URL and schemas', () => {
    const problems: string[] = [];
    for (const [name, endpoint] of DESCRIPTORS) {
      const url = serverUrl(endpoint);
      const route = t.app.apiRoutes.find((r) => r.url === url && r.method === endpoint.method);
      if (!route) {
        problems.push(`${name}: no route ${endpoint.method} ${url}`);
        continue;
      }
      if (endpoint.body !== undefined && route.schemas.body !== endpoint.body) {
        problems.push(`${name}: the route validates another body than the descriptor's`);
      }
      if (
        endpoint.querystring !== undefined &&
        route.schemas.querystring !== endpoint.querystring
      ) {
        problems.push(`${name}: the route validates another query than the descriptor's`);
      }
    }
    assert.deepEqual(problems, []);
  });

  // Uploads, files and streams have descriptors too (kinds upload, file, events). Routes without
  // a JSON schema need none: the payment provider's notice (payments/notify.json, verified by its
  // signature), the API reference (docs, openapi.json) and the calendar feed by token (ical/:token).
  test('every /lms/api route with a JSON body schema has a descriptor', () => {
    const described = new Set(DESCRIPTORS.map(([, e]) => `${e.method} ${serverUrl(e)}`));
    const missing = t.app.apiRoutes
      .filter((route) => route.url.startsWith('/lms/api/') && route.jsonBody)
      .map((route) => `${route.method} ${route.url}`)
      .filter((key) => !described.has(key));
    assert.deepEqual(missing, []);
  });

  test("the metrics label a call with its descriptor's URL", async () => {
    const client = await t.login(DEMO.teacher);
    const endpoint = contract.NEWS_ENDPOINTS.check;
    const route = serverUrl(endpoint);
    const before = await counted(endpoint.method, route, 200);
    const me = (await client.post('/lms/api/auth/enticate.json', { token: null })).json() as {
      data: { user: { id: number } };
    };
    const response = await client.post(serverUrl(endpoint), { id: me.data.user.id, type: 1 });
    assert.equal(response.statusCode, 200);
    // The label is written when the answer is sent (onResponse).
    for (
      let wait = 0;
      wait < 50 && (await counted(endpoint.method, route, 200)) === before;
      wait++
    ) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    assert.equal(await counted(endpoint.method, route, 200), before + 1);
  });
});
