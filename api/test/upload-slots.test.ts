import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyRequest } from 'fastify';
import { MAX_UPLOADS_PER_USER } from '../src/lib/stream-cap.js';
import { SLOT_MESSAGES } from '../src/plugins/app/user-slots.js';
import { createTestApp, DEMO, envelope, type Client, type TestApp } from './helper.js';

/** A news item as a browser's FormData sends it, with or without a file. */
async function postNews(client: Client, withFile: boolean) {
  const form = new FormData();
  form.append('message', 'Объявление');
  form.append('audience', 'all');
  form.append('faculty', '');
  if (withFile) form.append('files', new Blob(['содержимое']), 'файл.txt');
  const body = new Request('http://localhost/', { method: 'POST', body: form });
  return client.request({
    method: 'POST',
    url: '/lms/api/news/insert.json',
    payload: Buffer.from(await body.arrayBuffer()),
    headers: { 'content-type': body.headers.get('content-type') ?? '' },
  });
}

describe('uploads in flight per user', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(async () => t.close());

  test(`one user has at most ${MAX_UPLOADS_PER_USER} uploads in flight; a finished one frees its slot`, async () => {
    const teacher = await t.login(DEMO.teacher);
    const { user } = envelope<{ user: { uid: number } }>(
      await teacher.post('/lms/api/auth/enticate.json', {}),
    ).data as { user: { uid: number } };
    // The teacher's uploads still streaming elsewhere hold every slot.
    const asTeacher = { auth: { user } } as unknown as FastifyRequest;
    const held = Array.from({ length: MAX_UPLOADS_PER_USER }, () =>
      t.app.takeUploadSlot(asTeacher),
    );
    const refused = await postNews(teacher, true);
    assert.equal(refused.statusCode, 429);
    assert.equal(envelope(refused).error, SLOT_MESSAGES.tooManyUploads.ru);
    for (const lang of ['en', 'kg'] as const) {
      teacher.cookies.set('lang', lang);
      const answer = await postNews(teacher, true);
      assert.equal(envelope(answer).error, SLOT_MESSAGES.tooManyUploads[lang], lang);
    }
    teacher.cookies.delete('lang');
    // An item without files is not an upload: it goes through.
    assert.equal((await postNews(teacher, false)).statusCode, 200);
    // One upload ends: its slot is free again, and a finished upload gives its own back.
    held[0]?.();
    assert.equal((await postNews(teacher, true)).statusCode, 200);
    assert.equal((await postNews(teacher, true)).statusCode, 200);
    for (const release of held.slice(1)) release();
    // Releasing twice frees nothing extra.
    held[0]?.();
    const all = Array.from({ length: MAX_UPLOADS_PER_USER }, () => t.app.takeUploadSlot(asTeacher));
    assert.throws(() => t.app.takeUploadSlot(asTeacher), { text: SLOT_MESSAGES.tooManyUploads });
    for (const release of all) release();
  });
});
