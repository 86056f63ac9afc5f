import assert from 'node:assert/strict';
import { request as httpRequest, type ClientRequest } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { MAX_UPLOADS_PER_USER } from '../src/lib/stream-cap.js';
import { createTestApp, DEMO, type Client, type TestApp } from './helper.js';

const BOUNDARY = '----lmsSlowUpload';

/** An upload that has sent its headers and the start of a file, then waits. */
function slowUpload(
  base: string,
  client: Client,
): { request: ClientRequest; answer: Promise<number> } {
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const request = httpRequest(`${base}/lms/api/news/insert.json`, {
    method: 'POST',
    headers: {
      cookie,
      'x-xsrf-token': client.cookies.get('XSRF-TOKEN') ?? '',
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    },
  });
  const answer = new Promise<number>((resolve) => {
    request.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', () => resolve(0));
  });
  request.write(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="big.bin"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n' +
      'x'.repeat(1024),
  );
  return { request, answer };
}

describe('uploads in flight per user', () => {
  let t: TestApp;
  let base: string;
  before(async () => {
    t = await createTestApp();
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  after(async () => t.close());

  test(`one user has at most ${MAX_UPLOADS_PER_USER} uploads in flight; a finished one frees its slot`, async () => {
    const teacher = await t.login(DEMO.teacher);
    const slow = Array.from({ length: MAX_UPLOADS_PER_USER }, () => slowUpload(base, teacher));
    // Once the server has taken their slots (their headers are sent), a fourth is refused.
    for (let attempt = 0; ; attempt++) {
      const extra = slowUpload(base, teacher);
      extra.request.end(`\r\n--${BOUNDARY}--\r\n`);
      if ((await extra.answer) === 429) break;
      assert.ok(attempt < 50, 'a fourth upload was never refused');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Another user uploads meanwhile.
    const other = await t.login(DEMO.student);
    const theirs = slowUpload(base, other);
    theirs.request.end(`\r\n--${BOUNDARY}--\r\n`);
    assert.notEqual(await theirs.answer, 429);
    // An item without files is not an upload: the user still posts one.
    const form = new FormData();
    form.append('message', 'Без файлов, пока идут загрузки');
    form.append('audience', 'all');
    form.append('faculty', '');
    const body = new Request('http://localhost/', { method: 'POST', body: form });
    const plain = await teacher.request({
      method: 'POST',
      url: '/lms/api/news/insert.json',
      payload: Buffer.from(await body.arrayBuffer()),
      headers: { 'content-type': body.headers.get('content-type') ?? '' },
    });
    assert.equal(plain.statusCode, 200, plain.body);
    // One of the slow ones gives up: its slot is free again.
    slow[0]?.request.destroy();
    for (let attempt = 0; ; attempt++) {
      const again = slowUpload(base, teacher);
      again.request.end(`\r\n--${BOUNDARY}--\r\n`);
      const status = await again.answer;
      if (status !== 429) break;
      assert.ok(attempt < 50, 'the slot of the abandoned upload was never freed');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    for (const upload of slow.slice(1)) upload.request.destroy();
  });
});
