import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import net from 'node:net';
import type { FastifyServerFactory, FastifyServerOptions } from 'fastify';

/*
 * The HTTP server of one instance, which outlives the app's start and its end. It listens before
 * the app is built (opening, migrating and seeding a big database takes minutes), answering
 * "starting" meanwhile, so a load balancer or a person sees an instance on its way rather than a
 * refused connection; then it hands every request to the app (Fastify's serverFactory). On the
 * way out it stops taking connections, answers every request it has received or still receives on
 * its open connections (each answer then closing its connection), and closes the idle ones after
 * a short grace, before the app closes its database.
 */

/** How long a client is asked to wait before asking an instance that is not ready again. */
export const NOT_READY_RETRY_AFTER_SECONDS = 5;

/**
 * How long a connection idle when the instance starts leaving stays open: a load balancer keeps
 * sending on its open connections until its health check sees /readyz fail, and what it sends
 * meanwhile is answered (closing the connection) rather than lost with a connection closed under
 * it.
 */
export const IDLE_CONNECTION_GRACE_MS = 2000;

/** The API's answer while the app is not built yet: its error shape, saying why. */
export const STARTING_ANSWER = { error: 'Starting', code: 'UNAVAILABLE' } as const;

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

export interface InstanceServer {
  readonly server: http.Server;
  /** For Fastify's `serverFactory`: the app is built on this server instead of one of its own. */
  readonly serverFactory: FastifyServerFactory;
  listen(host: string, port: number): Promise<void>;
  /** From now on the app (built with `serverFactory`, and ready) answers every request. */
  serve(): void;
  /**
   * Takes no more connections, answers the requests already received and those still arriving on
   * open connections, closes idle connections after IDLE_CONNECTION_GRACE_MS, and resolves once
   * every connection has closed.
   */
  close(): Promise<void>;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const wantsPage = (request: IncomingMessage) =>
  (request.method === 'GET' || request.method === 'HEAD') &&
  (request.headers.accept ?? '').includes('text/html');

/** Answers a request that came before the app was ready. */
function answerStarting(brandName: string): Handler {
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="${NOT_READY_RETRY_AFTER_SECONDS}"><title>${escapeHtml(brandName)}</title></head><body><p>${escapeHtml(brandName)} is starting, try again in a moment.</p></body></html>`;
  return (request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    response.setHeader('cache-control', 'no-store');
    response.setHeader('x-content-type-options', 'nosniff');
    let body: string;
    if (path === '/healthz') {
      // Alive: the process runs and will be ready; only /readyz says when.
      response.statusCode = 200;
      response.setHeader('content-type', 'application/json; charset=utf-8');
      body = JSON.stringify({ status: 'ok' });
    } else {
      response.statusCode = 503;
      response.setHeader('retry-after', String(NOT_READY_RETRY_AFTER_SECONDS));
      if (path !== '/readyz' && wantsPage(request)) {
        response.setHeader('content-type', 'text/html; charset=utf-8');
        response.setHeader('content-security-policy', "default-src 'none'");
        body = page;
      } else {
        response.setHeader('content-type', 'application/json; charset=utf-8');
        body = JSON.stringify(STARTING_ANSWER);
      }
    }
    response.setHeader('content-length', Buffer.byteLength(body));
    response.end(request.method === 'HEAD' ? undefined : body);
  };
}

export function createInstanceServer({ brandName }: { brandName: string }): InstanceServer {
  const server = http.createServer();
  let appHandler: Handler | undefined;
  let handle: Handler = answerStarting(brandName);
  let closing = false;
  let closingIdle = false;
  const answering = new Set<ServerResponse>();

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    answering.add(response);
    response.once('close', () => {
      answering.delete(response);
      // Past the grace, a kept-alive connection that has answered has nothing more to do here.
      if (closingIdle) setImmediate(() => server.closeIdleConnections());
    });
    // Each answer given on the way out ends its connection, so the client's next request goes
    // to another instance rather than to one about to close.
    if (closing) response.setHeader('connection', 'close');
    handle(request, response);
  });

  const serverFactory: FastifyServerFactory = (handler, options: FastifyServerOptions) => {
    appHandler = handler as Handler;
    // What Fastify would set on a server of its own.
    if (options.keepAliveTimeout) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    if (options.connectionTimeout) server.setTimeout(options.connectionTimeout);
    return server;
  };

  return {
    server,
    serverFactory,
    listen: (host, port) =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen({ host, port }, () => {
          server.off('error', reject);
          resolve();
        });
      }),
    serve() {
      if (!appHandler) throw new Error('serve() before an app was built with serverFactory');
      handle = appHandler;
    },
    close() {
      closing = true;
      for (const response of answering) {
        if (!response.headersSent) response.setHeader('connection', 'close');
      }
      return new Promise((resolve) => {
        // Stops listening at once, keeping the open connections (http.Server's own close would
        // drop the idle ones now); resolves once every connection has ended.
        net.Server.prototype.close.call(server, () => resolve());
        setTimeout(() => {
          closingIdle = true;
          // Closes the connections idle now (and stops http.Server's timeout checks).
          server.close();
        }, IDLE_CONNECTION_GRACE_MS).unref();
      });
    },
  };
}
