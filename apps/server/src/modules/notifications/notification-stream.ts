import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LiveUpdate } from './live-updates.js';
import { unreadCount } from './notifications.service.js';

/** Proxies and load balancers close a connection that stays silent for about a minute. */
const HEARTBEAT_MS = 25_000;
/** How long a browser waits before connecting again once a stream ends. */
const RECONNECT_MS = 5_000;
/**
 * How often a stream checks that its session still holds when nothing announced its end: a
 * session that simply expired, or one ended by hand in the database.
 */
const SESSION_CHECK_MS = 5 * 60_000;

/** The open streams of an app, each by the function that ends it. */
export type OpenStreams = Set<() => void>;

/**
 * Ends every open stream when the app closes: one would otherwise keep the server from
 * stopping. Browsers connect again, to another instance when this one is gone.
 */
export function endStreamsOnClose(app: FastifyInstance): OpenStreams {
  const streams: OpenStreams = new Set();
  app.addHook('preClose', async () => {
    for (const end of [...streams]) end();
  });
  return streams;
}

/**
 * A person's live unread count as server-sent events: the count at once, then again (read from
 * the database) after every update of theirs, from whichever instance it came. The answer is
 * written straight to the socket, past compression and buffering, which would hold events back.
 *
 * The stream lives only as long as the session that opened it: when one of the person's sessions
 * ends (a sign-out in another tab, a password reset, a ban, the account deleted) it checks its own
 * at once, and every few minutes regardless; once that session is gone it sends `signed-out` and
 * closes, so a page left open does not go on hearing of an account it no longer holds.
 */
export function openUnreadStream(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  streams: OpenStreams,
) {
  reply.hijack();
  const raw = reply.raw;
  // The headers every answer carries (security headers, request id), then the stream's own.
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) raw.setHeader(name, value);
  }
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    // nginx and similar proxies pass each event on as it comes.
    'x-accel-buffering': 'no',
  });
  let ended = false;
  const send = (text: string) => {
    if (!ended && !raw.destroyed) raw.write(text);
  };

  // Updates that arrive while a count is being read are answered by one more count, not many.
  let counting = false;
  let countAgain = false;
  const sendCount = async () => {
    if (counting) {
      countAgain = true;
      return;
    }
    counting = true;
    try {
      do {
        countAgain = false;
        const unread = await unreadCount(app.db, userId);
        send(`event: unread\ndata: ${JSON.stringify({ unread })}\n\n`);
      } while (countAgain && !ended);
    } catch (error) {
      if (!ended) request.log.error({ err: error }, 'unread count for the stream failed');
    } finally {
      counting = false;
    }
  };

  const checkSession = async () => {
    try {
      const holder = await app.sessionUser(request.headers);
      if (holder?.id === userId || ended) return;
      send('event: signed-out\ndata: {}\n\n');
      end();
    } catch (error) {
      // The database is unreachable for now: the next check decides.
      if (!ended) request.log.warn({ err: error }, 'session check for the stream failed');
    }
  };

  const unsubscribe = app.live.subscribe(userId, (update: LiveUpdate) => {
    if (update.type === 'notifications') void sendCount();
    else if (update.type === 'session') void checkSession();
    else send('event: messages\ndata: {}\n\n');
  });
  const heartbeat = setInterval(() => send(': heartbeat\n\n'), HEARTBEAT_MS);
  const sessionCheck = setInterval(() => void checkSession(), SESSION_CHECK_MS);
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    clearInterval(sessionCheck);
    unsubscribe();
    streams.delete(end);
    if (!raw.writableEnded) raw.end();
  };
  streams.add(end);
  raw.on('close', end);

  send(`retry: ${RECONNECT_MS}\n\n`);
  void sendCount();
}
