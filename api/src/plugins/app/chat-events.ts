import { EventEmitter } from 'node:events';
import type { ChatEvent } from '@lms/shared/contract';
import { sql } from 'kysely';
import pg from 'pg';
import { isPostgresUrl } from '../../db/database.js';
import { appPlugin } from '../../lib/plugin.js';
import type { AppOptions } from '../../options.js';

/**
 * Fan-out of chat events to the SSE streams of every API process. With SQLite there is one
 * process, so an in-process emitter is enough; with PostgreSQL each process LISTENs on one
 * channel and publishing is a NOTIFY, so a message sent through one process reaches the streams
 * held by all of them (ARCHITECTURE.md "Scale path").
 */
export interface ChatEventBus {
  publish(event: ChatEvent): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(listener: (event: ChatEvent) => void): () => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    chatEvents: ChatEventBus;
  }
}

export const CHAT_CHANNEL = 'lms_chat';
const RECONNECT_DELAY_MS = 1000;

function localBus(emitter: EventEmitter): ChatEventBus {
  return {
    async publish(event) {
      emitter.emit('event', event);
    },
    subscribe(listener) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
  };
}

export default appPlugin('chat-events', async (app, options: Pick<AppOptions, 'databaseUrl'>) => {
  const emitter = new EventEmitter();
  // One listener per open stream: hundreds of connected users are expected, not a leak.
  emitter.setMaxListeners(0);
  const local = localBus(emitter);

  if (app.db.dialect !== 'postgres' || !isPostgresUrl(options.databaseUrl)) {
    app.decorate('chatEvents', local);
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
      app.log.warn({ err: error }, 'chat LISTEN connection lost; reconnecting');
      reconnect();
    });
    client.on('end', reconnect);
    client.on('notification', (message) => {
      if (message.channel !== CHAT_CHANNEL || !message.payload) return;
      try {
        emitter.emit('event', JSON.parse(message.payload) as ChatEvent);
      } catch (error) {
        app.log.warn({ err: error }, 'malformed chat notification ignored');
      }
    });
    await client.connect();
    await client.query(`LISTEN ${CHAT_CHANNEL}`);
    listener = client;
  };
  const scheduleRetry = (error: unknown) => {
    app.log.warn({ err: error }, 'chat LISTEN failed; retrying');
    if (!closed) retry = setTimeout(() => void connect().catch(scheduleRetry), RECONNECT_DELAY_MS);
  };
  await connect();

  app.decorate('chatEvents', {
    async publish(event) {
      // Every process, this one included, receives it back through LISTEN.
      await sql`select pg_notify(${CHAT_CHANNEL}, ${JSON.stringify(event)})`.execute(app.db.kysely);
    },
    subscribe: local.subscribe,
  } satisfies ChatEventBus);

  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(retry);
    const client = listener;
    listener = undefined;
    await client?.end().catch(() => undefined);
  });
});
