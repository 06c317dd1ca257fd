import { isIP } from 'node:net';
import path from 'node:path';
import { DEFAULT_BRAND_NAME } from '@keyhaven/shared';
import { z } from 'zod';

/* The only reader of process.env. Everything else receives a validated Config. */

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** The ranges proxy-addr (Fastify's trustProxy) knows by name. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address (`10.0.0.5`, `::1`), a CIDR range (`10.0.0.0/8`, `fd00::/8`), or a named range. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which reverse proxies may tell us a client's address: `false` (none, the default), or the
 * proxies' own addresses and ranges, comma-separated. `true` stands for a proxy on this machine
 * (loopback); production refuses it, so an operator names the proxies (decision 040).
 */
const trustProxyFromEnv = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const lower = value.toLowerCase();
    if (['', 'false', '0', 'no'].includes(lower)) return false as const;
    if (['true', '1', 'yes'].includes(lower)) return true as const;
    const entries = value.split(',').map((entry) => entry.trim());
    const invalid = entries.filter((entry) => !isProxyAddress(entry));
    if (invalid.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be false or the reverse proxies' addresses or CIDR ranges, comma-separated (e.g. 127.0.0.1,10.0.0.0/8); not ${invalid.map((entry) => JSON.stringify(entry)).join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** `true` asks for a proxy on this machine: whoever connects from another is not one. */
const LOOPBACK_PROXIES = ['127.0.0.0/8', '::1'];

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** The settings production cannot leave to a default, as the schema below reads them. */
interface ProductionSettings {
  SESSION_SECRET?: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  SEED_DEMO?: boolean;
  SMTP_URL?: string;
  MAIL_TRANSPORT?: 'smtp' | 'outbox';
  TRUST_PROXY: boolean | string[];
}

/**
 * What a production site must not leave to a default, as [setting, problem] pairs. Each default
 * is meant for trying the product on one machine, and would take buyers' money with test cards,
 * sign strangers in with the demo passwords, keep their e-mails on disk or let them choose their
 * own address if it reached real users.
 */
function productionProblems(env: ProductionSettings): Array<[string, string]> {
  const problems: Array<[string, string]> = [];
  if (!env.SESSION_SECRET) problems.push(['SESSION_SECRET', 'is required in production']);
  if (!env.STRIPE_SECRET_KEY) {
    problems.push([
      'STRIPE_SECRET_KEY',
      'is required in production: without it buyers would pay at the demo checkout, which takes test cards and moves no money',
    ]);
  }
  // With the key set and the secret missing, the rule for every environment says so.
  if (!env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
    problems.push(['STRIPE_WEBHOOK_SECRET', 'is required in production']);
  }
  if (env.SEED_DEMO) {
    problems.push([
      'SEED_DEMO',
      'must not be true in production: the demo accounts would sign in with their published passwords',
    ]);
  }
  if (!env.SMTP_URL && env.MAIL_TRANSPORT !== 'outbox') {
    problems.push([
      'SMTP_URL',
      'is required in production to send e-mail (address confirmations, password resets); to keep every message in DATA_DIR/outbox instead, set MAIL_TRANSPORT=outbox',
    ]);
  }
  if (env.TRUST_PROXY === true) {
    problems.push([
      'TRUST_PROXY',
      "true is refused in production: list the reverse proxies' addresses or ranges instead (e.g. TRUST_PROXY=127.0.0.1,10.0.0.0/8), so that a client cannot choose its own address",
    ]);
  }
  return problems;
}

const ZEnvironment = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
        .optional(),
    ),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
    DATABASE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(2000),
    PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
    SESSION_SECRET: optionalText.pipe(
      z.string().min(32, 'must be at least 32 characters').optional(),
    ),
    SEED_DEMO: booleanFromEnv.optional(),
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    STRIPE_API_BASE: optionalText.pipe(z.url().optional()),
    GOOGLE_CLIENT_ID: optionalText,
    GOOGLE_CLIENT_SECRET: optionalText,
    OIDC_ISSUER: z.url().default('https://accounts.google.com'),
    REDIS_URL: optionalText.pipe(
      z
        .string()
        .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
        .optional(),
    ),
    LIVE_UPDATES_CHANNEL: z.string().trim().min(1).max(200).default('keyhaven:live-updates'),
    MAP_STYLE_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
    BRAND_NAME: z.string().trim().min(1).default(DEFAULT_BRAND_NAME),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    TRUST_PROXY: trustProxyFromEnv.default(false),
    SEARCH_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).optional(),
    SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).optional(),
    LOGIN_SLOWDOWN_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
    PAGE_RENDER_TIMEOUT_MS: z.coerce.number().int().min(1).max(60_000).default(4000),
    OFFER_PAYMENT_DAYS: z.coerce.number().int().min(1).max(60).default(7),
    REGISTRATIONS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
    API_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000_000).optional(),
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
    SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
    IMAGE_WORKERS: z.coerce.number().int().min(1).max(64).default(2),
    IMAGE_QUEUE_LENGTH: z.coerce.number().int().min(0).max(1000).default(8),
    STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
    S3_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
    S3_BUCKET: optionalText,
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
    SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
    MAIL_TRANSPORT: optionalText.pipe(
      z.enum(['smtp', 'outbox'], { message: 'must be smtp or outbox' }).optional(),
    ),
    MAIL_FROM: optionalText,
    JOB_WORKERS: booleanFromEnv.optional(),
    COUNT_LISTING_VIEWS: booleanFromEnv.default(true),
    LISTING_VIEWS_FLUSH_MS: z.coerce.number().int().min(0).max(60_000).optional(),
    METRICS_TOKEN: optionalText.pipe(
      z.string().min(32, 'must be at least 32 characters').optional(),
    ),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production') {
      for (const [name, message] of productionProblems(env)) {
        ctx.addIssue({ code: 'custom', path: [name], message });
      }
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['GOOGLE_CLIENT_SECRET'],
        message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together',
      });
    }
    if (env.MAIL_TRANSPORT === 'smtp' && !env.SMTP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message: 'is required when MAIL_TRANSPORT is smtp',
      });
    }
    if (env.MAIL_TRANSPORT === 'outbox' && env.SMTP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['MAIL_TRANSPORT'],
        message:
          'outbox keeps every e-mail in DATA_DIR/outbox and never sends it: unset SMTP_URL, or set MAIL_TRANSPORT=smtp',
      });
    }
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_WEBHOOK_SECRET'],
        message: 'is required when STRIPE_SECRET_KEY is set',
      });
    }
    if (env.WEB_CONCURRENCY > 1) {
      if (!env.DATABASE_URL) {
        ctx.addIssue({
          code: 'custom',
          path: ['WEB_CONCURRENCY'],
          message:
            'above 1 needs DATABASE_URL: the embedded database can be opened by one process only',
        });
      }
      if (!env.REDIS_URL) {
        ctx.addIssue({
          code: 'custom',
          path: ['WEB_CONCURRENCY'],
          message:
            'above 1 needs REDIS_URL: the processes share sign-in throttling, rate limits and live updates there',
        });
      }
    }
    if (env.STORAGE_DRIVER === 's3') {
      for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!env[name]) {
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: 'is required when STORAGE_DRIVER is s3',
          });
        }
      }
    }
  });

