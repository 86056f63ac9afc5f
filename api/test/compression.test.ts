import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { COMPRESS_THRESHOLD_BYTES } from '../src/plugins/app/compression.js';
import { createTestApp, DEMO, type Client, type TestApp } from './helper.js';

describe('compressed answers', () => {
  let t: TestApp;
  let student: Client;

  before(async () => {
    t = await createTestApp();
    student = await t.login(DEMO.student);
  });
  after(() => t.close());

  const news = (encoding?: string) =>
    student.request({
      method: 'POST',
      url: '/lms/api/news/data.json',
      payload: { page: 1 },
      headers: encoding ? { 'accept-encoding': encoding } : {},
    });

  test('a JSON answer over 1 KB goes out in Brotli, else gzip, the same data', async () => {
    const plain = await news();
    assert.equal(plain.statusCode, 200);
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.ok(plain.rawPayload.length > COMPRESS_THRESHOLD_BYTES, 'the news page is over 1 KB');

    const br = await news('gzip, deflate, br');
    assert.equal(br.headers['content-encoding'], 'br');
    assert.match(String(br.headers.vary), /accept-encoding/i);
    const fromBr = brotliDecompressSync(br.rawPayload).toString('utf8');
    assert.ok(br.rawPayload.length < plain.rawPayload.length / 2, 'Brotli at least halves it');
    assert.deepEqual(JSON.parse(fromBr), JSON.parse(plain.body));

    const gzip = await news('gzip');
    assert.equal(gzip.headers['content-encoding'], 'gzip');
    assert.deepEqual(
      JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8')),
      JSON.parse(plain.body),
    );
  });

  test('a small answer goes out as it is', async () => {
    const small = await student.request({
      method: 'POST',
      url: '/lms/api/auth/enticate.json',
      payload: { token: null },
      headers: { 'accept-encoding': 'br, gzip' },
    });
    assert.equal(small.statusCode, 200);
    assert.ok(small.rawPayload.length < COMPRESS_THRESHOLD_BYTES);
    assert.equal(small.headers['content-encoding'], undefined);
  });

  test('an event stream is not compressed: each event arrives as it is sent', async () => {
    const url = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const cookie = [...student.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const controller = new AbortController();
    const response = await fetch(`${url}/lms/api/chat/events`, {
      headers: { cookie, accept: 'text/event-stream', 'accept-encoding': 'br, gzip' },
      signal: controller.signal,
    });
    try {
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('content-encoding'), null);
      assert.match(String(response.headers.get('content-type')), /^text\/event-stream/);
      // The first bytes (the reconnect delay) are readable at once, not held in a buffer.
      const reader = response.body!.getReader();
      const first = await reader.read();
      assert.match(new TextDecoder().decode(first.value), /^retry: /);
    } finally {
      controller.abort();
    }
  });
});
