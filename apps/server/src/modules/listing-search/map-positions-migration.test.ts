import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../../test/helpers/postgres-server.js';
import { testDatabaseUrl } from '../../../test/helpers/test-database.js';
import { type DatabaseHandle, openDatabase, queryRows } from '../../db/client.js';
import { CITY_CENTRES } from '../../db/seed/city-centres.js';

const migrations = fileURLToPath(new URL('../../../drizzle', import.meta.url));
const BEFORE_PINS = '0004_money-follows-trust';

let handle: DatabaseHandle;
let drop = async () => {};
let before: string;

/** The migrations as they stood before listings had pins, in a folder of their own. */
async function migrationsBeforePins() {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'keyhaven-migrations-'));
  await cp(migrations, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8'));
  const last = journal.entries.findIndex((entry: { tag: string }) => entry.tag === BEFORE_PINS);
  journal.entries = journal.entries.slice(0, last + 1);
  await writeFile(journalFile, JSON.stringify(journal));
  return folder;
}

beforeAll(async () => {
  before = await migrationsBeforePins();
  if (testDatabaseUrl) {
    const scratch = await createScratchDatabase('keyhaven_test', testDatabaseUrl);
    handle = await openDatabase({ driver: 'postgres', url: scratch.url });
    drop = scratch.drop;
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(handle.db as never, { migrationsFolder: before });
  } else {
    handle = await openDatabase({ driver: 'pglite', dataDir: 'memory' });
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(handle.db as never, { migrationsFolder: before });
  }
});

afterAll(async () => {
  await handle?.close();
  await drop();
  if (before) await rm(before, { recursive: true, force: true });
});

describe('the migration that gives listings a map position', () => {
  it('places existing listings at the centre of the city their location names, and leaves the rest without a pin', async () => {
    await handle.db.execute(
      sql`insert into users (id, name, email, email_verified, role) values ('agent', 'Agent', 'agent@keyhaven.test', true, 'agent')`,
    );
    const listing = (title: string, location: string, approval: string, published: unknown) =>
      handle.db.execute(sql`insert into properties
        (title, description, location, property_type, min_price_cents, max_price_cents, bedrooms, bathrooms, area_size, approval, agent_id, published)
        values (${title}, 'A home long enough to describe.', ${location}, 'House', 100, 200, 1, 1, 500, ${approval}, 'agent', ${published === null ? null : JSON.stringify(published)}::jsonb)`);
    await listing('City', 'Austin, Texas', 'approved', {
      title: 'City',
      location: 'Austin, Texas',
    });
    await listing('Street', '12 Oak Lane, Seattle, Washington', 'pending', null);
    await listing('Any case', '  coeur d’alene, idaho ', 'rejected', null);
    await listing('Edited', 'Denver, Colorado', 'pending', { location: 'Boise, Idaho' });
    await listing('Unknown', 'Atlantis', 'approved', { location: 'Atlantis' });

    await handle.migrate();

    const rows = await queryRows<{
      title: string;
      lat: number | null;
      lng: number | null;
      published: { lat?: number | null; lng?: number | null } | null;
    }>(handle.db, sql`select title, lat, lng, published from properties order by title`);
    const centre = (place: string) => {
      const [lat, lng] = CITY_CENTRES[place] as readonly [number, number];
      return { lat, lng };
    };
    const byTitle = Object.fromEntries(rows.map((row) => [row.title, row]));
    expect(byTitle.City).toMatchObject({
      ...centre('Austin, Texas'),
      published: centre('Austin, Texas'),
    });
    expect(byTitle.Street).toMatchObject({ ...centre('Seattle, Washington'), published: null });
    expect(byTitle['Any case']).toMatchObject(centre('Coeur d’Alene, Idaho'));
    // What buyers see while an edit waits keeps the pin of the location they were shown.
    expect(byTitle.Edited).toMatchObject({
      ...centre('Denver, Colorado'),
      published: centre('Boise, Idaho'),
    });
    expect(byTitle.Unknown).toMatchObject({
      lat: null,
      lng: null,
      published: { lat: null, lng: null },
    });
  });
});
