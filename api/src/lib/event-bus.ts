import { EventEmitter } from 'node:events';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { isPostgresUrl } from '../db/database.js';
import { eventBusDelay } from './metrics.js';

/**
 * Fan-out of an area's live events to the SSE streams of every API process. With SQLite there is
 * one process, so an in-process emitter is enough; with PostgreSQL each process LISTENs on the
 * area's channel and publishing is a NOTIFY, so an event published through one process reaches
 * the streams held by all of them (ARCHITECTURE.md "Scale path"). An area that publishes events
 * decorates the app with its bus when it registers (`app.chatEvents`, `app.orderEvents`, …).
 */
export interface EventBus<Event> {
  publish(event: Event): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(listener: (event: Event) => void): () => void;
  /**
   * Events published by this process only, once it has published them: work each event needs
   * once across the cluster (a push notification), not once per process. Returns the
   * unsubscribe function.
   */
  subscribeOwn(listener: (event: Event) => void): () => void;
}

const RECONNECT_DELAY_MS = 1000;

/**
 * A notification's payload: the event and when it was published (epoch ms), for the bus's delay
 * (lms_event_bus_delay_seconds; across machines it includes their clocks' difference).
 */
interface Published<Event> {
  publishedAt: number;
  event: Event;
}

function isPublished<Event>(value: unknown): value is Published<Event> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { publishedAt?: unknown }).publishedAt === 'number' &&
    'event' in value
  );
}

/** The bus of one channel; with PostgreSQL its LISTEN connection ends when the app closes. */
export async function createEventBus<Event>(
  app: FastifyInstance,
  channel: string,
  databaseUrl: string | undefined,
): Promise<EventBus<Event>> {
  const emitter = new EventEmitter();
  // One listener per open stream: hundreds of connected users are expected, not a leak.
  emitter.setMaxListeners(0);
  const subscribe = (listener: (event: Event) => void) => {
    emitter.on('event', listener);
    return () => {
      emitter.off('event', listener);
    };
  };
  const own = new EventEmitter();
  own.setMaxListeners(0);
  const subscribeOwn = (listener: (event: Event) => void) => {
    own.on('event', listener);
    return () => {
      own.off('event', listener);
    };
  };

  if (app.db.dialect !== 'postgres' || !isPostgresUrl(databaseUrl)) {
    return {
      async publish(event) {
        emitter.emit('event', event);
        own.emit('event', event);
      },
      subscribe,
      subscribeOwn,
    };
  }

  const listening = await sharedListener(app, databaseUrl);
  await listening.add(channel, (text) => {
    try {
      const parsed: unknown = JSON.parse(text);
      if (isPublished<Event>(parsed)) {
        eventBusDelay.observe({ channel }, Math.max(0, Date.now() - parsed.publishedAt) / 1000);
        emitter.emit('event', parsed.event);
      } else {
        // A bare event: published by a process of an earlier build during a rolling upgrade.
        emitter.emit('event', parsed as Event);
      }
    } catch (error) {
      app.log.warn({ err: error }, `malformed ${channel} notification ignored`);
    }
  });

  return {
    async publish(event) {
      // Every process, this one included, receives it back through LISTEN.
      const payload: Published<Event> = { publishedAt: Date.now(), event };
      await sql`select pg_notify(${channel}, ${JSON.stringify(payload)})`.execute(app.db.kysely);
      own.emit('event', event);
    },
    subscribe,
    subscribeOwn,
  };
}

/** The one connection of an app that LISTENs on every bus's channel. */
interface SharedListener {
  /** LISTENs on the channel (now, and again after every reconnection). */
  add(channel: string, deliver: (payload: string) => void): Promise<void>;
}

// Keyed by the app's database handle: the areas' encapsulated instances share it.
const listeners = new WeakMap<object, SharedListener>();

/**
 * One LISTEN connection per app for all its buses (a server holds its pool and this one, not one
 * per area). A lost connection is replaced after a second and listens on every channel again;
 * it ends when the app closes, or when the app fails to start.
 */
async function sharedListener(app: FastifyInstance, databaseUrl: string): Promise<SharedListener> {
  const known = listeners.get(app.db);
  if (known) return known;
  const channels = new Map<string, (payload: string) => void>();
  let listener: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<pg.Client> => {
    const client = new pg.Client({ connectionString: databaseUrl });
    const reconnect = () => {
      if (closed || listener !== client) return;
      listener = undefined;
      client.end().catch(() => undefined);
      retry = setTimeout(() => void start().catch(scheduleRetry), RECONNECT_DELAY_MS);
    };
    client.on('error', (error) => {
      app.log.warn({ err: error }, 'LISTEN connection lost; reconnecting');
      reconnect();
    });
    client.on('end', reconnect);
    client.on('notification', (message) => {
      if (message.payload) channels.get(message.channel)?.(message.payload);
    });
    try {
      await client.connect();
      for (const channel of channels.keys()) await client.query(`LISTEN ${channel}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await client.end().catch(() => undefined);
      return client;
    }
    listener = client;
    return client;
  };
  // One connection at a time: a channel added while a retry waits does not open a second.
  const start = (): Promise<pg.Client> => {
    if (listener) return Promise.resolve(listener);
    connecting ??= connect().finally(() => {
      connecting = undefined;
    });
    return connecting;
  };
  const scheduleRetry = (error: unknown) => {
    app.log.warn({ err: error }, 'LISTEN failed; retrying');
    if (!closed) retry = setTimeout(() => void start().catch(scheduleRetry), RECONNECT_DELAY_MS);
  };

  // Before connecting: a start that fails later still ends this connection.
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(retry);
    const client = listener;
    listener = undefined;
    await connecting?.catch(() => undefined);
    await client?.end().catch(() => undefined);
  });

  const shared: SharedListener = {
    async add(channel, deliver) {
      channels.set(channel, deliver);
      const client = await start();
      if (client === listener) await client.query(`LISTEN ${channel}`);
    },
  };
  listeners.set(app.db, shared);
  return shared;
}
