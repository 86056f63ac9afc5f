// What a route's registration makes from its schemas is made once per schema in a process, so an
// app built again (a cluster's sibling, each test file's apps) compiles nothing twice: the same
// storable copy (Ajv keeps its validators by schema object), the same envelope, the same
// serializer.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { NEWS_ENDPOINTS } from '@lms/shared/contract';
import { schemaOf } from '../../src/lib/endpoints.js';
import { storable } from '../../src/lib/input-rules.js';
import { memoByObject } from '../../src/lib/memo.js';
import { serializerCompiler } from '../../src/lib/serializer.js';

test('memoByObject calls the function once per object', () => {
  let calls = 0;
  const sizeOf = memoByObject((list: number[]) => (calls++, list.length));
  const one = [1, 2];
  assert.equal(sizeOf(one), 2);
  assert.equal(sizeOf(one), 2);
  assert.equal(calls, 1);
  assert.equal(sizeOf([1, 2, 3]), 3);
  assert.equal(calls, 2);
});

test("a schema's storable copy is one object, its nested copies too", () => {
  const body = NEWS_ENDPOINTS.page.body;
  const copy = storable(body);
  assert.notEqual(copy, body);
  assert.equal(storable(body), copy);
  const [name, field] = Object.entries(body.properties)[0]!;
  assert.equal(storable(field), (copy.properties as Record<string, unknown>)[name]);
});

test("a route's envelope and its serializer are made once per response schema", () => {
  const first = schemaOf(NEWS_ENDPOINTS.page).response[200];
  const again = schemaOf(NEWS_ENDPOINTS.page).response[200];
  assert.equal(again, first);
  assert.notEqual(schemaOf(NEWS_ENDPOINTS.check).response[200], first);
  const compile = (schema: object) =>
    serializerCompiler({ schema, method: 'POST', url: '/', httpStatus: '200' });
  assert.equal(compile(first), compile(again));
});
