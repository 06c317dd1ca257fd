import '../lib/node-version.js';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.js';
import { lockDataDir } from '../db/data-dir-lock.js';
import { restoreBackup } from '../modules/backups/backup-restore.js';
import { fileArgument, requireEmbeddedDatabase, runCommand } from './backup-commands.js';

/*
 * `npm run restore -- <file>`: a backup made by `npm run backup`, restored into DATA_DIR, which
 * must be empty or missing. Start the server on it afterwards.
 */
runCommand(async () => {
  const file = path.resolve(fileArgument('restore'));
  const config = loadConfig();
  const database = requireEmbeddedDatabase(config, 'restore');
  if (!existsSync(file)) throw new Error(`There is no backup file ${file}.`);
  const manifest = await restoreBackup(file, {
    dataDir: config.dataDir,
    databaseDir: database.dataDir,
    lock: () => lockDataDir(config.dataDir),
  });
  return {
    restored: config.dataDir,
    from: file,
    createdAt: manifest.createdAt,
    migrations: manifest.migrations,
    database: manifest.database,
    uploads: manifest.uploads,
    sessionSecret: manifest.sessionSecret,
  };
});
