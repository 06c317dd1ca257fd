import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { seedCli } from './paths.mjs';

/** Bytes under a directory, recursively (the PGlite data directory's size on disk). */
export function directorySize(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += directorySize(full);
    else if (entry.isFile()) total += statSync(full).size;
  }
  return total;
}

const withDatabase = (url, name) => {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
};

/**
 * A fresh database for one run: a new PGlite directory under `dataDir`, or, with `databaseUrl`,
 * a new database created on that PostgreSQL server (dropped again by `drop()` unless kept).
 */
export async function createDatabase({ databaseUrl, dataDir, keep, reuse }) {
  if (!databaseUrl) {
    const pgliteDir = path.join(dataDir, 'pglite');
    return {
      kind: 'pglite',
      label: `PGlite (${pgliteDir})`,
      env: { DATA_DIR: dataDir },
      pgliteDir,
      size: async () => directorySize(pgliteDir),
      drop: async () => {},
    };
  }
  const name = reuse ?? `keyhaven_bench_${Date.now().toString(36)}_${process.pid}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`--database ${name}: not a plain name`);
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (rows.length === 0) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(databaseUrl, name);
  return {
    kind: 'postgres',
    label: `PostgreSQL (${new URL(url).host}, database ${name}${reuse ? ', reused' : keep ? ', kept' : ', dropped after the run'})`,
    env: { DATA_DIR: dataDir, DATABASE_URL: url },
    url,
    name,
    size: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const { rows } = await client.query('select pg_database_size(current_database()) as size');
        return Number(rows[0].size);
      } finally {
        await client.end();
      }
    },
    /** Listings already there: a reused database seeded by an earlier run is not seeded again. */
    listings: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const { rows } = await client.query(
          "select count(*)::int as n from pg_tables where tablename = 'properties'",
        );
        if (rows[0].n === 0) return 0;
        return (await client.query('select count(*)::int as n from properties')).rows[0].n;
      } finally {
        await client.end();
      }
    },
    drop: async () => {
      if (keep || reuse) return;
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * Seeds through the product's own seed command (demo accounts and listings, then `listings`
 * generated ones) so the data is what `npm run seed` makes; its progress bar is shown as is.
 */
export function seed(database, { listings, seedValue }) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(
      process.execPath,
      [seedCli, '--listings', String(listings), '--seed', String(seedValue)],
      {
        stdio: ['ignore', 'inherit', 'inherit'],
        env: {
          ...process.env,
          ...database.env,
          NODE_ENV: 'development',
          LOG_LEVEL: 'warn',
          // A batch of a million-listing seed on a busy host may outlast a request's limit.
          DATABASE_TIMEOUT_MS: process.env.DATABASE_TIMEOUT_MS ?? '600000',
        },
      },
    );
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve((performance.now() - started) / 1000);
      else reject(new Error(`the seed command exited with ${code}`));
    });
  });
}
