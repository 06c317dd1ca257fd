import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client.js';
import { createScratchDatabase } from './postgres-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * The database every test file's own database is a copy of, with all migrations applied:
     * a database's name on the PostgreSQL server, or the path of a PGlite data directory's dump.
     */
    migratedDatabase: string;
  }
}

/*
 * Vitest's global setup: the migrations run once per run, here, instead of once per test file
 * (a new PGlite spends two seconds in initdb alone). Each file still gets a database of its own,
 * copied from this one (test-database.ts). The migrations themselves stay tested on a database
 * of their own: the *-migration tests, the HTTP contract's re-run, the multi-instance tests.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL || undefined;
  if (serverUrl) {
    // A template must have no connections while it is copied: the pool is closed before any copy.
    const template = await createScratchDatabase('keyhaven_template', serverUrl);
    const handle = await openDatabase({ driver: 'postgres', url: template.url });
    try {
      await handle.migrate();
    } finally {
      await handle.close();
    }
    project.provide('migratedDatabase', template.name);
    return template.drop;
  }

  const dir = await mkdtemp(path.join(os.tmpdir(), 'keyhaven-migrated-'));
  const dump = path.join(dir, 'pgdata.tar');
  const handle = await openDatabase({ driver: 'pglite', dataDir: 'memory' });
  try {
    await handle.migrate();
    // Every change in the tables' files, so a copy need not replay the log to see them.
    await handle.db.execute(sql`checkpoint`);
    if (!('pglite' in handle.connection)) throw new Error('An embedded database was expected');
    const tarball = await handle.connection.pglite.dumpDataDir('none');
    await writeFile(dump, new Uint8Array(await tarball.arrayBuffer()));
  } finally {
    await handle.close();
  }
  project.provide('migratedDatabase', dump);
  return () => rm(dir, { recursive: true, force: true });
}
