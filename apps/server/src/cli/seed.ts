import '../lib/node-version.js';
import { parseArgs } from 'node:util';
import { Presets, SingleBar } from 'cli-progress';
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { DataDirLockedError, lockDataDir } from '../db/data-dir-lock.js';
import { seedDemoIfEmpty } from '../db/seed/demo.js';
import { seedListings } from '../db/seed/listings.js';
import { DEFAULT_PHOTO_POOL_SIZE, drawPhotoPool } from '../db/seed/photo-pool.js';
import { createImageStorage } from '../modules/uploads/create-image-storage.js';

const USAGE = `Usage: npm run seed -- [--listings N] [--seed S] [--photos P]

Seeds the demo marketplace when the database is empty, then adds N generated listings
(default 0) for benchmarks, their photos combined from P drawn ones. Uses the same configuration as the server (DATA_DIR, DATABASE_URL).
With the embedded database, stop the server first: one process owns the data directory.

  --listings N   how many listings to generate (up to 10,000,000)
  --seed S       random seed; the same seed generates the same listings (default 1)
  --photos P     how many photos to draw for them, 0 for none (default ${DEFAULT_PHOTO_POOL_SIZE})
  -h, --help     show this help`;

const MAX_LISTINGS = 10_000_000;
const MAX_PHOTOS = 5000;

class UsageError extends Error {}

function wholeNumber(name: string, text: string, max: number): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value > max) {
    throw new UsageError(
      `--${name} must be a whole number from 0 to ${max.toLocaleString('en-US')}`,
    );
  }
  return value;
}

async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      listings: { type: 'string', default: '0' },
      seed: { type: 'string', default: '1' },
      photos: { type: 'string', default: String(DEFAULT_PHOTO_POOL_SIZE) },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const count = wholeNumber('listings', values.listings, MAX_LISTINGS);
  const seed = wholeNumber('seed', values.seed, 2 ** 32 - 1);
  const photoCount = wholeNumber('photos', values.photos, MAX_PHOTOS);

  const config = loadConfig();
  if (config.isProduction) {
    // The demo accounts' passwords are published in the README: they never reach real users.
    throw new ConfigError([
      'NODE_ENV: production never seeds the demo marketplace: its accounts would sign in with published passwords',
    ]);
  }
  const lock = config.database.driver === 'pglite' ? lockDataDir(config.dataDir) : undefined;
  try {
    const database = await openDatabase(config.database);
    try {
      await database.migrate();
      const storage = createImageStorage(config.storage);
      const seeded = await seedDemoIfEmpty({
        db: database.db,
        storage,
        log: { info: (message) => console.log(message) },
      });
      if (!seeded) console.log('The database already has users: the demo data was not added.');
      if (count === 0) return;

      let photoPool: Awaited<ReturnType<typeof drawPhotoPool>> | undefined;
      if (photoCount > 0) {
        const drawingStarted = performance.now();
        photoPool = await drawPhotoPool(database.db, storage, { size: photoCount, seed });
        const drawn = [
          ...Object.values(photoPool.fronts),
          ...Object.values(photoPool.rooms),
        ].flat();
        console.log(
          `Drew ${drawn.length} photos to share among the listings in ${((performance.now() - drawingStarted) / 1000).toFixed(1)} s.`,
        );
      }

      const bar = new SingleBar(
        { format: 'Listings {bar} {percentage}% | {value}/{total} | {eta_formatted} left' },
        Presets.shades_classic,
      );
      const started = performance.now();
      bar.start(count, 0);
      const inserted = await seedListings(database.db, {
        count,
        seed,
        photoPool,
        onProgress: (done) => bar.update(done),
      });
      bar.stop();
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `Inserted ${inserted.toLocaleString('en-US')} listings in ${seconds.toFixed(1)} s (${Math.round(inserted / seconds).toLocaleString('en-US')} rows/s) into ${config.database.driver === 'pglite' ? config.database.dataDir : 'PostgreSQL'}.`,
      );
      // Planner statistics and the visibility map (which lets counts read indexes alone) for the
      // new rows now: PGlite runs no autovacuum, and PostgreSQL's would come later.
      const vacuumStarted = performance.now();
      await database.db.execute(sql`vacuum analyze`);
      console.log(
        `Vacuumed and analysed in ${((performance.now() - vacuumStarted) / 1000).toFixed(1)} s.`,
      );
    } finally {
      await database.close();
    }
  } finally {
    lock?.release();
  }
}

const isUsageError = (error: unknown) =>
  error instanceof UsageError ||
  // node:util parseArgs rejects unknown options and missing values with these codes.
  String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS');

function describeFailure(error: unknown): string {
  if (isUsageError(error)) return `${(error as Error).message}\n\n${USAGE}`;
  if (error instanceof ConfigError || error instanceof DataDirLockedError) return error.message;
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

run(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(describeFailure(error));
    process.exit(1);
  },
);
