import { PGlite } from '@electric-sql/pglite';

/*
 * Sets up a new embedded database, then exits: `pglite-init <data directory> [<uploads
 * directory> <log level>]`. The server runs this in a process of its own on first start. initdb
 * runs a second PostgreSQL, and the demo seed's pictures pass through libvips on every thread of
 * the pool; in the server, what they leave behind (about 450 MB and 90 MB) would stay for as
 * long as it runs. Given an uploads directory, it also migrates and adds the demo marketplace.
 */
const [dataDir, uploadsDir, logLevel = 'info'] = process.argv.slice(2);
if (!dataDir) {
  console.error('Usage: pglite-init <data directory> [<uploads directory> <log level>]');
  process.exit(2);
}
const cluster = await PGlite.create({ dataDir });
await cluster.close();

if (uploadsDir) {
  const [{ pino }, { openDatabase }, { seedDemoIfEmpty }, { createImageStorage }, { loadConfig }] =
    await Promise.all([
      import('pino'),
      import('./client.js'),
      import('./seed/demo.js'),
      import('../modules/uploads/create-image-storage.js'),
      import('../config.js'),
    ]);
  // The server's own settings (this process inherits its environment): with an object store,
  // the demo pictures go to the bucket every instance serves from, not to this disk.
  const { storage } = loadConfig();
  const log = pino({ level: logLevel });
  const database = await openDatabase({ driver: 'pglite', dataDir });
  try {
    await database.migrate();
    await seedDemoIfEmpty({
      db: database.db,
      storage: createImageStorage(
        storage.driver === 'local' ? { ...storage, dir: uploadsDir } : storage,
      ),
      log: { info: (message) => log.info(message) },
    });
  } finally {
    await database.close();
  }
}
