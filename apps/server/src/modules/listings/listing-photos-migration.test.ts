import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../../test/helpers/postgres-server.js';
import { testDatabaseUrl } from '../../../test/helpers/test-database.js';
import { type DatabaseHandle, openDatabase, queryRows } from '../../db/client.js';
import type { PublishedListing, StoredPhoto } from '../../db/schema.js';

const migrations = fileURLToPath(new URL('../../../drizzle', import.meta.url));
const BEFORE_PHOTOS = '0006_largest-first';

let handle: DatabaseHandle;
let drop = async () => {};
let before: string;

/** The migrations as they stood before listings had photos, in a folder of their own. */
async function migrationsBeforePhotos() {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'keyhaven-migrations-'));
  await cp(migrations, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8'));
  const last = journal.entries.findIndex((entry: { tag: string }) => entry.tag === BEFORE_PHOTOS);
  journal.entries = journal.entries.slice(0, last + 1);
  await writeFile(journalFile, JSON.stringify(journal));
  return folder;
}

beforeAll(async () => {
  before = await migrationsBeforePhotos();
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

describe('the migration that gives listings photos', () => {
  it("makes a listing's picture, and the picture buyers last saw approved, its first photo with the upload's size", async () => {
    await handle.db.execute(
      sql`insert into users (id, name, email, email_verified, role) values ('agent', 'Agent', 'agent@keyhaven.test', true, 'agent')`,
    );
    const upload = (key: string, width: number, height: number) =>
      handle.db.execute(sql`insert into uploads (owner_id, storage_key, source_type, width, height, bytes)
        values ('agent', ${key}, 'image/jpeg', ${width}, ${height}, 1000)`);
    await upload('aaaa', 1600, 1067);
    await upload('bbbb', 900, 1200);
    const listing = (title: string, image: string | null, published: unknown) =>
      handle.db.execute(sql`insert into properties
        (title, description, location, property_type, min_price_cents, max_price_cents, bedrooms, bathrooms, area_size, approval, agent_id, image, published)
        values (${title}, 'A home long enough to describe.', 'Austin, Texas', 'House', 100, 200, 1, 1, 500, 'approved', 'agent', ${image}, ${published === null ? null : JSON.stringify(published)}::jsonb)`);
    // Edited since its approval: buyers still see the picture it had then.
    await listing('Edited', '/uploads/aaaa-1600.webp', {
      title: 'Edited',
      image: '/uploads/bbbb-1600.webp',
    });
    await listing('Foreign', 'https://images.example.test/house.jpg', {
      title: 'Foreign',
      image: 'https://images.example.test/house.jpg',
    });
    await listing('Without', null, null);

    await handle.migrate();

    const rows = await queryRows<{
      title: string;
      image: string | null;
      photos: StoredPhoto[];
      published: PublishedListing | null;
    }>(handle.db, sql`select title, image, photos, published from properties order by title`);
    const byTitle = Object.fromEntries(rows.map((row) => [row.title, row]));
    const photo = (url: string, width: number, height: number) => ({
      url,
      alt: null,
      caption: null,
      width,
      height,
      placeholder: null,
    });
    expect(byTitle.Edited).toMatchObject({
      image: '/uploads/aaaa-1600.webp',
      photos: [photo('/uploads/aaaa-1600.webp', 1600, 1067)],
      published: {
        image: '/uploads/bbbb-1600.webp',
        photos: [photo('/uploads/bbbb-1600.webp', 900, 1200)],
      },
    });
    // Another host's picture was never shown to buyers: it becomes no photo, here and there.
    expect(byTitle.Foreign).toMatchObject({
      image: null,
      photos: [],
      published: { image: null, photos: [] },
    });
    expect(byTitle.Without).toMatchObject({ image: null, photos: [], published: null });
  });
});
