// Where the server sends push messages: only to the push services browsers use. A subscription
// pointing into the server's own network (loopback, private, link-local, the clouds' metadata
// address, numeric spellings of them) is refused and nothing is stored; a name that resolves to
// such an address is refused again when a message goes out; one user holds at most ten devices.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { PUSH_MESSAGES } from '../src/areas/push/messages.js';
import { PUSH_DEVICES_PER_USER } from '../src/areas/push/repository.js';
import { deliver } from '../src/areas/push/sender.js';
import { demoConversation, send, target, type DemoConversation } from './chat-helper.js';
import { createTestApp, envelope, type TestApp } from './helper.js';
import { TestPushService } from './push-service.js';

const P = '/lms/api/push';
const ALL = { chat: true, orders: true, marks: true, news: true, waitlist: true, schedule: true };
const KEYS = {
  // A P-256 public point (65 bytes) and a 16-byte auth secret, as a browser gives them.
  p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url'),
  auth: Buffer.alloc(16, 3).toString('base64url'),
};

/** A server on this machine that counts the requests it gets (what the server must not reach). */
async function listener(): Promise<{ server: Server; origin: string; hits: () => number }> {
  let hits = 0;
  const server = createServer((_request, response) => {
    hits += 1;
    response.writeHead(201).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, origin: `http://127.0.0.1:${port}`, hits: () => hits };
}

describe('push subscriptions with the default push services', () => {
  let t: TestApp;
  let c: DemoConversation;

  before(async () => {
    t = await createTestApp();
    c = await demoConversation(t);
  });
  after(async () => t?.close());

  const subscribe = (endpoint: string, client = c.student) =>
    client.post(`${P}/subscribe.json`, {
      endpoint,
      keys: KEYS,
      preferences: { ...ALL, allowPreviews: true },
    });
  const stored = async () =>
    (await t.app.db.kysely.selectFrom('push_subscriptions').select('endpoint').execute()).map(
      (row) => row.endpoint,
    );

  test('the browsers’ push services are accepted', async () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/dA1b2c3',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://wns2-db5p.notify.windows.com/w/?token=BQYAAAD',
      'https://web.push.apple.com/QGuQyavXutnMH',
    ]) {
      const answer = await subscribe(endpoint);
      assert.equal(answer.statusCode, 200, `${endpoint}: ${answer.body}`);
    }
  });

  test('an address inside the network, or anything but a push service, is refused and not stored', async () => {
    const before = await stored();
    for (const endpoint of [
      'https://127.0.0.1:8080/push',
      'https://localhost/push',
      'https://[::1]/push',
      'https://10.0.0.5/push',
      'https://192.168.1.1/push',
      'https://169.254.169.254/latest/meta-data',
      'https://2130706433/push',
      'https://0x7f000001/push',
      'https://intranet.example.com/push',
      'https://fcm.googleapis.com.attacker.example/push',
      'https://push.services.mozilla.com.attacker.example/push',
      'https://127.0.0.1.push.services.mozilla.com:8443/push',
      'https://user:secret@fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
    ]) {
      c.student.cookies.set('lang', 'en');
      const answer = await subscribe(endpoint);
      assert.equal(answer.statusCode, 400, `${endpoint}: ${answer.body}`);
      assert.equal(envelope(answer).error, PUSH_MESSAGES.notPushService.en, endpoint);
    }
    const plain = await subscribe('http://fcm.googleapis.com/fcm/send/x');
    assert.equal(plain.statusCode, 400);
    assert.equal(envelope(plain).error, PUSH_MESSAGES.plainHttp.en);
    assert.deepEqual(await stored(), before);
  });

  test(`a user keeps at most ${PUSH_DEVICES_PER_USER} devices; a further one replaces the oldest`, async () => {
    const endpoints = Array.from(
      { length: PUSH_DEVICES_PER_USER + 2 },
      (_, i) => `https://fcm.googleapis.com/fcm/send/device-${i}`,
    );
    for (const endpoint of endpoints) {
      assert.equal((await subscribe(endpoint, c.teacher)).statusCode, 200);
    }
    const rows = await t.app.db.kysely
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('user_id', '=', c.teacherMe.uid)
      .execute();
    assert.deepEqual(
      rows.map((row) => row.endpoint).sort(),
      endpoints.slice(2).sort(),
      'the two oldest are gone',
    );
  });
});

describe('sending: the address connected to is checked', () => {
  let service: TestPushService;
  let inside: Awaited<ReturnType<typeof listener>>;
  let t: TestApp;
  let c: DemoConversation;

  before(async () => {
    service = new TestPushService();
    await service.start();
    inside = await listener();
    t = await createTestApp({ push: { plainHttp: true, services: [service.origin] } });
    c = await demoConversation(t);
  });
  after(async () => {
    await t?.close();
    await service.stop();
    await new Promise((resolve) => inside.server.close(resolve));
  });

  test('a name that resolves to a loopback address is refused at connect time', async () => {
    const port = new URL(inside.origin).port;
    const request = {
      endpoint: `http://localhost:${port}/push/x`,
      method: 'POST',
      headers: { ttl: '60' },
      body: Buffer.from('x'),
    };
    await assert.rejects(deliver(request, false), { code: 'EPUSHADDRESS' });
    assert.equal(inside.hits(), 0);
    // The same request, to a host the configuration names itself, goes through.
    assert.equal(await deliver(request, true), 201);
    assert.equal(inside.hits(), 1);
  });

  test('a subscription stored before the services were configured is dropped, never contacted', async () => {
    const device = service.device('student');
    const subscribed = await c.student.post(`${P}/subscribe.json`, {
      endpoint: device.endpoint,
      keys: device.keys,
      preferences: { ...ALL, allowPreviews: true },
    });
    assert.equal(subscribed.statusCode, 200, subscribed.body);
    // As an earlier release could have stored it: the student's second device, inside the network.
    const elsewhere = `${inside.origin}/push/old-device`;
    await t.app.db.kysely
      .insertInto('push_subscriptions')
      .values({
        user_id: c.studentMe.uid,
        endpoint: elsewhere,
        p256dh: KEYS.p256dh,
        auth: KEYS.auth,
        lang: 'en',
        chat: 1,
        orders: 1,
        marks: 1,
        news: 1,
        waitlist: 1,
        allow_previews: 1,
        updated_at: Date.now(),
      })
      .execute();
    const hitsBefore = inside.hits();
    const sent = await send(c.teacher, {
      ...target(c.teacherMe, c.chain, c.studentMe.id),
      message: 'Room changed to 204',
    });
    assert.equal(sent.statusCode, 200, sent.body);
    // The allowed device is notified; by then the other one is gone, never contacted.
    const deadline = Date.now() + 5000;
    while (device.received.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    assert.equal(device.received.length, 1);
    let left = 1;
    while (left > 0 && Date.now() < deadline) {
      left = (
        await t.app.db.kysely
          .selectFrom('push_subscriptions')
          .select('id')
          .where('endpoint', '=', elsewhere)
          .execute()
      ).length;
      if (left > 0) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    assert.equal(left, 0);
    assert.equal(inside.hits(), hitsBefore);
  });
});
