import { openAsBlob } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import * as tar from 'tar';
import { LOCK_FILE } from '../../db/data-dir-lock.js';
import { isStorageKey } from '../uploads/image-storage.js';
import {
  type BackupManifest,
  DATABASE_ENTRY,
  SESSION_SECRET_ENTRY,
  UPLOADS_ENTRY,
  verifyBackupFile,
} from './backup-archive.js';

const journal = new URL('../../../drizzle/meta/_journal.json', import.meta.url);

/** How many migrations this build has: a backup whose database ran more came from a newer one. */
async function knownMigrations(): Promise<number> {
  const { entries } = JSON.parse(await readFile(journal, 'utf8')) as { entries: unknown[] };
  return entries.length;
}

export interface RestoreTarget {
  /** DATA_DIR: empty or missing. */
  dataDir: string;
  /** Where the cluster goes inside it. */
  databaseDir: string;
  /** Takes DATA_DIR's lock, so no server starts on it half written. */
  lock(): { release(): void };
}

/** Only what a backup may hold is taken from it, each to its own place. */
const restorable = (entry: string) =>
  entry === SESSION_SECRET_ENTRY ||
  entry === `${UPLOADS_ENTRY}/` ||
  (entry.startsWith(`${UPLOADS_ENTRY}/`) && isStorageKey(entry.slice(UPLOADS_ENTRY.length + 1)));

/**
 * Restores a backup file into an empty (or missing) data folder: the cluster through PGlite's
 * own loader, then the uploads and the session secret. A non-empty folder is refused, so nothing
 * there is ever overwritten; a restore that fails part way leaves the folder empty again.
 */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<BackupManifest> {
  const existing = await readdir(target.dataDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (existing && existing.length > 0) {
    const shown = existing.slice(0, 5).join(', ');
    throw new Error(
      `${target.dataDir} is not empty (it holds ${shown}${existing.length > 5 ? ', …' : ''}): restore into an empty or missing DATA_DIR, so that nothing in use is overwritten.`,
    );
  }
  const manifest = await verifyBackupFile(file, await knownMigrations());

  await mkdir(target.dataDir, { recursive: true });
  const lock = target.lock();
  try {
    const unpacked = await mkdtemp(path.join(target.dataDir, '.restore-'));
    await tar.x({ file, cwd: unpacked, strict: true, filter: (entry) => entry === DATABASE_ENTRY });
    const cluster = await PGlite.create({
      dataDir: target.databaseDir,
      loadDataDir: await openAsBlob(path.join(unpacked, DATABASE_ENTRY)),
      extensions: { pg_trgm },
    });
    await cluster.close();
    await rm(unpacked, { recursive: true, force: true });
    await tar.x({ file, cwd: target.dataDir, strict: true, filter: restorable });
    // A backup made with the images in a bucket has no uploads: the folder is still there.
    await mkdir(path.join(target.dataDir, UPLOADS_ENTRY), { recursive: true });
  } catch (error) {
    const written = await readdir(target.dataDir);
    await Promise.all(
      written
        .filter((name) => name !== LOCK_FILE)
        .map((name) => rm(path.join(target.dataDir, name), { recursive: true, force: true })),
    );
    throw error;
  } finally {
    lock.release();
  }
  return manifest;
}
