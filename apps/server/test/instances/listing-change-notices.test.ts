import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { configFrom } from '../../src/config.js';
import { type DatabaseHandle, openDatabase } from '../../src/db/client.js';
import { LISTING_CHANGES_CHANNEL } from '../../src/modules/listing-search/index.js';
import { createAccount, type TestAccount } from '../helpers/accounts.js';
import { createListing, listingBody } from '../helpers/listings.js';
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
 * the other at once, because the database announces it; a third starts with the public listings
 * already kept. Skipped, with one line saying so, when
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
const apps: FastifyInstance[] = [];
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
  apps.push(app);
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
    for (const app of apps) await app.close();
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

  it('keeps every listing a change through another instance did not touch, and forgets them all for a change that names none', async () => {
    const agent = await createAccount(one, 'agent');
    const admin = await createAccount(one, 'admin');
    const buyer = await createAccount(one);
    const edited = await createListing(one, agent, { title: 'Edited elsewhere' });
    const untouched = await createListing(one, agent, { title: 'Untouched' });
    const titleOn = async (app: FastifyInstance, id: string, viewer: TestAccount) => {
      const details = await app.inject({
        method: 'GET',
        url: `/api/properties/${id}`,
        headers: viewer.bearer,
      });
      expect(details.statusCode).toBe(200);
      return details.json().title as string;
    };
    // The other instance keeps both listings' details.
    expect(await titleOn(other, edited, buyer)).toBe('Edited elsewhere');
    expect(await titleOn(other, untouched, buyer)).toBe('Untouched');

    // Renamed with the database's triggers off (as a restore runs): no process hears of it.
    await queryOnce(
      database.url,
      `set session_replication_role = replica;
       update properties set title = 'Untouched, renamed unheard' where id = '${untouched}';`,
    );
    const edit = await one.inject({
      method: 'PATCH',
      url: `/api/properties/${edited}`,
      headers: admin.bearer,
      payload: { ...listingBody({ title: 'Edited, renamed' }), availability: 'Available' },
    });
    expect(edit.statusCode).toBe(200);
    await expect
      .poll(() => titleOn(other, edited, buyer), { timeout: 3000 })
      .toBe('Edited, renamed');
    expect(await titleOn(other, untouched, buyer)).toBe('Untouched');

    // The agent's name is on every listing of theirs: its change names no listing.
    await queryOnce(database.url, `update users set name = 'Renamed Agent' where id = $1`, [
      agent.id,
    ]);
    await expect
      .poll(() => titleOn(other, untouched, buyer), { timeout: 3000 })
      .toBe('Untouched, renamed unheard');
  });

  it('warms a starting instance, which is ready once it holds the public listings and answers them from memory', async () => {
    const starting = await instance('starting');
    await expect
      .poll(async () => (await starting.inject({ method: 'GET', url: '/readyz' })).statusCode, {
        timeout: 10_000,
      })
      .toBe(200);
    expect(starting.listingCacheWarm()).toBe(true);
    expect(starting.listingCache.listings.heldBytes).toBeGreaterThan(0);
    const [held] = await queryOnce<{ title: string }>(
      database.url,
      'select title from properties where id = $1',
      [listingId],
    );

    // Renamed with the database's triggers off: no instance hears of it, so the details the
    // warm-up kept still show the title it read.
    await queryOnce(
      database.url,
      `set session_replication_role = replica;
       update properties set title = title || ', renamed unheard';`,
    );
    const buyer = await createAccount(starting);
    const details = await starting.inject({
      method: 'GET',
      url: `/api/properties/${listingId}`,
      headers: buyer.bearer,
    });
    expect(details.statusCode).toBe(200);
    expect(details.json().title).toBe(held?.title);
  });
});

describe.skipIf(!available)('listing change notices', () => {
  let scratch: ScratchDatabase;
  let listener: pg.Client;
  let writer: pg.Client;
  const heard: string[] = [];
  let agentId: string;

  beforeAll(async () => {
    scratch = await createScratchDatabase('keyhaven_notice_texts');
    const handle = await openDatabase({ driver: 'postgres', url: scratch.url });
    await handle.migrate();
    await handle.close();
    listener = new pg.Client({ connectionString: scratch.url });
    await listener.connect();
    listener.on('notification', ({ payload }) => heard.push(payload ?? ''));
    await listener.query(`LISTEN ${LISTING_CHANGES_CHANNEL}`);
    writer = new pg.Client({ connectionString: scratch.url, application_name: 'notice-test' });
    await writer.connect();
    const agent = await writer.query<{ id: string }>(
      `insert into users (id, name, email, email_verified, role)
       values (gen_random_uuid()::text, 'Agent', 'agent@keyhaven.test', true, 'agent')
       returning id`,
    );
    agentId = agent.rows[0]?.id as string;
  });

  afterAll(async () => {
    await listener?.end();
    await writer?.end();
    await scratch?.drop();
  });

  /** What the listener hears once `change` commits (notices arrive in the order they were sent). */
  async function heardOf(change: string | (() => Promise<unknown>)) {
    heard.length = 0;
    await (typeof change === 'string' ? writer.query(change) : change());
    // A notice sent after the change's own ones marks the end of what it announced.
    await writer.query(`select pg_notify('${LISTING_CHANGES_CHANNEL}', 'end')`);
    await expect.poll(() => heard.at(-1), { timeout: 3000 }).toBe('end');
    return heard.slice(0, -1);
  }

  const insertListings = (count: number) =>
    writer.query<{ id: string }>(
      `insert into properties (agent_id, title, description, location, property_type,
         min_price_cents, max_price_cents, bedrooms, bathrooms, area_size, approval)
       select $1, 'Home ' || n, 'A home', 'Austin, TX', 'House', 10000000, 20000000, 3, 2, 1500,
         'approved'
       from generate_series(1, $2::int) as n
       returning id`,
      [agentId, count],
    );

  it('names the listings a statement added, changed or removed, and none for a change of more than 100', async () => {
    let added: string[] = [];
    const [addedNotice, ...more] = await heardOf(async () => {
      added = (await insertListings(2)).rows.map((row) => row.id);
    });
    expect(more).toEqual([]);
    expect(addedNotice?.split('\n')).toEqual(['notice-test', expect.any(String)]);
    expect(addedNotice?.split('\n')[1]?.split(',').sort()).toEqual([...added].sort());

    const [first, second] = added;
    expect(await heardOf(`update properties set title = 'Renamed' where id = '${first}'`)).toEqual([
      `notice-test\n${first}`,
    ]);
    // An update that changes nothing announces nothing.
    expect(await heardOf(`update properties set title = 'Renamed' where id = '${first}'`)).toEqual(
      [],
    );
    expect(await heardOf(`delete from properties where id = '${second}'`)).toEqual([
      `notice-test\n${second}`,
    ]);

    expect(await heardOf(() => insertListings(101))).toEqual(['notice-test']);
    expect(await heardOf(`update properties set bedrooms = bedrooms + 1`)).toEqual(['notice-test']);
    expect(
      await heardOf(`update users set name = 'Renamed Agent' where id = '${agentId}'`),
    ).toEqual(['notice-test']);
  });
});
