import '../lib/node-version.js';
import { createWriteStream, existsSync } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { DataDirLockedError, lockDataDir } from '../db/data-dir-lock.js';
import { stageBackup, verifyBackupFile } from '../modules/backups/backup-archive.js';
import { backupSocketPath, fetchBackupFromServer } from '../modules/backups/backup-socket.js';
import { fileArgument, requireEmbeddedDatabase, runCommand } from './backup-commands.js';

/*
 * `npm run backup -- <file>`: one file holding the embedded database and its uploads. With the
 * server running it is made by the server (the only process that may open the database); with
 * none, this command takes the data folder's lock and makes it the same way.
 */

/** With no server running: the lock is this command's while it copies. */
async function backUpStoppedInstallation(
  config: ReturnType<typeof loadConfig>,
  database: { driver: 'pglite'; dataDir: string },
  lock: { release(): void },
  file: string,
) {
  try {
    const handle = await openDatabase(database);
    try {
      const staged = await stageBackup({
        pglite: (handle.connection as { pglite: PGlite }).pglite,
        dataDir: config.dataDir,
        uploadsDir: config.storage.driver === 'local' ? config.storage.dir : undefined,
        // Nothing sweeps: no server runs while this command holds the lock.
        holdSweeps: (work) => work(),
      });
      try {
        await pipeline(staged.pack(), createWriteStream(file, { mode: 0o600 }));
      } finally {
        await staged.dispose();
      }
    } finally {
      await handle.close();
    }
  } finally {
    lock.release();
  }
}

runCommand(async () => {
  const target = path.resolve(fileArgument('backup'));
  const config = loadConfig();
  const database = requireEmbeddedDatabase(config, 'backup');
  if (!existsSync(path.join(database.dataDir, 'PG_VERSION'))) {
    throw new Error(`There is no embedded database in ${config.dataDir} (DATA_DIR) to back up.`);
  }
  // Written under another name and renamed once whole: a failed backup never looks like one.
  const partial = `${target}.${process.pid}.partial`;
  let server: 'running' | 'stopped' = 'stopped';
  try {
    let lock: { release(): void } | undefined;
    try {
      lock = lockDataDir(config.dataDir);
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error;
      server = 'running';
      await fetchBackupFromServer(backupSocketPath(config.dataDir), partial).catch(
        (failure: NodeJS.ErrnoException) => {
          if (failure.code !== 'ENOENT' && failure.code !== 'ECONNREFUSED') throw failure;
          throw new Error(
            `${error.message.replace(/ Stop that process.*$/, '')} It offers no backup socket at ${backupSocketPath(config.dataDir)}: it is still starting, or its build is older than this command's. Try again once it serves, or stop it and run the backup again.`,
          );
        },
      );
    }
    if (lock) await backUpStoppedInstallation(config, database, lock, partial);
    // Read back whole before it takes the backup's name.
    const manifest = await verifyBackupFile(partial, Number.POSITIVE_INFINITY);
    await rename(partial, target);
    return {
      backup: target,
      bytes: (await stat(target)).size,
      server,
      createdAt: manifest.createdAt,
      migrations: manifest.migrations,
      database: manifest.database,
      uploads: manifest.uploads,
      sessionSecret: manifest.sessionSecret,
    };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
});
