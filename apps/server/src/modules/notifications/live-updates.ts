import { EventEmitter } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createRedisClient } from '../../lib/counter-store.js';

/**
 * What changed for a person: their notifications, their conversations, or their sessions (one
 * ended, or the account went), after which each open page checks that its own still holds.
 */
export interface LiveUpdate {
  type: 'notifications' | 'messages' | 'session';
}

/**
 * Tells a person's open pages, at once, that something of theirs changed, so bells and message
 * counts move without a reload. Only the fact travels; each page reads its own counts again.
 */
export interface LiveUpdates {
  publish(userId: string, update: LiveUpdate): Promise<void>;
  /** Listens for one person's updates; the function returned stops listening. */
  subscribe(userId: string, listener: (update: LiveUpdate) => void): () => void;
  close(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveUpdates;
  }
}

const UPDATE_TYPES = new Set<LiveUpdate['type']>(['notifications', 'messages', 'session']);

/** The listeners of this process, one event name per person. */
function localListeners() {
  const emitter = new EventEmitter();
  // One listener per open page: a busy person may have many tabs, and thousands of people may be
  // listening at once; none of that is a leak.
  emitter.setMaxListeners(0);
  return {
    deliver: (userId: string, update: LiveUpdate) => {
      emitter.emit(userId, update);
    },
    subscribe: (userId: string, listener: (update: LiveUpdate) => void) => {
      emitter.on(userId, listener);
      return () => {
        emitter.off(userId, listener);
      };
    },
  };
}

/** One process: the pages it serves are all the pages there are. */
export function createLocalLiveUpdates(): LiveUpdates {
  const listeners = localListeners();
  return {
    publish: async (userId, update) => listeners.deliver(userId, update),
    subscribe: listeners.subscribe,
    close: async () => {},
  };
}

/**
 * Several instances behind one address: a person's page may be open on any of them, so every
 * update goes through one Redis channel for the whole site and each instance hands it to the
 * pages it serves. One channel (rather than one per person) keeps each instance's subscription
 * fixed: opening and closing a page costs no round trip to Redis, and an update is a few dozen
 * bytes, so every instance reading all of them is cheap at a marketplace's rate of events.
 * Subscribing takes a connection of its own (Redis allows nothing else on it).
 */
export async function createRedisLiveUpdates(
  url: string,
  channel: string,
  options: { timeoutMs: number; log: FastifyBaseLogger },
): Promise<LiveUpdates> {
  const listeners = localListeners();
  const { timeoutMs, log } = options;
  const publisher = createRedisClient(url, { timeoutMs, log });
  // The subscription waits for Redis when it is down at start (and is renewed on every reconnect):
  // the server starts and answers meanwhile, its pages hearing only this instance's updates.
  const subscriber = createRedisClient(url, { timeoutMs, log, queueWhileDown: true });
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    try {
      const { userId, type } = JSON.parse(text) as { userId?: unknown; type?: unknown };
      if (typeof userId !== 'string' || !UPDATE_TYPES.has(type as LiveUpdate['type'])) return;
      listeners.deliver(userId, { type: type as LiveUpdate['type'] });
    } catch (error) {
      log.error({ err: error }, 'a live update through Redis could not be read');
    }
  });
  const subscribed = subscriber.subscribe(channel).then(
    () => undefined,
    (error: unknown) => log.error({ err: error }, 'subscribing to live updates failed'),
  );
  await Promise.race([subscribed, delay(timeoutMs, undefined, { ref: false })]);
  return {
    publish: async (userId, update) => {
      await publisher.publish(channel, JSON.stringify({ userId, type: update.type }));
    },
    subscribe: listeners.subscribe,
    close: async () => {
      // The subscriber has nothing to finish (and would wait for a Redis that is down); updates
      // already published leave first. Quitting fails while Redis is down: disconnecting also
      // stops the reconnecting.
      subscriber.disconnect();
      await publisher.quit().catch(() => {});
      publisher.disconnect();
    },
  };
}

/** Decorates `app.live`: through Redis when REDIS_URL is set, else within this process. */
export const liveUpdatesPlugin = fp(
  async (app: FastifyInstance) => {
    const { redisUrl, liveUpdatesChannel } = app.config;
    const live = redisUrl
      ? await createRedisLiveUpdates(redisUrl, liveUpdatesChannel, {
          timeoutMs: app.config.redisTimeoutMs,
          log: app.log.child({ module: 'live-updates' }),
        })
      : createLocalLiveUpdates();
    app.decorate('live', live);
    app.addHook('onClose', async () => live.close());
  },
  { name: 'live-updates' },
);
