import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { BaseLogger } from 'pino';
import type { Config } from '../config.js';
import { createProcessLog } from '../lib/process-log.js';
import { lockDataDir } from './data-dir-lock.js';
import * as schema from './schema.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the database or an open transaction: what a query helper runs on. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  driver: Config['database']['driver'];
  /**
   * How the job queue (pg-boss) reaches the same database: the server's address, or the embedded
   * instance. On a server, this process's connections carry `instanceName` as their application
   * name, by which the database names the writer of each listing change it announces; they
   * give up connecting after `timeoutMs`, as requests do.
   */
  connection: { url: string; instanceName: string; timeoutMs: number } | { pglite: PGlite };
  /**
   * For work that takes long by nature (migrations, seeding, sweeps, warming the listing cache):
   * on a server, a small pool of its own without the statement time limit requests have, so it is
   * neither cut short nor holding the connections requests wait for. Embedded: the one database.
   */
  maintenance: Database;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /** A database server's connection pool now; absent for the embedded database, which has none. */
  poolStats?(): PoolStats;
  close(): Promise<void>;
}

export interface PoolStats {
  /** Connections the pool may open. */
  max: number;
  /** Connections open, in use or idle. */
  total: number;
  idle: number;
  /** Queries waiting for a connection: the pool is saturated. */
  waiting: number;
}

/** What pg's pool opens at most when told no size (it writes its choice into its options). */
const PG_POOL_DEFAULT_MAX = 10;

/**
 * How much longer than the statement limit the driver waits for any answer: the server cancels a
 * slow statement first; only one that no longer answers at all is given up on here.
 */
const QUERY_TIMEOUT_MARGIN_MS = 500;

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));
/** The advisory lock that serialises migrations between instances (any fixed number). */
const MIGRATION_LOCK = 4_221_771_305;

/*
 * Settings for PostgreSQL running inside this one small process (docs/decisions/018): every
 * buffer and work area lives in the server's own memory and stays there once touched.
 */
const PGLITE_SETTINGS = {
  // The buffer pool: PostgreSQL's 128 MB default held the server over 450 MB at 100,000
  // listings. With 16 MB, pages beyond it come from the operating system's file cache, and
  // searches measured no slower.
  shared_buffers: '16MB',
};

/**
 * PostgreSQL's WebAssembly stays on V8's baseline compiler. Optimising one of its largest
 * functions takes over 400 MB for a moment, which doubled the server's peak memory; the
 * queries measured no slower on a loaded machine (docs/decisions/018).
 */
const WASM_BASELINE_ONLY = '--no-wasm-tier-up --no-wasm-dynamic-tiering';

/** What opening a PostgreSQL server takes; tests and tools may leave the limits to these defaults. */
interface PostgresSettings {
  driver: 'postgres';
  url: string;
  poolSize?: number;
  timeoutMs?: number;
}

export const DEFAULT_POOL_SIZE = 10;
export const DEFAULT_TIMEOUT_MS = 2000;
/** Connections the maintenance pool keeps (counted in docs/DEPLOY.md's connection budget). */
export const MAINTENANCE_POOL_SIZE = 2;
/**
 * How long maintenance work waits for one of its connections: it runs in the background, where
 * waiting behind a long batch is better than giving up.
 */
const MAINTENANCE_CONNECT_TIMEOUT_MS = 30_000;

/** What a new embedded database gets besides its cluster: the demo marketplace. */
interface FirstStart {
  uploadsDir: string;
  logLevel: string;
}

/**
 * A new embedded data directory is set up by a short-lived process (pglite-init): initdb runs a
 * second PostgreSQL, and PGlite keeps what it loaded for the process's lifetime (about 450 MB);
 * the demo seed leaves libvips's memory on every thread. In the server neither would be given
 * back. The sources' imports name files only the build writes, so under tests the child makes
 * the cluster alone and the server seeds as before.
 */
