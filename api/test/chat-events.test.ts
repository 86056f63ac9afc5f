import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { demoConversation, send, target, type Chain, type Me } from './chat-helper.js';
import { MAX_STREAMS_PER_USER } from '../src/lib/stream-cap.js';
import { EventStream, type StreamEvent } from './event-stream.js';
import { createTestApp, type Client, type TestApp } from './helper.js';

interface ChatEvent {
  kind: 'message' | 'deleted' | 'read';
  id_message: number;
  actor: { role: number; id: number };
}

/** A client's chat stream: the shared Server-Sent Events reader, its `chat` events only. */
class ChatStream {
  private readonly stream: EventStream;
  readonly opened: Promise<Response>;

  constructor(baseUrl: string, client: Client) {
    this.stream = new EventStream(`${baseUrl}/lms/api/chat/events`, client);
    this.opened = this.stream.opened;
  }

  async next(match: (event: ChatEvent) => boolean, timeoutMs = 3000): Promise<ChatEvent> {
    const found = await this.stream.next((e) => isChat(e) && match(e.data), timeoutMs);
    return found.data as ChatEvent;
  }

  has(match: (event: ChatEvent) => boolean): boolean {
    return this.stream.events.some((e) => isChat(e) && match(e.data));
  }

  close(): void {
    this.stream.close();
  }
}

function isChat(event: StreamEvent): event is StreamEvent<ChatEvent> {
  return event.name === 'chat';
}

describe('chat live events (SSE)', () => {
  let t: TestApp;
  let baseUrl: string;
  let teacher: Client;
  let student: Client;
  let teacherMe: Me;
  let studentMe: Me;
  let outsider: Client;
  let chain: Chain;
  let groupId: number;
  const streams: ChatStream[] = [];
  const apps: FastifyInstance[] = [];

  const stream = async (url: string, client: Client) => {
    const opened = new ChatStream(url, client);
    streams.push(opened);
    const response = await opened.opened;
    assert.equal(response.status, 200);
    assert.match(String(response.headers.get('content-type')), /^text\/event-stream/);
    return opened;
  };

  before(async () => {
    t = await createTestApp();
    baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
    ({ teacher, student, teacherMe, studentMe, chain, groupId, outsider } =
      await demoConversation(t));
  });
  after(async () => {
    for (const opened of streams) opened.close();
    for (const app of apps) await app.close();
    await t.close();
  });

  test('a message reaches the other participant, and not an outsider', async () => {
    const teacherStream = await stream(baseUrl, teacher);
    const outsiderStream = await stream(baseUrl, outsider);
    const sent = await send(student, {
      ...target(studentMe, chain, teacherMe.id),
      message: 'live',
    });
    assert.equal(sent.statusCode, 200, sent.body);
    const id = sent.json<{ data: { id_message: number } }>().data.id_message;
    const event = await teacherStream.next((e) => e.kind === 'message' && e.id_message === id);
    assert.deepEqual(event.actor, { role: 2, id: studentMe.id });
    // The group chat reaches its members: the teacher, not the outsider.
    const inGroup = await send(student, {
      ...target(studentMe, chain, -1, groupId),
      message: 'всем',
    });
    const groupId2 = inGroup.json<{ data: { id_message: number } }>().data.id_message;
    await teacherStream.next((e) => e.id_message === groupId2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(
      outsiderStream.has((e) => e.id_message === id || e.id_message === groupId2),
      false,
    );

    // Deletion and the reader's own read marks are pushed too.
    const studentStream = await stream(baseUrl, student);
    const deleted = await student.post('/lms/api/chat/deletemessage.json', {
      id_message: id,
      uid: studentMe.uid,
    });
    assert.equal(deleted.statusCode, 200);
    await teacherStream.next((e) => e.kind === 'deleted' && e.id_message === id);
    await student.post('/lms/api/chat/readall.json', target(studentMe, chain, teacherMe.id));
    await studentStream.next((e) => e.kind === 'read');
  });

  test('no session: 401, no stream', async () => {
    const anonymous = t.client();
    const response = await fetch(`${baseUrl}/lms/api/chat/events`, {
      headers: { cookie: [...anonymous.cookies].map(([n, v]) => `${n}=${v}`).join('; ') },
    });
    assert.equal(response.status, 401);
  });

  test('fan-out across API processes (PostgreSQL LISTEN/NOTIFY)', async (context) => {
    if (t.app.db.dialect !== 'postgres') {
      context.skip('one process per SQLite file: fan-out across processes needs PostgreSQL');
      return;
    }
    const second = await t.sibling();
    apps.push(second);
    const secondUrl = await second.listen({ host: '127.0.0.1', port: 0 });
    const teacherStream = await stream(secondUrl, teacher);
    // Sent through the first process, received from a stream held by the second.
    const sent = await send(student, { ...target(studentMe, chain, teacherMe.id), message: 'x' });
    const id = sent.json<{ data: { id_message: number } }>().data.id_message;
    await teacherStream.next((e) => e.kind === 'message' && e.id_message === id);
  });

  test('one user holds a bounded number of streams: past it 429, a closed one frees its slot', async () => {
    // A process of its own, so the streams of the tests above do not count.
    const other = await t.sibling();
    apps.push(other);
    const url = await other.listen({ host: '127.0.0.1', port: 0 });
    const held: ChatStream[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) held.push(await stream(url, outsider));
    const cookie = [...outsider.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const answer = await fetch(`${url}/lms/api/chat/events`, { headers: { cookie } });
    assert.equal(answer.status, 429);
    assert.match(((await answer.json()) as { error: string }).error, /вкладок портала/);
    // Another user is not affected.
    await stream(url, teacher);
    held[0]?.close();
    // The server sees the close shortly; then a new stream opens.
    for (let attempt = 0; ; attempt++) {
      const again = new ChatStream(url, outsider);
      streams.push(again);
      const response = await again.opened;
      if (response.status === 200) break;
      assert.ok(attempt < 50, 'the closed stream’s slot was never freed');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
});