/** Where image files are kept: a folder of the data directory, or an S3-compatible bucket. */
export type StorageConfig =
  | { driver: 'local'; dir: string }
  | {
      driver: 's3';
      /** Empty for AWS itself; any other S3-compatible service (MinIO, R2...) is addressed by path. */
      endpoint: string | undefined;
      bucket: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
      /** Browsers are sent here for a file (`<publicUrl>/<key>`) instead of through our origin. */
      publicUrl: string | undefined;
    };

function toStorageConfig(env: z.infer<typeof ZEnvironment>, uploadsDir: string): StorageConfig {
  if (env.STORAGE_DRIVER === 'local') return { driver: 'local', dir: uploadsDir };
  return {
    driver: 's3',
    endpoint: env.S3_ENDPOINT,
    bucket: env.S3_BUCKET as string,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID as string,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY as string,
    publicUrl: env.S3_PUBLIC_URL?.replace(/\/$/, ''),
  };
}

export type Config = ReturnType<typeof toConfig>;

/** `"Keyhaven" <no-reply@example.com>`: the brand, from the site's own host. */
function defaultSender(env: z.infer<typeof ZEnvironment>): string {
  const host = env.PUBLIC_URL ? new URL(env.PUBLIC_URL).hostname : 'localhost';
  return `"${env.BRAND_NAME.replaceAll('"', '')}" <no-reply@${host}>`;
}

