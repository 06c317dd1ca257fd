import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMigratedUpTo } from '../../../test/helpers/partly-migrated-database.js';
import { type DatabaseHandle, queryRows } from '../../db/client.js';
import type { PublishedListing, StoredPhoto } from '../../db/schema.js';

/** The last migration before listings had photos. */
const BEFORE_PHOTOS = '0006_largest-first';

let handle: DatabaseHandle;
let close = async () => {};

beforeAll(async () => {
  ({ handle, close } = await databaseMigratedUpTo(BEFORE_PHOTOS));
});

afterAll(() => close());

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
