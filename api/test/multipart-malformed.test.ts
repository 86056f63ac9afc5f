import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createTestApp, DEMO, envelope, type TestApp } from './helper.js';

/** Files under the data folder's uploads/, wherever they are. */
async function uploadedFiles(dataDir: string): Promise<string[]> {
  const root = join(dataDir, 'uploads');
  try {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
  } catch {
    return [];
  }
}

/** Rows of the tables an upload writes to. */
async function rowCounts(t: TestApp): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of ['news', 'chat_messages', 'attachments'] as const) {
    const row = await t.app.db.kysely
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

const BOUNDARY = '----lmsBoundary7MA4YWxkTrZu0gW';

/** Bodies a broken or hostile client sends as multipart. */
const MALFORMED: { name: string; contentType: string; body: string }[] = [
  {
    name: 'a body that is not multipart',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: 'abc',
  },
  { name: 'no boundary', contentType: 'multipart/form-data', body: 'abc' },
  { name: 'an empty boundary', contentType: 'multipart/form-data; boundary=', body: '--\r\n' },
  {
    name: 'a body that ends before its closing boundary',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="message"\r\n\r\nПривет\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 part`,
  },
  {
    name: 'a part terminated early',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="message"\r\n`,
  },
  { name: 'an empty body', contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: '' },
];

describe('malformed multipart uploads', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(async () => t.close());

  for (const url of ['/lms/api/news/insert.json', '/lms/api/chat/insert.json']) {
    for (const { name, contentType, body } of MALFORMED) {
      test(`${url}: ${name} → 400 with a message, nothing stored`, async () => {
        const client = await t.login(DEMO.teacher);
        const before = await uploadedFiles(t.dataDir);
        const rowsBefore = await rowCounts(t);
        const response = await client.request({
          method: 'POST',
          url,
          payload: body,
          headers: { 'content-type': contentType },
        });
        assert.equal(response.statusCode, 400, `${response.statusCode} ${response.body}`);
        const answer = envelope(response);
        assert.equal(answer.result, true);
        assert.ok((answer.error ?? '').length > 0);
        assert.deepEqual(await uploadedFiles(t.dataDir), before);
        assert.deepEqual(await rowCounts(t), rowsBefore);
      });
    }
  }
});
