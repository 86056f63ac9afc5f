// Webinars' rules and BigBlueButton's signed addresses, checked against the example of
// BigBlueButton's API documentation ("API Reference", Usage: the create call's checksum).
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, test } from 'node:test';
import { bbbCalls, bbbChecksum, bbbConfigOf, bbbUrl } from '../../src/areas/webinars/bbb.js';
import {
  cancelRefusal,
  joinRefusal,
  overlaps,
  parseLocalStart,
  scheduleRefusal,
} from '../../src/areas/webinars/rules.js';

/** The documentation's example: its shared secret, query string and checksum. */
const DOCUMENTED = {
  secret: '639259d4-9dd8-4b25-bf01-95f9567eaf4b',
  query: 'name=Test+Meeting&meetingID=abc123&attendeePW=111222&moderatorPW=333444',
  checksum: '1fcbb0c4fc1f039f73aa6d697d2db9ba7f803f17',
};

describe('BigBlueButton addresses', () => {
  const config = {
    url: 'https://bbb.example.com/bigbluebutton/api',
    secret: DOCUMENTED.secret,
    algorithm: 'sha1' as const,
  };

  test('the documented create call: its checksum and its whole address', () => {
    assert.equal(bbbChecksum('create', DOCUMENTED.query, DOCUMENTED.secret), DOCUMENTED.checksum);
    assert.equal(
      bbbUrl(config, 'create', {
        name: 'Test Meeting',
        meetingID: 'abc123',
        attendeePW: '111222',
        moderatorPW: '333444',
      }),
      `https://bbb.example.com/bigbluebutton/api/create?${DOCUMENTED.query}&checksum=${DOCUMENTED.checksum}`,
    );
    // The server's address may be given without /api, or with a trailing slash.
    assert.equal(
      bbbUrl({ ...config, url: 'https://bbb.example.com/bigbluebutton/' }, 'getMeetings', {}),
      `https://bbb.example.com/bigbluebutton/api/getMeetings?checksum=${createHash('sha1').update(`getMeetings${DOCUMENTED.secret}`).digest('hex')}`,
    );
  });

  test('SHA-256 when the server asks for it: the same string, hashed with SHA-256', () => {
    const sha256 = bbbChecksum('create', DOCUMENTED.query, DOCUMENTED.secret, 'sha256');
    assert.equal(sha256.length, 64);
    assert.equal(
      sha256,
      createHash('sha256').update(`create${DOCUMENTED.query}${DOCUMENTED.secret}`).digest('hex'),
    );
    assert.notEqual(sha256.slice(0, 40), DOCUMENTED.checksum);
  });

  test('create, join, end, getMeetings and getRecordings carry a checksum of exactly their query', () => {
    const calls = bbbCalls(config);
    const urls = {
      create: calls.create({
        id: 'm1',
        name: 'Алгебра — ПИ-1-25',
        durationMin: 80,
        logoutUrl: 'https://lms.example.kg/lms/webinars',
      }),
      join: calls.join({ id: 'm1' }, { name: 'Асанов Бакыт', userId: 7, moderator: true }),
      end: calls.end({ id: 'm1' }),
      getMeetings: calls.getMeetings(),
      getRecordings: calls.getRecordings(['m1', 'm2']),
    };
    for (const [call, url] of Object.entries(urls)) {
      const parsed = new URL(url);
      assert.equal(parsed.pathname, `/bigbluebutton/api/${call}`);
      const raw = parsed.search.slice(1);
      const query = raw.replace(/&?checksum=[0-9a-f]{40}$/, '');
      assert.equal(
        parsed.searchParams.get('checksum'),
        bbbChecksum(call, query, config.secret),
        call,
      );
    }
    const join = new URL(urls.join).searchParams;
    assert.equal(join.get('fullName'), 'Асанов Бакыт');
    assert.equal(join.get('role'), 'MODERATOR');
    const student = new URL(calls.join({ id: 'm1' }, { name: 'S', userId: 8, moderator: false }));
    assert.equal(student.searchParams.get('role'), 'VIEWER');
    assert.notEqual(student.searchParams.get('password'), join.get('password'));
    assert.equal(new URL(urls.getRecordings).searchParams.get('meetingID'), 'm1,m2');
    assert.ok(urls.create.includes('name=%D0%90%D0%BB%D0%B3%D0%B5%D0%B1%D1%80%D0%B0+%E2%80%94+'));
  });

  test('configured only when both variables are set', () => {
    assert.equal(bbbConfigOf({}), null);
    assert.equal(bbbConfigOf({ LMS_BBB_URL: 'https://b.example' }), null);
    assert.deepEqual(bbbConfigOf({ LMS_BBB_URL: 'https://b.example', LMS_BBB_SECRET: 's' }), {
      url: 'https://b.example',
      secret: 's',
      algorithm: 'sha1',
    });
    assert.equal(
      bbbConfigOf({ LMS_BBB_URL: 'u', LMS_BBB_SECRET: 's', LMS_BBB_CHECKSUM: 'sha256' })?.algorithm,
      'sha256',
    );
  });
});

describe('webinar rules', () => {
  test('a start is a real local date and time', () => {
    assert.deepEqual(parseLocalStart('2026-11-18T14:05'), { date: '2026-11-18', time: '14:05' });
    for (const bad of ['2026-02-30T10:00', '2026-11-18T24:00', '2026-11-18T10:60', '2026-11-18']) {
      assert.equal(parseLocalStart(bad), null, bad);
    }
  });

  test('scheduling: the first refusal the teacher should hear', () => {
    const ok = { startsAt: 2_000, now: 1_000, teaches: true, teacherBusy: false, groupBusy: false };
    assert.equal(scheduleRefusal(ok), null);
    assert.equal(scheduleRefusal({ ...ok, startsAt: null }), 'badStart');
    assert.equal(scheduleRefusal({ ...ok, startsAt: 1_000 }), 'past');
    assert.equal(scheduleRefusal({ ...ok, startsAt: 1_000 + 400 * 86_400_000 }), 'tooFar');
    assert.equal(scheduleRefusal({ ...ok, teaches: false, teacherBusy: true }), 'notTeaching');
    assert.equal(scheduleRefusal({ ...ok, teacherBusy: true, groupBusy: true }), 'teacherBusy');
    assert.equal(scheduleRefusal({ ...ok, groupBusy: true }), 'groupBusy');
  });

  test('spans overlap only when they share a minute', () => {
    const a = { startsAt: 0, duration: 60 };
    assert.equal(overlaps(a, { startsAt: 30 * 60_000, duration: 60 }), true);
    assert.equal(overlaps(a, { startsAt: 60 * 60_000, duration: 60 }), false);
  });

  test('joining and cancelling by state', () => {
    assert.equal(joinRefusal({ member: false, state: 'open' }), 'notYourGroup');
    assert.equal(joinRefusal({ member: true, state: 'scheduled' }), 'notYet');
    assert.equal(joinRefusal({ member: true, state: 'over' }), 'over');
    assert.equal(joinRefusal({ member: true, state: 'cancelled' }), 'cancelled');
    assert.equal(joinRefusal({ member: true, state: 'open' }), null);
    assert.equal(cancelRefusal('cancelled'), 'alreadyCancelled');
    assert.equal(cancelRefusal('over'), 'over');
    assert.equal(cancelRefusal('open'), null);
  });
});
