import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMigratedUpTo } from '../../../test/helpers/partly-migrated-database.js';
import { type DatabaseHandle, queryRows } from '../../db/client.js';
import { CITY_CENTRES } from '../../db/seed/city-centres.js';

/** The last migration before listings had pins. */
const BEFORE_PINS = '0004_money-follows-trust';

let handle: DatabaseHandle;
let close = async () => {};

beforeAll(async () => {
  ({ handle, close } = await databaseMigratedUpTo(BEFORE_PINS));
});

afterAll(() => close());

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