async function initialiseDataDir(dataDir: string, firstStart?: FirstStart): Promise<void> {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  const extension = path.extname(fileURLToPath(import.meta.url));
  const script = fileURLToPath(new URL(`./pglite-init${extension}`, import.meta.url));
  const seed =
    firstStart && extension === '.js' ? [firstStart.uploadsDir, firstStart.logLevel] : [];
  // The baseline compiler only: this runs once, and optimising it would double its memory.
  const child = spawn(process.execPath, ['--liftoff-only', script, dataDir, ...seed], {
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    stderr += text;
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) {
    throw new Error(
      `Could not create the embedded database in ${dataDir}: ${stderr.trim() || `exit ${code}`}`,
    );
  }
}

/**
 * Opens the database the config names: an embedded PGlite in DATA_DIR, or a PostgreSQL pool.
 * `dataDir: 'memory'` gives tests a throwaway embedded database: a new cluster, or a copy of
 * one that `dumpDataDir` wrote (`copyOf`), which starts in a tenth of the time initdb takes.
 */
export async function openDatabase(
  database:
    | Config['database']
    | PostgresSettings
    | { driver: 'pglite'; dataDir: 'memory'; copyOf?: Blob },
  firstStart?: FirstStart,
  log: Pick<BaseLogger, 'warn'> = createProcessLog(),
): Promise<DatabaseHandle> {
  if (database.driver === 'postgres') {
    const instanceName = `keyhaven-${randomUUID()}`;
    const timeoutMs = database.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const pool = new pg.Pool({
      connectionString: database.url,
      max: database.poolSize ?? DEFAULT_POOL_SIZE,
      application_name: instanceName,
      // Connecting, or waiting for a free connection, and each statement are limited: the server
      // cancels a statement past the limit (the connection stays usable), and a server that does
      // not answer at all is given up on a moment later (the connection is dropped).
      connectionTimeoutMillis: timeoutMs,
      statement_timeout: timeoutMs,
      query_timeout: timeoutMs + QUERY_TIMEOUT_MARGIN_MS,
    });
    const maintenancePool = new pg.Pool({
      connectionString: database.url,
      max: MAINTENANCE_POOL_SIZE,
      application_name: instanceName,
      connectionTimeoutMillis: MAINTENANCE_CONNECT_TIMEOUT_MS,
      // Closed when unused, so a quiet process holds no connection for it.
      idleTimeoutMillis: 10_000,
    });
    // An idle connection can be cut by the server (restart, failover, an administrator). The pool
    // drops it and the next query opens a new one; unhandled, the event would end the process.
    for (const each of [pool, maintenancePool]) {
      each.on('error', (error) => log.warn({ err: error }, 'PostgreSQL closed an idle connection'));
    }
    const db = drizzlePg(pool, { schema });
    return {
      db: db as unknown as Database,
      driver: 'postgres',
      connection: { url: database.url, instanceName, timeoutMs },
      maintenance: drizzlePg(maintenancePool, { schema }) as unknown as Database,
      migrate: async () => {
        // Instances started together must not apply the same migrations at once: one holds a
        // lock while the others wait, then find nothing left to do.
        const client = await maintenancePool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
          client.release();
        }
      },
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      poolStats: () => ({
        max: pool.options.max ?? PG_POOL_DEFAULT_MAX,
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      close: async () => {
        await Promise.all([pool.end(), maintenancePool.end()]);
      },
    };
  }
  const inMemory = database.dataDir === 'memory';
  if (!inMemory) {
    await mkdir(database.dataDir, { recursive: true });
    await initialiseDataDir(database.dataDir, firstStart);
  }
  // Read when V8 compiles a module, so it applies to PostgreSQL's, compiled below.
  v8.setFlagsFromString(WASM_BASELINE_ONLY);
  const client = await PGlite.create({
    dataDir: inMemory ? undefined : database.dataDir,
    loadDataDir: 'copyOf' in database ? database.copyOf : undefined,
    extensions: { pg_trgm },
    startParams: [
      ...PGlite.defaultStartParams,
      ...Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
  });
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Database,
    driver: 'pglite',
    connection: { pglite: client },
    maintenance: db as unknown as Database,
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}

/**
 * A statement prepared once per database, on first use, for the queries every request runs:
 * Drizzle builds its SQL once, and PostgreSQL parses and plans it once per connection instead
 * of on every call. `make` must name its statement (`.prepare(name)`).
 */
export function preparedPerDatabase<Statement>(
  make: (db: Database) => Statement,
): (db: Database) => Statement {
  const made = new WeakMap<Database, Statement>();
  return (db) => {
    let statement = made.get(db);
    if (!statement) {
      statement = make(db);
      made.set(db, statement);
    }
    return statement;
  };
}

/** Runs raw SQL and returns its rows; both drivers answer with `{rows}`. */
export async function queryRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/**
 * Opens and migrates the configured database for one process's lifetime. An embedded
 * directory is locked first: a second process on it would corrupt it.
 */
export async function openConfiguredDatabase(
  config: Config,
  log: Pick<BaseLogger, 'warn'> = createProcessLog(config.logLevel),
): Promise<{ handle: DatabaseHandle; release(): void }> {
  const lock = config.database.driver === 'pglite' ? lockDataDir(config.dataDir) : undefined;
  try {
    // A new embedded database that is to hold the demo gets it while it is set up.
    const firstStart = config.seedDemo
      ? { uploadsDir: config.uploadsDir, logLevel: config.logLevel }
      : undefined;
    const handle = await openDatabase(config.database, firstStart, log);
    await handle.migrate();
    return { handle, release: () => lock?.release() };
  } catch (error) {
    lock?.release();
    throw error;
  }
}
