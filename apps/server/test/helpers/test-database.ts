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

/**
 * One statement that empties `tables` and what refers to them (`cascade`). The audit log refuses
 * to be emptied (trigger `audit_log_no_truncate`); a test's reset alone sets that trigger aside,
 * within the statement, so every other trigger (the listing-change notices) fires as it would.
 */
export function emptying(tables: string[], options = '') {
  const truncate = `truncate ${tables.map((table) => `"${table}"`).join(', ')} ${options} cascade`;
  return sql.raw(
    `do $$ begin
      alter table audit_log disable trigger audit_log_no_truncate;
      ${truncate};
      alter table audit_log enable trigger audit_log_no_truncate;
    end $$`,
  );
}

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
  const emptyAll = emptying(
    tables.map((row) => row.tablename),
    'restart identity',
  );

  return {
    ...handle,
    reset: async () => {
      await handle.db.execute(emptyAll);
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
