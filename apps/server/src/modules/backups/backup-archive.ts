import { createWriteStream } from 'node:fs';
import {
  copyFile,
  link,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import * as tar from 'tar';
import { isStorageKey } from '../uploads/image-storage.js';

/*
 * One backup file of an embedded installation: a tar holding PGlite's own dump of the cluster
 * (`database.tar.gz`), the uploads' files (`uploads/<key>`), the generated session secret when
 * there is one (`session-secret`, so sessions and mailed links outlive a restore) and, last, a
 * `manifest.json` that says what the rest is. The manifest comes last so that a file cut short
 * has none and is refused as a whole.
 */

export const DATABASE_ENTRY = 'database.tar.gz';
export const UPLOADS_ENTRY = 'uploads';
export const SESSION_SECRET_ENTRY = 'session-secret';
export const MANIFEST_ENTRY = 'manifest.json';
const FORMAT = 'keyhaven-backup';
const FORMAT_VERSION = 1;

export interface BackupManifest {
  format: typeof FORMAT;
  version: number;
  createdAt: string;
  /** The migrations the database had run: a build that knows fewer cannot open it. */
  migrations: number;
  database: { bytes: number };
  uploads: { files: number; bytes: number };
  sessionSecret: boolean;
}

/** What a backup is made from. */
export interface BackupSource {
  pglite: PGlite;
  /** DATA_DIR: the staging folder is made there, beside the files it links. */
  dataDir: string;
  /** The uploads folder, when images are stored on this disk. */
  uploadsDir: string | undefined;
  /** Keeps the uploads sweep from deleting files between the dump and their copy. */
  holdSweeps<T>(work: () => Promise<T>): Promise<T>;
}

/** A backup's parts, laid out in a folder of DATA_DIR, ready to be packed. */
export interface StagedBackup {
  manifest: BackupManifest;
  /** The tar of the parts, as a stream. */
  pack(): Readable;
  /** Removes the staging folder. */
  dispose(): Promise<void>;
}

const STAGING_PREFIX = '.backup-';

/** Folders left by a backup that a crash interrupted: never read again, so they go. */
export async function removeLeftoverStaging(dataDir: string): Promise<void> {
  const names = await readdir(dataDir).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => name.startsWith(STAGING_PREFIX))
      .map((name) => rm(path.join(dataDir, name), { recursive: true, force: true })),
  );
}

async function migrationsRun(pglite: PGlite): Promise<number> {
  const result = await pglite.query<{ count: number }>(
    'select count(*)::int as count from drizzle.__drizzle_migrations',
  );
  return result.rows[0]?.count ?? 0;
}

/**
 * Each upload file gets a second name in the staging folder: a hard link keeps the file's bytes
 * however long the packing takes, even if the sweep removes the original meanwhile. Another
 * disk (no hard links across file systems) gets a copy. A file gone between the listing and its
 * link belonged to an upload that failed to save, which the dumped database does not name.
 */
