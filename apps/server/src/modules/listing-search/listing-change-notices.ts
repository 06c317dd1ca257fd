import pg from 'pg';

/**
 * Where PostgreSQL announces listing changes: the writer's application name, then, when the change
 * touched only listings it can name, a line break and their ids, comma-separated (migrations 0011,
 * 0014). PostgreSQL lets no line break into an application name, so the two never mix.
 */
export const LISTING_CHANGES_CHANNEL = 'keyhaven_listing_changes';

const FIRST_RETRY_MS = 1000;
const LAST_RETRY_MS = 30_000;

export interface ListingChangeNotices {
  /** Whether this process hears of other processes' listing changes now. */
  readonly listening: boolean;
  /** Settles once the first attempt to listen has succeeded or failed. */
  readonly started: Promise<void>;
  close(): Promise<void>;
}

interface ListenOptions {
  url: string;
  /** This process's application name: the database names each change's writer by it. */
  instanceName: string;
  /** How long connecting may take before it is tried again later. */
  timeoutMs?: number;
  /** Another process changed listings: those of `listingIds`, or any when it names none. */
  onChange: (listingIds?: string[]) => void;
  /** Hearing of changes started or stopped (and may have missed some while it was stopped). */
  onListening: (listening: boolean) => void;
  onError: (error: unknown) => void;
}

/**
 * Listens, on a connection of its own, for the listing changes the database announces, and hears
 * of those other processes make (this process forgets its own as it makes them). A lost connection
 * is opened again, one second later and then up to thirty.
 */
export function listenForListingChanges(options: ListenOptions): ListingChangeNotices {
  let listening = false;
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let retryMs = FIRST_RETRY_MS;

  const setListening = (next: boolean) => {
    if (listening === next) return;
    listening = next;
    options.onListening(next);
  };

  const connect = async () => {
    const connection = new pg.Client({
      connectionString: options.url,
      application_name: options.instanceName,
      connectionTimeoutMillis: options.timeoutMs,
    });
    let lost = false;
    const lose = (error?: unknown) => {
      if (lost) return;
      lost = true;
      if (error && !closed) options.onError(error);
      connection.end().catch(() => {});
      if (client === connection) client = undefined;
      setListening(false);
      if (closed || retry) return;
      retry = setTimeout(() => {
        retry = undefined;
        void connect();
      }, retryMs);
      retry.unref();
      retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
    };
    connection.on('notification', ({ channel, payload = '' }) => {
      if (channel !== LISTING_CHANGES_CHANNEL) return;
      const { writer, listingIds } = parseListingChange(payload);
      if (writer !== options.instanceName) options.onChange(listingIds);
    });
    connection.on('error', lose);
    connection.on('end', () => lose());
    try {
      await connection.connect();
      await connection.query(`LISTEN ${LISTING_CHANGES_CHANNEL}`);
    } catch (error) {
      lose(error);
      return;
    }
    if (closed || lost) {
      connection.end().catch(() => {});
      return;
    }
    client = connection;
    retryMs = FIRST_RETRY_MS;
    setListening(true);
  };
  const started = connect();

  return {
    get listening() {
      return listening;
    },
    started,
    async close() {
      closed = true;
      clearTimeout(retry);
      retry = undefined;
      const open = client;
      client = undefined;
      listening = false;
      await open?.end().catch(() => {});
    },
  };
}

/** A listing change notice's writer, and the listings it names (none: it may have touched any). */
function parseListingChange(payload: string) {
  const lineBreak = payload.indexOf('\n');
  if (lineBreak < 0) return { writer: payload, listingIds: undefined };
  return {
    writer: payload.slice(0, lineBreak),
    listingIds: payload.slice(lineBreak + 1).split(','),
  };
}
