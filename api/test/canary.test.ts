// Canary releases: a candidate with a rollout (a share of signed-in users, or one faculty) is
// served to those users only, each keeping theirs on every load; everyone else keeps the current
// release and never gets the canary's files.
import assert from 'node:assert/strict';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { canaryUser } from '../src/areas/portal/canary.js';
import { inCanary, type CanaryUser } from '../src/areas/portal/remote-registry.js';
import { createTestApp, DEMO, type Client, type TestApp } from './helper.js';

const user = (uid: number): CanaryUser => ({ uid, faculty: [] });
const users = Array.from({ length: 1000 }, (_, index) => user(index + 1));

describe('who gets a canary', () => {
  test('the share is within ±3 % over 1,000 users, and each user always gets the same answer', () => {
    for (const percent of [10, 50]) {
      const inside = users.filter((u) => inCanary('news', '1.1.0', { percent }, u)).length;
      assert.ok(Math.abs(inside / 10 - percent) <= 3, `${percent} %: ${inside} of 1000`);
    }
    for (const u of users.slice(0, 100)) {
      const first = inCanary('news', '1.1.0', { percent: 10 }, u);
      assert.equal(inCanary('news', '1.1.0', { percent: 10 }, u), first);
      // Raising the share keeps everyone who had the canary.
      if (first) assert.equal(inCanary('news', '1.1.0', { percent: 50 }, u), true);
    }
    // Another remote's canary, or another release, draws its own users.
    const nextRelease = users.filter(
      (u) =>
        inCanary('news', '1.1.0', { percent: 50 }, u) ===
        inCanary('news', '1.2.0', { percent: 50 }, u),
    ).length;
    assert.ok(nextRelease < 700, `${nextRelease} of 1000 have both releases alike`);
    const sameUsers = users.filter(
      (u) =>
        inCanary('news', '1.1.0', { percent: 50 }, u) ===
        inCanary('chat', '1.1.0', { percent: 50 }, u),
    ).length;
    assert.ok(sameUsers < 700, `${sameUsers} of 1000 share both canaries`);
  });

  test('a faculty rollout is for that faculty by any of its names, any case', () => {
    const fit: CanaryUser = { uid: 5, faculty: ['1', 'фит', 'fit'] };
    assert.equal(inCanary('news', '1.1.0', { faculty: 'FIT' }, fit), true);
    assert.equal(inCanary('news', '1.1.0', { faculty: 'ФИТ' }, fit), true);
    assert.equal(inCanary('news', '1.1.0', { faculty: 'ЭФ' }, fit), false);
    assert.equal(inCanary('news', '1.1.0', { faculty: 'FIT' }, user(5)), false);
  });
});

describe('a canary release served', () => {
  let t: TestApp;
  let tick = 0;
  const writeRegistry = async (registry: unknown) => {
    const path = join(t.dataDir, 'remotes.json');
    await writeFile(path, JSON.stringify(registry));
    tick += 2;
    const when = new Date(Date.now() + tick * 1000);
    await utimes(path, when, when);
  };
  const news = (version: string) => ({
    manifest: `/lms/deploy/news/${version}/mf-manifest.json`,
    version,
  });
  const sessionOf = async (uid: number): Promise<Client> => {
    const token = await t.app.repos.sessions.create(uid, 60 * 60 * 1000);
    return t.client().useSession(token);
  };

  before(async () => {
    t = await createTestApp();
    for (const version of ['1.0.0', '1.1.0']) {
      for (const file of ['mf-manifest.json', 'remoteEntry.js', '12.abcdef12.js']) {
        const path = join(t.dataDir, 'deploy', 'news', version, file);
        await mkdir(dirname(path), { recursive: true });
        await writeFile(path, `${version} ${file}`);
      }
    }
  });
  after(async () => t.close());

  test('to its share of users only, sticky across loads; others never get its files', async () => {
    await writeRegistry({
      news: { ...news('1.0.0'), candidate: { ...news('1.1.0'), rollout: { percent: 50 } } },
    });
    const uids = (
      await t.app.db.kysely.selectFrom('users').select('id').orderBy('id').execute()
    ).map((row) => row.id);
    const inside = uids.find((uid) => inCanary('news', '1.1.0', { percent: 50 }, user(uid)));
    const outside = uids.find((uid) => !inCanary('news', '1.1.0', { percent: 50 }, user(uid)));
    assert.ok(inside !== undefined && outside !== undefined);
    const canaryUser = await sessionOf(inside);
    const otherUser = await sessionOf(outside);
    const anonymous = t.client();

    for (let load = 0; load < 3; load += 1) {
      const mine = await canaryUser.get('/lms/remotes.json');
      assert.equal(mine.json().remotes.news, '/lms/deploy/news/1.1.0/mf-manifest.json');
      assert.equal(mine.json().preview, undefined, 'a canary is not a preview');
      assert.match(String(mine.headers['cache-control']), /private/);
      const theirs = await otherUser.get('/lms/remotes.json');
      assert.equal(theirs.json().remotes.news, '/lms/deploy/news/1.0.0/mf-manifest.json');
      assert.match(String(theirs.headers['cache-control']), /private/);
    }
    assert.equal(
      (await anonymous.get('/lms/remotes.json')).json().remotes.news,
      '/lms/deploy/news/1.0.0/mf-manifest.json',
    );

    for (const file of ['mf-manifest.json', 'remoteEntry.js', '12.abcdef12.js']) {
      const url = `/lms/deploy/news/1.1.0/${file}`;
      const served = await canaryUser.get(url);
      assert.equal(served.statusCode, 200, url);
      assert.match(String(served.headers['cache-control']), /private/);
      assert.equal((await otherUser.get(url)).statusCode, 404, url);
      assert.equal((await anonymous.get(url)).statusCode, 404, url);
    }
    // The current release stays everyone's.
    assert.equal((await otherUser.get('/lms/deploy/news/1.0.0/remoteEntry.js')).statusCode, 200);
  });

  test('to the people of one faculty', async () => {
    const student = await t.login(DEMO.student);
    const studentUid = (
      await t.app.db.kysely
        .selectFrom('users')
        .select('id')
        .where('login', '=', DEMO.student.login)
        .executeTakeFirstOrThrow()
    ).id;
    const faculty = canaryUser(studentUid, await t.app.repos.canary.faculty(studentUid)).faculty;
    assert.ok(faculty.length >= 2, 'the demo student has a faculty');
    await writeRegistry({
      news: {
        ...news('1.0.0'),
        candidate: { ...news('1.1.0'), rollout: { faculty: faculty[1]!.toUpperCase() } },
      },
    });
    assert.equal(
      (await student.get('/lms/remotes.json')).json().remotes.news,
      '/lms/deploy/news/1.1.0/mf-manifest.json',
    );
    await writeRegistry({
      news: {
        ...news('1.0.0'),
        candidate: { ...news('1.1.0'), rollout: { faculty: 'no-such-faculty' } },
      },
    });
    assert.equal(
      (await student.get('/lms/remotes.json')).json().remotes.news,
      '/lms/deploy/news/1.0.0/mf-manifest.json',
    );
    assert.equal((await student.get('/lms/deploy/news/1.1.0/remoteEntry.js')).statusCode, 404);
  });
});
