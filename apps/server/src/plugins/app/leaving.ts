import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * An instance on its way out (SIGTERM): it still answers the requests it has, but a load
 * balancer should send it no more (/readyz says so), and the answers that would never end, the
 * live-update streams, end now, so their pages connect again to another instance.
 */
export interface Leaving {
  readonly started: boolean;
  /** Marks the instance leaving and tells everyone who asked; only the first call counts. */
  start(): void;
  /** Runs `listener` when the instance starts leaving. */
  onStart(listener: () => void): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    leaving: Leaving;
  }
}

export const leavingPlugin = fp(
  async (app: FastifyInstance) => {
    const listeners: Array<() => void> = [];
    let started = false;
    app.decorate('leaving', {
      get started() {
        return started;
      },
      start() {
        if (started) return;
        started = true;
        for (const listener of listeners) listener();
      },
      onStart(listener: () => void) {
        listeners.push(listener);
      },
    });
  },
  { name: 'leaving' },
);
