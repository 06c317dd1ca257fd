import '../lib/node-version.js';
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../config.js';
import { type DatabaseHandle, openDatabase, queryRows } from '../db/client.js';
import { DataDirLockedError, lockDataDir } from '../db/data-dir-lock.js';

/*
 * `npm run migrate`: applies the release's migrations and nothing else, before its instances
 * replace the running ones (docs/DEPLOY.md, Upgrades). A server still applies them at start; on
 * PostgreSQL both take the same advisory lock, so this may run beside running servers. The
 * embedded database belongs to one process: while a server holds it, that server migrates it.
 */

/** How many migrations the database records as applied (none before the first). */
async function appliedCount(handle: DatabaseHandle): Promise<number> {
  const [table] = await queryRows<{ exists: boolean }>(
    handle.db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`,
  );
  if (!table?.exists) return 0;
  const [row] = await queryRows<{ applied: number }>(
    handle.db,
    sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
  );
  return row?.applied ?? 0;
}

async function run(): Promise<{ applied: number; total: number }> {
  const config = loadConfig();
  const lock = config.database.driver === 'pglite' ? lockDataDir(config.dataDir) : undefined;
  try {
    const handle = await openDatabase(config.database);
    try {
      const before = await appliedCount(handle);
      await handle.migrate();
      const total = await appliedCount(handle);
      return { applied: total - before, total };
    } finally {
      await handle.close();
    }
  } finally {
    lock?.release();
  }
}

function describeFailure(error: unknown): string {
  if (error instanceof DataDirLockedError) {
    return `Migrations not applied: ${error.message} A running server applies the migrations itself when it starts; to run them alone, stop it first.`;
  }
  if (error instanceof ConfigError) return error.message;
  if (!(error instanceof Error)) return `Migrations not applied: ${String(error)}`;
  // A failed query's own reason (PostgreSQL's message) is in its cause; the query is Drizzle's.
  const reason = error.cause instanceof Error ? error.cause.message : error.message;
  return `Migrations not applied: ${reason}`;
}

run().then(
  (result) => {
    // One line of JSON, for the deploy scripts that read it.
    console.log(JSON.stringify(result));
    process.exit(0);
  },
  (error: unknown) => {
    console.error(describeFailure(error));
    process.exit(1);
  },
);
