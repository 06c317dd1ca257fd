import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Gauge } from 'prom-client';
import { throttleAddress } from '../auth/login-throttle.js';
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

/**
 * How many streams may be open at once for one account (a person's tabs and devices) and from
 * one client address (IPv6 by /64: a household or a small office). Opening one more closes the
 * oldest, which is told `replaced` and asks for its count now and then instead.
 */
export const STREAM_LIMITS = { perAccount: 5, perAddress: 20 } as const;

interface OpenStream {
  userId: string;
  address: string;
  send(text: string): void;
  /** Checks that the session which opened the stream still holds; ends the stream if not. */
  checkSession(): void;
  end(): void;
}

/** A person's open streams on this instance, which share one subscription and one count. */
interface Audience {
  streams: OpenStream[];
  unsubscribe: () => void;
  /** The count last read, given to a stream that opens meanwhile; unknown until first read. */
  unread?: number;
  counting: boolean;
  countAgain: boolean;
}

const unreadEvent = (unread: number) => `event: unread\ndata: ${JSON.stringify({ unread })}\n\n`;
const without = (list: OpenStream[], stream: OpenStream) => {
  const at = list.indexOf(stream);
  if (at >= 0) list.splice(at, 1);
  return list.length;
};

export interface UnreadStreams {
  /** Answers the request with the caller's live unread count (see openUnreadStream). */
  open(request: FastifyRequest, reply: FastifyReply, userId: string): void;
}

/**
 * The open streams of an app. A person's streams on this instance listen to their updates
 * together: a change is counted once and the number is written to each of them, so a person's
 * open tabs cost one query per change, not one each. Every stream ends when the instance starts
 * leaving, or the app closes (it would otherwise keep the server from stopping); browsers connect
 * again, to another instance.
 */
export function createUnreadStreams(app: FastifyInstance): UnreadStreams {
  const audiences = new Map<string, Audience>();
  const byAddress = new Map<string, OpenStream[]>();
  new Gauge({
    name: 'keyhaven_live_streams_open',
    help: 'Live-update streams (server-sent events) open on this instance.',
    registers: [app.metrics.registry],
    collect() {
      let open = 0;
      for (const audience of audiences.values()) open += audience.streams.length;
      this.set(open);
    },
  });

  const endAll = () => {
    for (const audience of [...audiences.values()]) {
      for (const stream of [...audience.streams]) stream.end();
    }
  };
  app.leaving.onStart(endAll);
  app.addHook('preClose', async () => endAll());

  const broadcast = (audience: Audience, text: string) => {
    for (const stream of audience.streams) stream.send(text);
  };

  // Updates that arrive while the count is being read are answered by one more count, not many.
  const recount = async (userId: string, audience: Audience) => {
    if (audience.counting) {
      audience.countAgain = true;
      return;
    }
    audience.counting = true;
    try {
      do {
        audience.countAgain = false;
        audience.unread = await unreadCount(app.db, userId);
        broadcast(audience, unreadEvent(audience.unread));
      } while (audience.countAgain && audience.streams.length > 0);
    } catch (error) {
      if (audience.streams.length > 0) {
        app.log.error({ err: error, userId }, 'unread count for the streams failed');
      }
    } finally {
      audience.counting = false;
    }
  };

  const audienceOf = (userId: string): Audience => {
    const existing = audiences.get(userId);
    if (existing) return existing;
    const audience: Audience = {
      streams: [],
      counting: false,
      countAgain: false,
      unsubscribe: app.live.subscribe(userId, (update: LiveUpdate) => {
        if (update.type === 'notifications') void recount(userId, audience);
        else if (update.type === 'messages') broadcast(audience, 'event: messages\ndata: {}\n\n');
        else for (const stream of [...audience.streams]) stream.checkSession();
      }),
    };
    audiences.set(userId, audience);
    return audience;
  };

  /** Past a limit, the oldest streams of the account or the address make room. */
  const replaceOldest = (streams: OpenStream[], limit: number) => {
    while (streams.length > limit) {
      // Taken out here, so the loop ends even for a stream that has ended already.
      const oldest = streams.shift() as OpenStream;
      oldest.send('event: replaced\ndata: {}\n\n');
      oldest.end();
    }
  };

  /** Adds a stream to its person's and its address's; the function returned takes it out. */
  const join = (stream: OpenStream) => {
    const audience = audienceOf(stream.userId);
    const sameAddress = byAddress.get(stream.address) ?? [];
    byAddress.set(stream.address, sameAddress);
    audience.streams.push(stream);
    sameAddress.push(stream);
    const leave = () => {
      if (without(audience.streams, stream) === 0) {
        audience.unsubscribe();
        audiences.delete(stream.userId);
      }
      if (without(sameAddress, stream) === 0) byAddress.delete(stream.address);
    };
    replaceOldest(audience.streams, STREAM_LIMITS.perAccount);
    replaceOldest(sameAddress, STREAM_LIMITS.perAddress);
    if (audience.unread !== undefined && !audience.counting) {
      stream.send(unreadEvent(audience.unread));
    } else void recount(stream.userId, audience);
    return leave;
  };

  return {
    open(request, reply, userId) {
      openUnreadStream(app, request, reply, { userId, address: throttleAddress(request.ip) }, join);
    },
  };
}

/**
 * A person's live unread count as server-sent events: the count at once, then again after every
 * update of theirs, from whichever instance it came. The answer is written straight to the
 * socket, past compression and buffering, which would hold events back.
 *
 * The stream lives only as long as the session that opened it: when one of the person's sessions
 * ends (a sign-out in another tab, a password reset, a ban, the account deleted) it checks its own
 * at once, and every few minutes regardless; once that session is gone it sends `signed-out` and
 * closes, so a page left open does not go on hearing of an account it no longer holds.
 */
function openUnreadStream(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  { userId, address }: Pick<OpenStream, 'userId' | 'address'>,
  join: (stream: OpenStream) => () => void,
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

  const checkSession = async () => {
    try {
      const holder = await app.sessionUser(request.headers);
      if (holder?.id === userId || ended) return;
      send('event: signed-out\ndata: {}\n\n');
      stream.end();
    } catch (error) {
      // The database is unreachable for now: the next check decides.
      if (!ended) request.log.warn({ err: error }, 'session check for the stream failed');
    }
  };

  const heartbeat = setInterval(() => send(': heartbeat\n\n'), HEARTBEAT_MS);
  const sessionCheck = setInterval(() => void checkSession(), SESSION_CHECK_MS);
  let leave: (() => void) | undefined;
  const stream: OpenStream = {
    userId,
    address,
    send,
    checkSession: () => void checkSession(),
    end: () => {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      clearInterval(sessionCheck);
      leave?.();
      if (!raw.writableEnded) raw.end();
    },
  };
  raw.on('close', stream.end);

  send(`retry: ${RECONNECT_MS}\n\n`);
  leave = join(stream);
}
