import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMigratedUpTo } from '../../../test/helpers/partly-migrated-database.js';
import { type DatabaseHandle, queryRows } from '../../db/client.js';

/** The last migration before listings kept a history. */
const BEFORE_HISTORY = '0020_viewing-tours';

let handle: DatabaseHandle;
let close = async () => {};

beforeAll(async () => {
  ({ handle, close } = await databaseMigratedUpTo(BEFORE_HISTORY));
});

afterAll(() => close());

const published = { title: 'Home', minPriceCents: 20_000_000, maxPriceCents: 22_000_000 };

describe('the migration that gives listings a history', () => {
  it('writes what was known (creation, first approval, accepted offers, sales) in time order, already told', async () => {
    const run = (query: ReturnType<typeof sql>) => handle.db.execute(query);
    await run(sql`insert into users (id, name, email, email_verified, role) values
      ('agent', 'Agent', 'agent@history.test', true, 'agent'),
      ('buyer', 'Buyer', 'buyer@history.test', true, 'user'),
      ('admin', 'Admin', 'admin@history.test', true, 'admin')`);
    const listing = (
      id: string,
      approval: string,
      availability: string,
      createdAt: string,
      isPublished: boolean,
    ) =>
      run(sql`insert into properties
        (id, title, description, location, property_type, min_price_cents, max_price_cents, bedrooms,
         bathrooms, area_size, approval, availability, agent_id, published, created_at, updated_at)
        values (${id}, 'Home', 'A home long enough to describe.', 'Austin, Texas', 'House',
          20000000, 22000000, 3, 2, 1500, ${approval}, ${availability}, 'agent',
          ${isPublished ? JSON.stringify(published) : null}::jsonb, ${createdAt}, '2026-10-20T00:00:00Z')`);
    const SOLD = '00000000-0000-4000-8000-000000000001';
    const LAPSED = '00000000-0000-4000-8000-000000000002';
    const MARKED = '00000000-0000-4000-8000-000000000003';
    const PENDING = '00000000-0000-4000-8000-000000000004';
    await listing(SOLD, 'approved', 'Sold', '2026-09-01T00:00:00Z', true);
    await listing(LAPSED, 'approved', 'Available', '2026-09-02T00:00:00Z', true);
    await listing(MARKED, 'approved', 'Sold', '2026-09-03T00:00:00Z', true);
    await listing(PENDING, 'pending', 'Available', '2026-09-04T00:00:00Z', false);
    await run(sql`insert into audit_log (actor_id, actor_email, action, target_type, target_id, details, created_at)
      values ('admin', 'admin@history.test', 'property.approval_changed', 'property', ${SOLD},
        '{"to": "approved"}'::jsonb, '2026-09-05T00:00:00Z')`);
    await run(sql`insert into offers (id, property_id, buyer_id, amount_cents, buying_date, status, accepted_at, created_at, updated_at) values
      ('00000000-0000-4000-8000-0000000000a1', ${SOLD}, 'buyer', 21000000, '2026-12-01', 'paid', '2026-09-10T00:00:00Z', '2026-09-09T00:00:00Z', '2026-09-11T00:00:00Z'),
      ('00000000-0000-4000-8000-0000000000a2', ${LAPSED}, 'buyer', 20500000, '2026-12-01', 'lapsed', '2026-09-12T00:00:00Z', '2026-09-11T00:00:00Z', '2026-09-20T00:00:00Z')`);
    await run(sql`insert into payments (property_id, offer_id, buyer_id, amount_cents, provider, status, checkout_session_id, paid_at)
      values (${SOLD}, '00000000-0000-4000-8000-0000000000a1', 'buyer', 21000000, 'demo', 'paid', 'cs_history', '2026-09-11T00:00:00Z')`);

    await handle.migrate();

    const events = await queryRows<{
      propertyId: string;
      kind: string;
      occurredAt: Date;
      salePriceCents: string | number | null;
      told: boolean;
    }>(
      handle.db,
      sql`select property_id as "propertyId", kind, occurred_at as "occurredAt",
            sale_price_cents as "salePriceCents", announced_at is not null as told
          from listing_events order by id`,
    );
    const of = (id: string) =>
      events
        .filter((event) => event.propertyId === id)
        .map((event) => [event.kind, new Date(event.occurredAt).toISOString().slice(0, 10)]);
    expect(of(SOLD)).toEqual([
      ['created', '2026-09-01'],
      ['listed', '2026-09-05'],
      ['under_offer', '2026-09-10'],
      ['sold', '2026-09-11'],
    ]);
    expect(of(LAPSED)).toEqual([
      ['created', '2026-09-02'],
      ['listed', '2026-09-02'],
      ['under_offer', '2026-09-12'],
      ['back_on_market', '2026-09-20'],
    ]);
    // Marked sold by its agent: its last change is its sale's date, and no price is known.
    expect(of(MARKED)).toEqual([
      ['created', '2026-09-03'],
      ['listed', '2026-09-03'],
      ['sold', '2026-10-20'],
    ]);
    expect(of(PENDING)).toEqual([['created', '2026-09-04']]);
    // Written in time order, and nobody is alerted of the past.
    const times = events.map((event) => new Date(event.occurredAt).getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(events.every((event) => event.told)).toBe(true);
    const sale = events.find((event) => event.propertyId === SOLD && event.kind === 'sold');
    expect(Number(sale?.salePriceCents)).toBe(21_000_000);

    const rows = await queryRows<{ id: string; soldAt: Date | null; soldPriceCents: unknown }>(
      handle.db,
      sql`select id, sold_at as "soldAt", sold_price_cents as "soldPriceCents" from properties order by id`,
    );
    expect(
      rows.map((row) => [row.soldAt ? new Date(row.soldAt).toISOString().slice(0, 10) : null]),
    ).toEqual([['2026-09-11'], [null], ['2026-10-20'], [null]]);
    expect(Number(rows[0]?.soldPriceCents)).toBe(21_000_000);
    expect(rows[2]?.soldPriceCents).toBeNull();
  });
});
