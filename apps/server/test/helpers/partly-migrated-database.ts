import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DatabaseHandle, openDatabase } from '../../src/db/client.js';
import { createScratchDatabase } from './postgres-server.js';
import { testDatabaseUrl } from './test-database.js';

const migrations = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** The migrations up to and including `lastTag`, in a folder of their own. */
async function migrationsUpTo(lastTag: string) {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'keyhaven-migrations-'));
  await cp(migrations, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8'));
  const last = journal.entries.findIndex((entry: { tag: string }) => entry.tag === lastTag);
  if (last < 0) throw new Error(`No migration is tagged ${lastTag}`);
  journal.entries = journal.entries.slice(0, last + 1);
  await writeFile(journalFile, JSON.stringify(journal));
  return folder;
}

/**
 * A database of the test's kind (PostgreSQL when TEST_DATABASE_URL names one, else PGlite in
 * memory) migrated up to `lastTag` only, as an older release left it: a test fills it with rows
 * of that time, then runs `handle.migrate()` to see what the later migrations make of them.
 */
export async function databaseMigratedUpTo(
  lastTag: string,
): Promise<{ handle: DatabaseHandle; close: () => Promise<void> }> {
  const folder = await migrationsUpTo(lastTag);
  let handle: DatabaseHandle;
  let drop = async () => {};
  if (testDatabaseUrl) {
    const scratch = await createScratchDatabase('keyhaven_test', testDatabaseUrl);
    handle = await openDatabase({ driver: 'postgres', url: scratch.url });
    drop = scratch.drop;
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(handle.db as never, { migrationsFolder: folder });
  } else {
    handle = await openDatabase({ driver: 'pglite', dataDir: 'memory' });
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(handle.db as never, { migrationsFolder: folder });
  }
  return {
    handle,
    close: async () => {
      await handle.close();
      await drop();
      await rm(folder, { recursive: true, force: true });
    },
  };
}
