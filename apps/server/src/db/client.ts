import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Config } from '../config.js';
import { lockDataDir } from './data-dir-lock.js';
import * as schema from './schema.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the database or an open transaction: what a query helper runs on. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  driver: Config['database']['driver'];
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));
/** The advisory lock that serialises migrations between instances (any fixed number). */
const MIGRATION_LOCK = 4_221_771_305;

/**
 * Opens the database the config names: an embedded PGlite in DATA_DIR, or a PostgreSQL pool.
 * `pglite: 'memory'` gives tests a throwaway embedded database.
 */
export async function openDatabase(
  database: Config['database'] | { driver: 'pglite'; dataDir: 'memory' },
): Promise<DatabaseHandle> {
  if (database.driver === 'postgres') {
    const pool = new pg.Pool({ connectionString: database.url, max: 20 });
    // An idle connection can be cut by the server (restart, failover, an administrator). The pool
    // drops it and the next query opens a new one; unhandled, the event would end the process.
    pool.on('error', (error) => {
      console.warn(`PostgreSQL closed an idle connection: ${error.message}`);
    });
    const db = drizzlePg(pool, { schema });
    return {
      db: db as unknown as Database,
      driver: 'postgres',
      migrate: async () => {
        // Instances started together must not apply the same migrations at once: one holds a
        // lock while the others wait, then find nothing left to do.
        const client = await pool.connect();
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
      close: () => pool.end(),
    };
  }
  const inMemory = database.dataDir === 'memory';
  if (!inMemory) await mkdir(database.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: inMemory ? undefined : database.dataDir,
    extensions: { pg_trgm },
    // The buffer pool lives in this process and stays resident once touched: PostgreSQL's 128 MB
    // default held the server over 450 MB at 100,000 listings. With 16 MB, pages beyond it come
    // from the operating system's file cache, and searches measured no slower.
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
  });
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Database,
    driver: 'pglite',
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
): Promise<{ handle: DatabaseHandle; release(): void }> {
  const lock = config.database.driver === 'pglite' ? lockDataDir(config.dataDir) : undefined;
  try {
    const handle = await openDatabase(config.database);
    await handle.migrate();
    return { handle, release: () => lock?.release() };
  } catch (error) {
    lock?.release();
    throw error;
  }
}
