import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { NewsItem } from '@lms/shared/contract';
import { parseRange, safeContentType } from '../src/lib/download.js';
import {
  demoConversation,
  multipart,
  send,
  target,
  type DemoConversation,
  type Message,
} from './chat-helper.js';
import { createTestApp, DEMO, envelope, type Client, type TestApp } from './helper.js';

// One way to serve a stored attachment (lib/download.ts), for news and chat alike.

const BYTES = Buffer.from(Array.from({ length: 100 }, (_, index) => index));
const CYRILLIC = 'Методичка по базам данных.pdf';

describe('downloads', () => {
  let t: TestApp;
  let teacher: Client;
  let demo: DemoConversation;
  let newsUrl: (name: string) => string;
  let chatUrl: (name: string) => string;

  before(async () => {
    t = await createTestApp();
    teacher = await t.login(DEMO.teacher);
    demo = await demoConversation(t);
    const files = [
      { name: CYRILLIC, content: BYTES },
      { name: 'page.html', content: Buffer.from('<script>alert(document.cookie)</script>') },
      { name: 'image.svg', content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') },
      { name: 'notes.txt', content: Buffer.from('plain text') },
    ];
    const newsBody = multipart({ message: 'Материалы к занятию', audience: 'all' }, files);
    const item = envelope<NewsItem>(
      await teacher.request({ method: 'POST', url: '/lms/api/news/insert.json', ...newsBody }),
    ).data;
    assert.ok(item);
    newsUrl = (name) =>
      `/lms/api/news/download.file?${new URLSearchParams({ filename: `${item.id_eventMessage}_${name}`, type: '4' }).toString()}`;
    const sent = envelope<Message>(
      await send(
        demo.teacher,
        { ...target(demo.teacherMe, demo.chain, demo.studentMe.id), message: 'Файлы' },
        files,
      ),
    ).data;
    assert.ok(sent);
    chatUrl = (name) =>
      `/lms/api/chat/download.file?${new URLSearchParams({ id: String(sent.id_message), name }).toString()}`;
  });
  after(async () => t.close());

  const both = () => [
    { area: 'news', url: newsUrl, client: teacher },
    { area: 'chat', url: chatUrl, client: demo.student },
  ];

  test('the whole file: length, ranges accepted, nosniff, an attachment with the UTF-8 name', async () => {
    for (const { area, url, client } of both()) {
      const response = await client.get(url(CYRILLIC));
      assert.equal(response.statusCode, 200, area);
      assert.deepEqual(response.rawPayload, BYTES);
      assert.equal(response.headers['content-length'], '100');
      assert.equal(response.headers['accept-ranges'], 'bytes');
      assert.equal(response.headers['x-content-type-options'], 'nosniff');
      assert.equal(response.headers['content-type'], 'application/pdf');
      const disposition = String(response.headers['content-disposition']);
      assert.match(disposition, /^attachment; /);
      assert.ok(
        disposition.includes(`filename*=UTF-8''${encodeURIComponent(CYRILLIC)}`),
        disposition,
      );
      // The ASCII fallback: printable ASCII only.
      assert.match(disposition, /filename="[\x20-\x7e]+"/);
      assert.ok(response.headers.etag);
      assert.ok(response.headers['last-modified']);
    }
  });

  test('ranges: a-b, a- and -n answer 206 with exactly those bytes', async () => {
    for (const { area, url, client } of both()) {
      for (const [range, start, end] of [
        ['bytes=10-19', 10, 19],
        ['bytes=90-', 90, 99],
        ['bytes=-5', 95, 99],
        ['bytes=0-0', 0, 0],
        ['bytes=95-500', 95, 99],
      ] as const) {
        const response = await client.request({
          method: 'GET',
          url: url(CYRILLIC),
          headers: { range },
        });
        assert.equal(response.statusCode, 206, `${area} ${range}`);
        assert.deepEqual(response.rawPayload, BYTES.subarray(start, end + 1), `${area} ${range}`);
        assert.equal(response.headers['content-range'], `bytes ${start}-${end}/100`);
        assert.equal(response.headers['content-length'], String(end - start + 1));
      }
    }
  });

  test('an unsatisfiable range → 416 with the size; several ranges → 200 and the whole file', async () => {
    for (const { area, url, client } of both()) {
      for (const range of ['bytes=100-', 'bytes=200-300', 'bytes=-0']) {
        const response = await client.request({
          method: 'GET',
          url: url(CYRILLIC),
          headers: { range },
        });
        assert.equal(response.statusCode, 416, `${area} ${range}`);
        assert.equal(response.headers['content-range'], 'bytes */100');
      }
      const several = await client.request({
        method: 'GET',
        url: url(CYRILLIC),
        headers: { range: 'bytes=0-1,5-6' },
      });
      assert.equal(several.statusCode, 200, area);
      assert.deepEqual(several.rawPayload, BYTES);
    }
  });

  test('If-None-Match with the current ETag → 304', async () => {
    for (const { area, url, client } of both()) {
      const first = await client.get(url(CYRILLIC));
      const etag = String(first.headers.etag);
      const again = await client.request({
        method: 'GET',
        url: url(CYRILLIC),
        headers: { 'if-none-match': etag },
      });
      assert.equal(again.statusCode, 304, area);
      assert.equal(again.rawPayload.length, 0);
      const stale = await client.request({
        method: 'GET',
        url: url(CYRILLIC),
        headers: { 'if-none-match': '"other"' },
      });
      assert.equal(stale.statusCode, 200, area);
    }
  });

  test('HTML, SVG are never served as a page: octet-stream and nosniff', async () => {
    for (const { area, url, client } of both()) {
      for (const name of ['page.html', 'image.svg']) {
        const response = await client.get(url(name));
        assert.equal(response.statusCode, 200, `${area} ${name}`);
        assert.equal(response.headers['content-type'], 'application/octet-stream');
        assert.equal(response.headers['x-content-type-options'], 'nosniff');
        assert.match(String(response.headers['content-disposition']), /^attachment; /);
      }
      const text = await client.get(url('notes.txt'));
      assert.equal(text.headers['content-type'], 'text/plain');
    }
  });

  test('the access checks are unchanged: an outsider gets no chat file', async () => {
    const response = await demo.outsider.get(chatUrl(CYRILLIC));
    assert.equal(response.statusCode, 403);
  });

  test('parseRange and safeContentType', () => {
    assert.equal(parseRange(undefined, 10), null);
    assert.equal(parseRange('items=0-1', 10), null);
    assert.equal(parseRange('bytes=-', 10), null);
    assert.equal(parseRange('bytes=5-2', 10), 'unsatisfiable');
    assert.equal(parseRange('bytes=0-', 0), 'unsatisfiable');
    assert.deepEqual(parseRange('bytes=-20', 10), { start: 0, end: 9 });
    for (const type of [
      'text/html',
      'TEXT/HTML; charset=utf-8',
      'image/svg+xml',
      'application/xml',
      'text/xml',
      'application/xhtml+xml',
      'text/javascript',
      'application/javascript',
      'application/atom+xml',
      '',
      'not a type',
    ]) {
      assert.equal(safeContentType(type), 'application/octet-stream', type);
    }
    assert.equal(safeContentType('application/pdf'), 'application/pdf');
    assert.equal(safeContentType('image/png'), 'image/png');
  });
});
