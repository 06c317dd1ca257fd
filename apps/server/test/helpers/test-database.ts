import { sql } from 'drizzle-orm';
import { type DatabaseHandle, openDatabase, queryRows } from '../../src/db/client.js';
import { createScratchDatabase } from './postgres-server.js';

/**
 * Each test file gets its own real database: an in-memory PGlite, or, when TEST_DATABASE_URL
 * names a PostgreSQL server, a fresh database on it that is dropped afterwards.
 */
export interface TestDatabase extends DatabaseHandle {
  /** Empties every table, so each test starts from nothing. */
  reset(): Promise<void>;
  destroy(): Promise<void>;
}

export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;
export const testDriver = testDatabaseUrl ? 'postgres' : 'pglite';

export async function createTestDatabase(): Promise<TestDatabase> {
  let handle: DatabaseHandle;
  let drop = async () => {};
  if (testDatabaseUrl) {
    const scratch = await createScratchDatabase('keyhaven_test', testDatabaseUrl);
    handle = await openDatabase({ driver: 'postgres', url: scratch.url });
    drop = scratch.drop;
  } else {
    handle = await openDatabase({ driver: 'pglite', dataDir: 'memory' });
  }
  await handle.migrate();

  const tables = await queryRows<{ tablename: string }>(
    handle.db,
    sql`select tablename from pg_tables where schemaname = 'public'`,
  );
  const tableList = tables.map((row) => `"${row.tablename}"`).join(', ');

  return {
    ...handle,
    reset: async () => {
      await handle.db.execute(sql.raw(`truncate ${tableList} restart identity cascade`));
      // Jobs a test queued and did not run must not run in the next one.
      await handle.db.execute(
        sql.raw(
          `do $$ begin if to_regclass('pgboss.job') is not null then delete from pgboss.job; end if; end $$`,
        ),
      );
    },
    destroy: async () => {
      await handle.close();
      await drop();
    },
  };
}
