import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { metricsRegistry, recordRemoteLoadFailure } from '../src/lib/metrics.js';
import { createTestApp, DEMO, type TestApp } from './helper.js';

/** The value of one series in a scrape, or 0 when it is not there. */
function valueOf(text: string, series: string): number {
  const line = text.split('\n').find((row) => row.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('metrics and request ids', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ metricsAllow: ['127.0.0.1', '192.0.2.0/24'] });
  });
  after(async () => t.close());

  const scrape = async (address = '127.0.0.1') => {
    const response = await t.client(address).get('/lms/metrics');
    assert.equal(response.statusCode, 200, response.body);
    assert.match(String(response.headers['content-type']), /^text\/plain; version=0\.0\.4/);
    return response.body;
  };

  test('/lms/metrics answers the allowed addresses and ranges, and 403 to any other', async () => {
    await scrape('127.0.0.1');
    await scrape('192.0.2.77');
    const refused = await t.client('198.51.100.7').get('/lms/metrics');
    assert.equal(refused.statusCode, 403);
    assert.doesNotMatch(refused.body, /lms_/);
  });

  test('answers are counted by route pattern and status, never by the raw URL', async () => {
    const client = t.client();
    await client.get('/lms/healthz');
    await client.get('/lms/api/no/such/thing-12345');
    const text = await scrape();
    assert.ok(
      valueOf(text, 'lms_http_requests_total{method="GET",route="/lms/healthz",status="200"}') >= 1,
    );
    assert.ok(
      valueOf(text, 'lms_http_requests_total{method="GET",route="unmatched",status="404"}') >= 1,
    );
    assert.doesNotMatch(text, /thing-12345/);
    assert.match(
      text,
      /lms_http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/lms\/healthz",status="200"\}/,
    );
    assert.match(text, /lms_db_query_duration_seconds_count \d+/);
    assert.match(text, /lms_event_streams_open \d+/);
    assert.match(text, /lms_process_resident_memory_bytes \d+/);
  });

  test("every statement is in the query histogram, the badge's prepared read included", async () => {
    const student = await t.login(DEMO.student);
    const me = (await student.post('/lms/api/auth/enticate.json', {})).json<{
      data: { user: { id: number; role: number } };
    }>().data.user;
    const count = () =>
      student.post('/lms/api/chat/count.json', {
        year: 26,
        ws: 1,
        id_from: me.id,
        id_from_type: me.role,
      });
    const series = 'lms_db_query_duration_seconds';
    const read = (text: string) => ({
      count: valueOf(text, `${series}_count`),
      sum: valueOf(text, `${series}_sum`),
      infinite: valueOf(text, `${series}_bucket{le="+Inf"}`),
      buckets: [
        ...text.matchAll(/^lms_db_query_duration_seconds_bucket\{le="[^"]+"\} (\d+)$/gm),
      ].map((match) => Number(match[1])),
    });
    // Warm: the session's and the badge's statements are prepared and their caches filled.
    await count();
    const before = read(await scrape());
    for (let i = 0; i < 5; i += 1) {
      const answer = await count();
      assert.equal(answer.statusCode, 200, answer.body);
    }
    const after = read(await scrape());
    assert.ok(after.count >= before.count + 5, `${before.count} → ${after.count}`);
    assert.ok(after.sum > before.sum);
    // Cumulative buckets, the last of them every statement.
    assert.equal(after.infinite, after.count);
    assert.equal(after.buckets.length, 12);
    assert.deepEqual(
      after.buckets,
      [...after.buckets].sort((a, b) => a - b),
    );
  });

  test('a refused sign-in is counted by its reason; a good one is not', async () => {
    const series = 'lms_sign_in_refusals_total{reason="wrong_credentials"}';
    const before = valueOf(await scrape(), series);
    const client = await t.client().prime();
    const wrong = await client.post('/lms/api/auth/orize.json', {
      login: DEMO.student.login,
      password: 'nope-1',
    });
    assert.equal(wrong.statusCode, 401);
    await t.login(DEMO.student);
    assert.equal(valueOf(await scrape(), series), before + 1);
  });

  test('a remote load failure reported by a browser is counted with bounded labels', async () => {
    recordRemoteLoadFailure('chat', '1.4.2', 'script');
    recordRemoteLoadFailure('no-such-remote', '<script>9.9', 'time out!');
    const text = await metricsRegistry.metrics();
    assert.ok(
      valueOf(
        text,
        'lms_remote_load_failures_total{remote="chat",release="1.4.2",kind="script"}',
      ) >= 1,
    );
    assert.ok(
      valueOf(
        text,
        'lms_remote_load_failures_total{remote="other",release="script9.9",kind="timeout"}',
      ) >= 1,
    );
  });

  test('every answer, errors included, carries a request id that differs per request', async () => {
    const client = t.client();
    const missing = await client.get('/lms/api/no/such/route');
    const refused = await client.post('/lms/api/auth/orize.json', {}, { xsrf: false });
    const ids = [missing, refused].map((response) => String(response.headers['x-request-id']));
    assert.equal(missing.statusCode, 404);
    assert.ok(refused.statusCode >= 400);
    for (const id of ids) assert.match(id, /^[0-9a-z]+-[0-9a-z]+$/);
    assert.notEqual(ids[0], ids[1]);
    // Without a trusted proxy a client cannot choose its id.
    const chosen = await client.request({
      method: 'GET',
      url: '/lms/healthz',
      headers: { 'x-request-id': 'chosen-by-client' },
    });
    assert.notEqual(chosen.headers['x-request-id'], 'chosen-by-client');
  });

  test('behind a trusted proxy its request id is kept, if it looks like one', async () => {
    const proxied = await t.sibling({ trustProxy: '127.0.0.1' });
    const ask = (id: string) =>
      proxied.inject({
        method: 'GET',
        url: '/lms/healthz',
        remoteAddress: '127.0.0.1',
        headers: { 'x-request-id': id },
      });
    assert.equal((await ask('0a1b2c3d:41ff')).headers['x-request-id'], '0a1b2c3d:41ff');
    assert.notEqual(
      (await ask('bad id\twith spaces')).headers['x-request-id'],
      'bad id\twith spaces',
    );
  });

  test('a draining process is not ready but still answers what it is asked', async () => {
    const other = await t.sibling();
    other.lifecycle.drain();
    const ready = await other.inject({ method: 'GET', url: '/lms/readyz' });
    assert.equal(ready.statusCode, 503);
    assert.deepEqual(ready.json().problems, ['draining']);
    assert.equal((await other.inject({ method: 'GET', url: '/lms/config.json' })).statusCode, 200);
  });
});
