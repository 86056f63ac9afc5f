// Remote health from real browsers: the shell's beacons (POST /lms/api/remotes/health.json) are
// taken from signed-in sessions with their XSRF token in the body, a bounded number per user,
// and aggregated per remote and release (failure rate, p75 load time) for remote:status.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { percentile } from '../src/areas/portal/remote-health-repository.js';
import { metricsRegistry } from '../src/lib/metrics.js';
import { createTestApp, DEMO, envelope, type Client, type TestApp } from './helper.js';

const URL = '/lms/api/remotes/health.json';

describe('remote health reports', () => {
  let t: TestApp;
  let teacher: Client;
  const report = (client: Client, fields: Record<string, unknown>) =>
    client.post(URL, { xsrf: client.cookies.get('XSRF-TOKEN'), ...fields });
  const stored = async () =>
    Number(
      (
        await t.app.db.kysely
          .selectFrom('remote_loads')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  before(async () => {
    t = await createTestApp();
    teacher = await t.login(DEMO.teacher);
  });
  after(async () => t.close());

  test('the 75th percentile is the nearest rank', () => {
    assert.equal(percentile([], 0.75), null);
    assert.equal(percentile([100], 0.75), 100);
    assert.equal(percentile([100, 200, 300, 400], 0.75), 300);
    assert.equal(percentile([1, 2, 3, 4, 5, 6, 7, 8], 0.75), 6);
  });

  test('are aggregated per remote and release: failure rate and p75 load time', async () => {
    const since = Date.now() - 1000;
    for (const ms of [100, 200, 300, 400]) {
      const answer = await report(teacher, {
        remote: 'news',
        release: '1.0.0',
        outcome: 'loaded',
        ms,
      });
      assert.equal(answer.statusCode, 200, answer.body);
    }
    await report(teacher, { remote: 'news', release: '1.1.0', outcome: 'loaded', ms: 900 });
    await report(teacher, { remote: 'news', release: '1.1.0', outcome: 'failed', kind: 'load' });
    await report(teacher, { remote: 'news', release: '1.1.0', outcome: 'failed', kind: 'render' });
    await report(teacher, { remote: 'news', release: '1.1.0', outcome: 'failed', kind: 'render' });
    const summary = await t.app.repos.remoteHealth.summary(since);
    const current = summary.find((row) => row.release === '1.0.0');
    const canary = summary.find((row) => row.release === '1.1.0');
    assert.deepEqual(
      { reports: current?.reports, failureRate: current?.failureRate, p75: current?.p75Ms },
      { reports: 4, failureRate: 0, p75: 300 },
    );
    assert.deepEqual(
      {
        reports: canary?.reports,
        failureRate: canary?.failureRate,
        p75: canary?.p75Ms,
        kinds: canary?.kinds,
      },
      { reports: 4, failureRate: 0.75, p75: 900, kinds: { load: 1, render: 2 } },
    );
  });

  test('are refused without a session, without the session’s XSRF token, or for no remote of the portal', async () => {
    const before = await stored();
    const anonymous = t.client();
    await anonymous.get('/lms/config.json');
    const body = { remote: 'news', release: '1.0.0', outcome: 'loaded', ms: 10 };
    assert.equal((await report(anonymous, body)).statusCode, 401);
    const forged = await teacher.post(URL, { ...body, xsrf: 'not-the-token' });
    assert.equal(forged.statusCode, 403);
    teacher.cookies.set('lang', 'en');
    const unknown = await report(teacher, { ...body, remote: 'nosuchremote' });
    assert.equal(unknown.statusCode, 400);
    assert.equal(envelope(unknown).error, 'The portal has no such module');
    const wrong = await report(teacher, { ...body, ms: -1 });
    assert.equal(wrong.statusCode, 400);
    assert.equal(await stored(), before);
  });

  test('label the failures metric only with releases the registry names', async () => {
    const series = async () =>
      (await metricsRegistry.getSingleMetricAsString('lms_remote_load_failures_total'))
        .split('\n')
        .filter((line) => line.includes('remote="registration"'));
    for (const release of ['built-in', 'made-up-1', 'made-up-2']) {
      const answer = await report(teacher, {
        remote: 'registration',
        release,
        outcome: 'failed',
        kind: 'load',
      });
      assert.equal(answer.statusCode, 200, answer.body);
    }
    const labels = (await series()).map((line) => /release="([^"]*)"/.exec(line)?.[1]).sort();
    assert.deepEqual(labels, ['built-in', 'unknown']);
  });

  test('are bounded per user: past the burst a 429 in the user’s language, others unaffected', async () => {
    const student = await t.login(DEMO.student);
    student.cookies.set('lang', 'ru');
    const body = { remote: 'chat', release: 'built-in', outcome: 'loaded', ms: 50 };
    const statuses: number[] = [];
    for (let index = 0; index < 30; index += 1) {
      statuses.push((await report(student, body)).statusCode);
    }
    assert.deepEqual(statuses, Array(30).fill(200));
    const refused = await report(student, body);
    assert.equal(refused.statusCode, 429);
    assert.equal(
      envelope(refused).error,
      'Слишком много сообщений о загрузке разделов: повторите позже',
    );
    assert.ok(Number(refused.headers['retry-after']) >= 1);
    // Signing in again does not refill the budget; another user has their own.
    const again = await t.login(DEMO.student);
    assert.equal((await report(again, body)).statusCode, 429);
    const other = await t.login(DEMO.teacher);
    assert.equal((await report(other, body)).statusCode, 200);
  });
});