async function linkUploads(uploadsDir: string, into: string): Promise<BackupManifest['uploads']> {
  await mkdir(into);
  const names = (await readdir(uploadsDir).catch(() => [] as string[])).filter(isStorageKey);
  let files = 0;
  let bytes = 0;
  for (const name of names) {
    const from = path.join(uploadsDir, name);
    const to = path.join(into, name);
    try {
      await link(from, to).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EXDEV') throw error;
        await copyFile(from, to);
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    files += 1;
    bytes += (await stat(to)).size;
  }
  return { files, bytes };
}

/**
 * Dumps the database and takes its uploads as they were then, holding the sweep off in between,
 * into a staging folder of DATA_DIR. The dump runs between two queries (PGlite answers none
 * while it reads its files) after a checkpoint, so it is a consistent cluster.
 */
export async function stageBackup(source: BackupSource): Promise<StagedBackup> {
  const dir = await mkdtemp(path.join(source.dataDir, STAGING_PREFIX));
  const dispose = () => rm(dir, { recursive: true, force: true });
  try {
    const { uploads, migrations } = await source.holdSweeps(async () => {
      await source.pglite.exec('checkpoint');
      const dump = await source.pglite.dumpDataDir('gzip');
      await pipeline(
        Readable.fromWeb(dump.stream() as import('node:stream/web').ReadableStream),
        createWriteStream(path.join(dir, DATABASE_ENTRY)),
      );
      return {
        migrations: await migrationsRun(source.pglite),
        uploads: source.uploadsDir
          ? await linkUploads(source.uploadsDir, path.join(dir, UPLOADS_ENTRY))
          : { files: 0, bytes: 0 },
      };
    });
    const secret = await readFile(path.join(source.dataDir, SESSION_SECRET_ENTRY)).catch(
      () => undefined,
    );
    if (secret) await writeFile(path.join(dir, SESSION_SECRET_ENTRY), secret, { mode: 0o600 });
    const manifest: BackupManifest = {
      format: FORMAT,
      version: FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      migrations,
      database: { bytes: (await stat(path.join(dir, DATABASE_ENTRY))).size },
      uploads,
      sessionSecret: secret !== undefined,
    };
    await writeFile(path.join(dir, MANIFEST_ENTRY), `${JSON.stringify(manifest, null, 2)}\n`);
    const entries = [
      DATABASE_ENTRY,
      ...(source.uploadsDir ? [UPLOADS_ENTRY] : []),
      ...(secret ? [SESSION_SECRET_ENTRY] : []),
      MANIFEST_ENTRY,
    ];
    return {
      manifest,
      pack: () => tar.c({ cwd: dir, portable: true }, entries) as unknown as Readable,
      dispose,
    };
  } catch (error) {
    await dispose();
    throw error;
  }
}

export class BackupFileError extends Error {
  constructor(file: string, problem: string) {
    super(`${file} is not a usable Keyhaven backup: ${problem}`);
    this.name = 'BackupFileError';
  }
}

/**
 * Reads a whole backup file and answers its manifest once every part it names is there, whole:
 * a file cut short, or one that is not a backup, is refused before anything is written from it.
 */
export async function verifyBackupFile(
  file: string,
  knownMigrations: number,
): Promise<BackupManifest> {
  let manifestText = '';
  let databaseBytes: number | undefined;
  let uploadFiles = 0;
  try {
    await tar.t({
      file,
      strict: true,
      onReadEntry: (entry) => {
        if (entry.path === MANIFEST_ENTRY) {
          entry.on('data', (chunk: Buffer) => {
            manifestText += chunk.toString('utf8');
          });
        } else if (entry.path === DATABASE_ENTRY) {
          databaseBytes = entry.size;
        } else if (entry.path.startsWith(`${UPLOADS_ENTRY}/`) && entry.type === 'File') {
          uploadFiles += 1;
        }
      },
    });
  } catch (error) {
    throw new BackupFileError(file, (error as Error).message);
  }
  if (!manifestText) throw new BackupFileError(file, `it has no ${MANIFEST_ENTRY} (cut short?)`);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(manifestText) as BackupManifest;
  } catch {
    throw new BackupFileError(file, `its ${MANIFEST_ENTRY} is not JSON`);
  }
  if (manifest.format !== FORMAT) throw new BackupFileError(file, 'it is not a Keyhaven backup');
  if (manifest.version !== FORMAT_VERSION) {
    throw new BackupFileError(
      file,
      `it is in format ${manifest.version}, this build reads format ${FORMAT_VERSION}`,
    );
  }
  if (manifest.migrations > knownMigrations) {
    throw new BackupFileError(
      file,
      `its database ran ${manifest.migrations} migrations and this build knows ${knownMigrations}: restore it with the newer Keyhaven that made it`,
    );
  }
  if (databaseBytes !== manifest.database.bytes) {
    throw new BackupFileError(file, `its ${DATABASE_ENTRY} is missing or not whole`);
  }
  if (uploadFiles !== manifest.uploads.files) {
    throw new BackupFileError(
      file,
      `it holds ${uploadFiles} upload files, its manifest says ${manifest.uploads.files}`,
    );
  }
  return manifest;
}
