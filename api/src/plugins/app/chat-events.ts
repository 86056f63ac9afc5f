import { EventEmitter } from 'node:events';
import type { ChatEvent, QrVisitEvent } from '@lms/shared/contract';
import { sql } from 'kysely';
import pg from 'pg';
import { isPostgresUrl } from '../../db/database.js';
import { appPlugin } from '../../lib/plugin.js';
import type { AppOptions } from '../../options.js';

/**
 * Fan-out of live events (chat messages, QR check-ins) to the SSE streams of every API process.
 * With SQLite there is one process, so an in-process emitter is enough; with PostgreSQL each
 * process LISTENs on one channel per bus and publishing is a NOTIFY, so an event published
 * through one process reaches the streams held by all of them (ARCHITECTURE.md "Scale path").
 */
export interface EventBus<T> {
  publish(event: T): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(listener: (event: T) => void): () => void;
}
export type ChatEventBus = EventBus<ChatEvent>;

declare module 'fastify' {
  interface FastifyInstance {
    chatEvents: ChatEventBus;
    /** QR check-ins and hand marks of a lesson (the teacher's live list). */
    visitEvents: EventBus<QrVisitEvent>;
  }
}

export const CHAT_CHANNEL = 'lms_chat';
export const VISIT_CHANNEL = 'lms_visits';
/** Each bus's decorator and its channel (the emitter's event name, PostgreSQL's channel). */
const BUSES = { chatEvents: CHAT_CHANNEL, visitEvents: VISIT_CHANNEL } as const;
const CHANNELS: readonly string[] = Object.values(BUSES);
const RECONNECT_DELAY_MS = 1000;

function localBus<T>(emitter: EventEmitter, channel: string): EventBus<T> {
  return {
    async publish(event) {
      emitter.emit(channel, event);
    },
    subscribe(listener) {
      emitter.on(channel, listener);
      return () => emitter.off(channel, listener);
    },
  };
}

export default appPlugin('chat-events', async (app, options: Pick<AppOptions, 'databaseUrl'>) => {
  const emitter = new EventEmitter();
  // One listener per open stream: hundreds of connected users are expected, not a leak.
  emitter.setMaxListeners(0);
  if (app.db.dialect !== 'postgres' || !isPostgresUrl(options.databaseUrl)) {
    app.decorate('chatEvents', localBus<ChatEvent>(emitter, CHAT_CHANNEL));
    app.decorate('visitEvents', localBus<QrVisitEvent>(emitter, VISIT_CHANNEL));
    return;
  }

  const connectionString = options.databaseUrl;
  let listener: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString });
    const reconnect = () => {
      if (closed || listener !== client) return;
      listener = undefined;
      client.end().catch(() => undefined);
      retry = setTimeout(() => void connect().catch(scheduleRetry), RECONNECT_DELAY_MS);
    };
    client.on('error', (error) => {
      app.log.warn({ err: error }, 'events LISTEN connection lost; reconnecting');
      reconnect();
    });
    client.on('end', reconnect);
    client.on('notification', (message) => {
      if (!CHANNELS.includes(message.channel) || !message.payload) return;
      try {
        emitter.emit(message.channel, JSON.parse(message.payload));
      } catch (error) {
        app.log.warn({ err: error }, 'malformed event notification ignored');
      }
    });
    await client.connect();
    for (const channel of CHANNELS) await client.query(`LISTEN ${channel}`);
    listener = client;
  };
  const scheduleRetry = (error: unknown) => {
    app.log.warn({ err: error }, 'events LISTEN failed; retrying');
    if (!closed) retry = setTimeout(() => void connect().catch(scheduleRetry), RECONNECT_DELAY_MS);
  };
  await connect();

  // Every process, this one included, receives a published event back through LISTEN.
  const notifyingBus = <T>(channel: string): EventBus<T> => ({
    async publish(event) {
      await sql`select pg_notify(${channel}, ${JSON.stringify(event)})`.execute(app.db.kysely);
    },
    subscribe: localBus<T>(emitter, channel).subscribe,
  });
  app.decorate('chatEvents', notifyingBus<ChatEvent>(BUSES.chatEvents));
  app.decorate('visitEvents', notifyingBus<QrVisitEvent>(BUSES.visitEvents));

  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(retry);
    const client = listener;
    listener = undefined;
    await client?.end().catch(() => undefined);
  });
});
