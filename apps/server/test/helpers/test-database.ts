import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type DatabaseHandle, openDatabase, queryRows } from '../../src/db/client.js';

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

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(): Promise<TestDatabase> {
  let handle: DatabaseHandle;
  let drop = async () => {};
  if (testDatabaseUrl) {
    const name = `keyhaven_test_${randomBytes(6).toString('hex')}`;
    await adminQuery(`create database ${name}`);
    const url = new URL(testDatabaseUrl);
    url.pathname = `/${name}`;
    handle = await openDatabase({ driver: 'postgres', url: url.toString() });
    drop = () => adminQuery(`drop database if exists ${name} with (force)`);
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
    },
    destroy: async () => {
      await handle.close();
      await drop();
    },
  };
}