function toConfig(env: z.infer<typeof ZEnvironment>) {
  const dataDir = path.resolve(env.DATA_DIR);
  const embedded = !env.DATABASE_URL;
  const uploadsDir = path.join(dataDir, 'uploads');
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    host: env.HOST,
    port: env.PORT,
    // Server processes sharing the port on this machine, each a whole instance (lib/worker-processes.ts).
    processes: env.WEB_CONCURRENCY,
    // How long a stopping server may take to finish the requests it has before it exits anyway.
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    dataDir,
    uploadsDir,
    storage: toStorageConfig(env, uploadsDir),
    database: embedded
      ? ({ driver: 'pglite', dataDir: path.join(dataDir, 'pglite') } as const)
      : ({
          driver: 'postgres',
          url: env.DATABASE_URL as string,
          // Connections each process keeps to PostgreSQL for requests (docs/DEPLOY.md counts
          // the whole budget against the server's max_connections).
          poolSize: env.DATABASE_POOL_SIZE,
          // The longest a request waits to connect, or for one statement, before it is answered
          // 503: a hung database must not hold every request for the driver's own minutes.
          timeoutMs: env.DATABASE_TIMEOUT_MS,
        } as const),
    sessionSecret: env.SESSION_SECRET,
    // Never in production: the demo accounts' passwords are published in the README.
    seedDemo: env.NODE_ENV !== 'production' && (env.SEED_DEMO ?? embedded),
    stripe: env.STRIPE_SECRET_KEY
      ? {
          secretKey: env.STRIPE_SECRET_KEY,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET as string,
          apiBase: env.STRIPE_API_BASE,
        }
      : undefined,
    google: env.GOOGLE_CLIENT_ID
      ? {
          clientId: env.GOOGLE_CLIENT_ID,
          clientSecret: env.GOOGLE_CLIENT_SECRET as string,
          issuer: env.OIDC_ISSUER,
        }
      : undefined,
    redisUrl: env.REDIS_URL,
    // The longest a request waits for Redis to connect or answer (the database's limit).
    redisTimeoutMs: env.DATABASE_TIMEOUT_MS,
    // The Redis channel every instance of one site shares for live updates (REDIS_URL only):
    // sites, or test runs, sharing one Redis each take their own.
    liveUpdatesChannel: env.LIVE_UPDATES_CHANNEL,
    brandName: env.BRAND_NAME,
    // A hosted MapLibre style for every map instead of the offline basemap this server builds.
    mapStyleUrl: env.MAP_STYLE_URL,
    logLevel: env.LOG_LEVEL,
    // The reverse proxies whose X-Forwarded-For is believed, right to left, up to the first
    // address that is not one of them: that is the client (false: the connection's own address).
    trustProxy: env.TRUST_PROXY === true ? LOOPBACK_PROXIES : env.TRUST_PROXY,
    // Public search pages are cached this long in each process (0: off; off by default in tests).
    searchCacheSeconds: env.SEARCH_CACHE_SECONDS ?? (env.NODE_ENV === 'test' ? 0 : 10),
    // A session's user is kept this long in each process (0: off; off by default in tests, and
    // always off with REDIS_URL, where another instance may revoke it).
    sessionCacheSeconds: env.SESSION_CACHE_SECONDS ?? (env.NODE_ENV === 'test' ? 0 : 5),
    // How long a sign-in waits when its account is under attack and its address is new to it.
    loginSlowdownMs: env.LOGIN_SLOWDOWN_MS,
    // How long a page may take to load its data and render on the server before the plain shell,
    // which renders in the browser, goes instead: a slow database never holds a visitor's page.
    pageRenderTimeoutMs: env.PAGE_RENDER_TIMEOUT_MS,
    // How long a buyer has to pay once their offer is accepted; then the home is offered again.
    offerPaymentDays: env.OFFER_PAYMENT_DAYS,
    // Accounts one client address may create in an hour: enough for a household or an office,
    // too few for a script filling the marketplace with fake buyers.
    registrationsPerHour: env.REGISTRATIONS_PER_HOUR,
    // API requests one client address may make in a minute (pages, built files and images are
    // not counted): twenty a second, far above what people on one network click, far below what
    // a script sends. Off in tests (100,000), whose suites send thousands from one address.
    apiRequestsPerMinute: env.API_REQUESTS_PER_MINUTE ?? (env.NODE_ENV === 'test' ? 100_000 : 1200),
    // Images decoded at once (each takes about a core and up to ~100 MB), and how many may wait
    // for a turn; beyond that an upload is answered 503 with Retry-After.
    imageWorkers: env.IMAGE_WORKERS,
    imageQueueLength: env.IMAGE_QUEUE_LENGTH,
    listingViews: {
      // Whether details-page visits are counted for agents' analytics (off: answered the same).
      count: env.COUNT_LISTING_VIEWS,
      // How often counted views are written, in milliseconds (0: only when 500 wait and at
      // shutdown; the default in tests, which write them when they choose).
      flushMs: env.LISTING_VIEWS_FLUSH_MS ?? (env.NODE_ENV === 'test' ? 0 : 2000),
    },
    // The bearer token a Prometheus scraper sends for /metrics; without it there is no /metrics.
    metricsToken: env.METRICS_TOKEN,
    jobs: {
      // Whether this process runs queued jobs as they come due (tests run them with drain()).
      work: env.JOB_WORKERS ?? env.NODE_ENV !== 'test',
    },
    mail: {
      // Without an SMTP server every message is written to the outbox folder instead: the
      // default outside production, and in production only when chosen (MAIL_TRANSPORT=outbox).
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? defaultSender(env),
      outboxDir: path.join(dataDir, 'outbox'),
    },
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Validates the environment, reporting every problem at once rather than the first. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnvironment.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map(
        (issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`,
      ),
    );
  }
  return toConfig(parsed.data);
}

/** A config for tests and tools: the defaults, with the given variables on top. */
export function configFrom(overrides: Record<string, string | undefined>): Config {
  return loadConfig({ NODE_ENV: 'test', ...overrides });
}
