import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { configFrom } from '../../src/config.js';
import { type DatabaseHandle, openDatabase } from '../../src/db/client.js';
import { createAccount } from '../helpers/accounts.js';
import { createListing } from '../helpers/listings.js';
import {
  createScratchDatabase,
  postgresAnswers,
  postgresServerUrl,
  queryOnce,
  type ScratchDatabase,
} from '../helpers/postgres-server.js';

/*
 * Two instances of the app on one PostgreSQL database, each keeping search pages, listings and
 * its map index for five minutes: a change made through one, or by hand in the database, shows on
 * the other at once, because the database announces it. Skipped, with one line saying so, when
 * PostgreSQL does not answer.
 */

const available = await postgresAnswers();
if (!available) {
  console.warn(
    `PostgreSQL does not answer at ${postgresServerUrl}: the listing change notice tests are skipped.`,
  );
}

/** Austin's centre: the listing's map position comes from its city. */
const AROUND_AUSTIN = 'bbox=-98.2,30.0,-97.4,30.6';

let database: ScratchDatabase;
let dataDir: string;
const handles: DatabaseHandle[] = [];
let one: FastifyInstance;
let other: FastifyInstance;
let listingId: string;

async function instance(name: string) {
  const handle = await openDatabase({ driver: 'postgres', url: database.url });
  handles.push(handle);
  await handle.migrate();
  const app = await buildApp(
    configFrom({
      DATA_DIR: path.join(dataDir, name),
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      SEARCH_CACHE_SECONDS: '300',
    }),
    { database: handle },
  );
  await app.ready();
  return app;
}

/** The titles a public search and a map view of Austin show through `app`. */
async function titlesOn(app: FastifyInstance) {
  const titles = async (query: string) => {
    const answer = await app.inject({ method: 'GET', url: `/properties/search?${query}` });
    expect(answer.statusCode).toBe(200);
    return (answer.json() as Array<{ title: string }>).map((listing) => listing.title);
  };
  return { search: await titles('location=Austin'), map: await titles(AROUND_AUSTIN) };
}

describe.skipIf(!available)('listing changes heard of by every instance', () => {
  beforeAll(async () => {
    database = await createScratchDatabase('keyhaven_notices');
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'keyhaven-notices-'));
    one = await instance('one');
    other = await instance('other');
    const agent = await createAccount(one, 'agent');
    listingId = await createListing(one, agent, {
      title: 'Bungalow by the lake',
      lat: 30.27,
      lng: -97.74,
    });
    // The other instance's map index is built from the database as it stands now.
    await other.listingCache.map.settled();
  });

  afterAll(async () => {
    await one?.close();
    await other?.close();
    for (const handle of handles) await handle.close();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("shows a change made through one instance on the other's next search", async () => {
    // The other instance now keeps this search page and these listings.
    expect(await titlesOn(other)).toEqual({
      search: ['Bungalow by the lake'],
      map: ['Bungalow by the lake'],
    });

    const admin = await createAccount(one, 'admin');
    const rejected = await one.inject({
      method: 'PATCH',
      url: `/api/properties/admin-approval/${listingId}/false`,
      headers: admin.bearer,
    });
    expect(rejected.statusCode).toBe(200);

    await expect.poll(() => titlesOn(other), { timeout: 3000 }).toEqual({ search: [], map: [] });
  });

  it('shows a change made by hand in the database', async () => {
    await queryOnce(database.url, `update properties set approval = 'approved' where id = $1`, [
      listingId,
    ]);
    await expect
      .poll(() => titlesOn(other), { timeout: 3000 })
      .toEqual({ search: ['Bungalow by the lake'], map: ['Bungalow by the lake'] });
    await expect
      .poll(() => titlesOn(one), { timeout: 3000 })
      .toEqual({ search: ['Bungalow by the lake'], map: ['Bungalow by the lake'] });
  });

  it('catches up with what it missed while it could not listen', async () => {
    // The connection each instance listens on is cut; once they know, they keep the page again.
    await queryOnce(
      database.url,
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query like 'LISTEN %'`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await titlesOn(other)).search).toEqual(['Bungalow by the lake']);
    // A change no one hears of: it shows once the instance listens again.
    await queryOnce(database.url, `update properties set title = 'Lake house' where id = $1`, [
      listingId,
    ]);
    await expect
      .poll(() => titlesOn(other), { timeout: 5000 })
      .toEqual({ search: ['Lake house'], map: ['Lake house'] });
  });
});
