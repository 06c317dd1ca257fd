import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase, queryRows } from '../../src/db/client.js';
import { LISTING_CHANGES_CHANNEL } from '../../src/modules/listing-search/index.js';
import { createScratchDatabase } from './postgres-server.js';

/**
 * Each test file gets its own real database: an in-memory PGlite, or, when TEST_DATABASE_URL
 * names a PostgreSQL server, a fresh database on it that is dropped afterwards. Either starts as
 * a copy of the one database the run migrated at its start (migrated-template.ts).
 */
export interface TestDatabase extends DatabaseHandle {
  /** Empties every table, so each test starts from nothing. */
  reset(): Promise<void>;
  destroy(): Promise<void>;
}

export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;
export const testDriver = testDatabaseUrl ? 'postgres' : 'pglite';

/**
 * PL/pgSQL that empties `tables` by DELETE, with triggers and foreign-key checks set aside
 * (`session_replication_role`, which the tests' superuser may set) and put back after. TRUNCATE
 * made new files for every table and index, 0.5 to 1.5 s a time on PostgreSQL; this takes a few
 * milliseconds. Whoever empties a table also empties the tables that refer to it, so no row is
 * left pointing nowhere, and the audit log's refusal to be emptied is a trigger too. When the
 * listings go, it sends the notice TRUNCATE would have sent (trigger `listings_emptied`), so
 * every process forgets every listing it keeps.
 */
function deleting(tables: string[]) {
  return `perform set_config('session_replication_role', 'replica', true);
      ${tables.map((table) => `delete from "${table}";`).join('\n      ')}
      perform set_config('session_replication_role', replicationRole, true);
      ${tables.includes('properties') ? `perform pg_notify('${LISTING_CHANGES_CHANNEL}', current_setting('application_name'));` : ''}`;
}

/** One statement that empties `tables`, which must include every table that refers to them. */
export function emptying(tables: string[]) {
  return sql.raw(
    `do $$ declare replicationRole text := current_setting('session_replication_role'); begin
      ${deleting(tables)}
    end $$`,
  );
}

export async function createTestDatabase(): Promise<TestDatabase> {
  let handle: DatabaseHandle;
  let drop = async () => {};
  const migrated = inject('migratedDatabase');
  if (testDatabaseUrl) {
    const scratch = await createScratchDatabase('keyhaven_test', testDatabaseUrl, migrated);
    // The production limits (2 s) are for a database that hangs; here the database is only busy
    // with the other run beside it. The outage tests start servers with the real limits.
    handle = await openDatabase({
      driver: 'postgres',
      url: scratch.url,
      poolSize: 20,
      timeoutMs: 30_000,
    });
    drop = scratch.drop;
  } else {
    const copyOf = new Blob([await readFile(migrated)]);
    handle = await openDatabase({ driver: 'pglite', dataDir: 'memory', copyOf });
  }

  const tables = await queryRows<{ tablename: string }>(
    handle.db,
    sql`select tablename from pg_tables where schemaname = 'public'`,
  );
  // The sequences TRUNCATE ... RESTART IDENTITY would restart: those of the tables' own columns.
  const sequences = await queryRows<{ sequence: string | null }>(
    handle.db,
    sql`select pg_get_serial_sequence(format('%I', table_name), column_name) as sequence
          from information_schema.columns where table_schema = 'public'`,
  );
  // Jobs a test queued and did not run must not run in the next one.
  const emptyAll = sql.raw(
    `do $$ declare replicationRole text := current_setting('session_replication_role'); begin
      if to_regclass('pgboss.job') is not null then delete from pgboss.job; end if;
      ${deleting(tables.map((row) => row.tablename))}
      ${sequences.flatMap(({ sequence }) => (sequence ? [`alter sequence ${sequence} restart;`] : [])).join('\n      ')}
    end $$`,
  );

  return {
    ...handle,
    reset: async () => {
      await handle.db.execute(emptyAll);
    },
    destroy: async () => {
      await handle.close();
      await drop();
    },
  };
}
