import { GEO_MESSAGES, MAP_PINS_MAX } from '@keyhaven/shared';
import { desc, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../../test/helpers/accounts.js';
import { createListing, listingBody } from '../../../test/helpers/listings.js';
import { useTestApp } from '../../../test/helpers/test-app.js';
import { properties } from '../../db/schema.js';

const ctx = useTestApp();

const SEARCHES = ['/properties/search', '/api/all-properties'] as const;

/** The titles a search answers, in order, and its X-Total-Count, on both search routes. */
async function searchBoth(query: string, viewer: TestAccount) {
  const answers = [];
  for (const path of SEARCHES) {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `${path}?${query}`,
      headers: path === '/properties/search' ? {} : viewer.bearer,
    });
    expect(response.statusCode, `${path}?${query}: ${response.body}`).toBe(200);
    const titles: string[] = response.json().map((p: { title: string }) => p.title);
    answers.push({ titles, total: Number(response.headers['x-total-count']) });
  }
  expect(answers[1], `both routes agree on ${query}`).toEqual(answers[0]);
  return answers[0] as { titles: string[]; total: number };
}

const sorted = (titles: string[]) => [...titles].sort();

async function expectFound(query: string, viewer: TestAccount, expected: string[]) {
  const { titles, total } = await searchBoth(query, viewer);
  expect(sorted(titles), query).toEqual(sorted(expected));
  expect(total, `${query} total`).toBe(expected.length);
}

const pin = (lng: number, lat: number) => ({ lng, lat });

describe('map area (bbox)', () => {
  it('includes listings on its edges and corners, and leaves out those outside or without a pin', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const buyer = await createAccount(ctx.app, 'user');
    await createListing(ctx.app, agent, { title: 'Corner', ...pin(-97.8, 30.2) });
    await createListing(ctx.app, agent, { title: 'South edge', ...pin(-97.7, 30.2) });
    await createListing(ctx.app, agent, { title: 'North-east corner', ...pin(-97.6, 30.4) });
    await createListing(ctx.app, agent, { title: 'Inside', ...pin(-97.7, 30.3) });
    await createListing(ctx.app, agent, { title: 'West of it', ...pin(-97.800001, 30.3) });
    await createListing(ctx.app, agent, { title: 'No pin' });

    await expectFound('bbox=-97.8,30.2,-97.6,30.4', buyer, [
      'Corner',
      'South edge',
      'North-east corner',
      'Inside',
    ]);
    // Without an area, homes without a map position still show in lists.
    const all = await searchBoth('', buyer);
    expect(all.total).toBe(6);
    expect(all.titles).toContain('No pin');
    // A zero-width area is a line: homes on it count.
    await expectFound('bbox=-97.7,30.2,-97.7,30.3', buyer, ['South edge', 'Inside']);
  });
});

describe('map views of one shape', () => {
  it('each finds its own listings and pins, past the runs after which PostgreSQL keeps one plan for the shape', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const buyer = await createAccount(ctx.app, 'user');
    const count = 10;
    for (let i = 0; i < count; i++) {
      await createListing(ctx.app, agent, { title: `Home ${i}`, ...pin(-90 + i, 40) });
      await createListing(ctx.app, agent, {
        title: `Flat ${i}`,
        propertyType: 'Apartment',
        ...pin(-90 + i, 40.05),
      });
    }
    for (let i = 0; i < count; i++) {
      const bbox = `bbox=${-90 + i - 0.1},39.9,${-90 + i + 0.1},40.1`;
      await expectFound(bbox, buyer, [`Home ${i}`, `Flat ${i}`]);
      await expectFound(`${bbox}&propertyType=Apartment`, buyer, [`Flat ${i}`]);
      // Past the last page: no listings, and still the view's total.
      expect(await searchBoth(`${bbox}&page=2&limit=2`, buyer)).toEqual({ titles: [], total: 2 });
      const pins = await ctx.app.inject({ method: 'GET', url: `/properties/search/pins?${bbox}` });
      expect(pins.json().pins.map((p: { lng: number }) => p.lng)).toEqual([-90 + i, -90 + i]);
      const outline = `polygon=${-90 + i - 0.1},39.9;${-90 + i + 0.1},39.9;${-90 + i},40.02`;
      await expectFound(outline, buyer, [`Home ${i}`]);
    }
  });
});

describe('outline (polygon)', () => {
  // A U open to the north: two arms joined by a base, the notch between them outside.
  const U = '-97,30;-96.7,30;-96.7,30.3;-96.8,30.3;-96.8,30.1;-96.9,30.1;-96.9,30.3;-97,30.3';

  it('includes listings inside a concave outline and on its edges, and not in its notch', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const buyer = await createAccount(ctx.app, 'user');
    await createListing(ctx.app, agent, { title: 'Left arm', ...pin(-96.95, 30.2) });
    await createListing(ctx.app, agent, { title: 'Right arm', ...pin(-96.75, 30.25) });
    await createListing(ctx.app, agent, { title: 'Base', ...pin(-96.85, 30.05) });
    await createListing(ctx.app, agent, { title: 'Inner edge', ...pin(-96.8, 30.2) });
    await createListing(ctx.app, agent, { title: 'Corner of the notch', ...pin(-96.9, 30.1) });
    await createListing(ctx.app, agent, { title: 'In the notch', ...pin(-96.85, 30.2) });
    await createListing(ctx.app, agent, { title: 'East of it', ...pin(-96.6, 30.1) });
    await createListing(ctx.app, agent, { title: 'No pin' });

    const inside = ['Left arm', 'Right arm', 'Base', 'Inner edge', 'Corner of the notch'];
    await expectFound(`polygon=${U}`, buyer, inside);
    // Closing the outline by repeating its first corner changes nothing.
    await expectFound(`polygon=${U};-97,30`, buyer, inside);
    // With an area too, a listing must be in both.
    await expectFound(`polygon=${U}&bbox=-97,30,-96.85,30.3`, buyer, [
      'Left arm',
      'Base',
      'Corner of the notch',
    ]);
  });
});

describe('filters', () => {
  async function seedFilterHomes() {
    const agent = await createAccount(ctx.app, 'agent');
    const buyer = await createAccount(ctx.app, 'user');
    const near = pin(-97.74, 30.27);
    const homes = [
      {
        title: 'Small flat',
        propertyType: 'Apartment',
        minPrice: 200_000,
        maxPrice: 220_000,
        bedrooms: 1,
        bathrooms: 1,
        areaSize: 600,
        features: ['Elevator'],
      },
      {
        title: 'Family house',
        propertyType: 'House',
        minPrice: 400_000,
        maxPrice: 450_000,
        bedrooms: 4,
        bathrooms: 2.5,
        areaSize: 2400,
        features: ['Garden', 'Garage', 'Swimming Pool'],
      },
      {
        title: 'Garden villa',
        propertyType: 'Villa',
        minPrice: 900_000,
        maxPrice: 1_000_000,
        bedrooms: 5,
        bathrooms: 4,
        areaSize: 5200,
        features: ['Garden', 'Swimming Pool'],
      },
      {
        title: 'Town house',
        propertyType: 'Townhouse',
        minPrice: 350_000,
        maxPrice: 380_000,
        bedrooms: 3,
        bathrooms: 2,
        areaSize: 2400,
        features: ['Garage'],
      },
    ];
    for (const home of homes) await createListing(ctx.app, agent, { ...home, ...near });
    return buyer;
  }

  it('narrows by each filter alone', async () => {
    const buyer = await seedFilterHomes();
    await expectFound('types=House,Villa', buyer, ['Family house', 'Garden villa']);
    await expectFound('types=House,House', buyer, ['Family house']);
    await expectFound('features=Garden', buyer, ['Family house', 'Garden villa']);
    await expectFound('features=Garage,Swimming Pool', buyer, ['Family house']);
    // Containment: the whole asked price range holds the listing's.
    await expectFound('minPrice=350000', buyer, ['Family house', 'Garden villa', 'Town house']);
    await expectFound('maxPrice=450000', buyer, ['Small flat', 'Family house', 'Town house']);
    await expectFound('maxPrice=449999', buyer, ['Small flat', 'Town house']);
    await expectFound('minPrice=210000&maxPrice=1000000', buyer, [
      'Family house',
      'Garden villa',
      'Town house',
    ]);
    await expectFound('minBeds=4', buyer, ['Family house', 'Garden villa']);
    await expectFound('minBaths=2.5', buyer, ['Family house', 'Garden villa']);
    await expectFound('minBaths=', buyer, [
      'Small flat',
      'Family house',
      'Garden villa',
      'Town house',
    ]);
  });

  it('combines filters, the area and the old price ranges, with exact totals', async () => {
    const buyer = await seedFilterHomes();
    const area = 'bbox=-97.8,30.2,-97.7,30.3';
    await expectFound(`${area}&types=House,Villa,Townhouse&features=Garage&minBeds=3`, buyer, [
      'Family house',
      'Town house',
    ]);
    await expectFound(`${area}&types=House,Villa&features=Swimming Pool&minPrice=500000`, buyer, [
      'Garden villa',
    ]);
    await expectFound(`${area}&minBaths=2&maxPrice=400000&propertyType=Townhouse`, buyer, [
      'Town house',
    ]);
    await expectFound(
      `${area}&features=Garden&priceRange=${encodeURIComponent('$300k - $600k')}`,
      buyer,
      ['Family house'],
    );
    // Bounds that are exactly a price bracket find what the bracket finds.
    await expectFound(`${area}&minPrice=300000&maxPrice=600000`, buyer, [
      'Family house',
      'Town house',
    ]);
    await expectFound(`${area}&minPrice=600000&types=House,Villa`, buyer, ['Garden villa']);
    // Another area is counted on its own, however recently the first was counted.
    await expectFound('bbox=-90,30,-89,31&types=House', buyer, []);
  });

  it('sorts by area, largest first, then by id', async () => {
    const buyer = await seedFilterHomes();
    const { titles } = await searchBoth('sort=area-desc', buyer);
    expect(titles.slice(0, 1)).toEqual(['Garden villa']);
    expect(sorted(titles.slice(1, 3))).toEqual(['Family house', 'Town house']);
    expect(titles[3]).toBe('Small flat');
    const tied = await ctx.app.db
      .select({ id: properties.id, title: properties.title })
      .from(properties)
      .where(eq(properties.areaSize, 2400));
    const byId = tied.sort((a, b) => (a.id < b.id ? -1 : 1)).map((row) => row.title);
    expect(titles.slice(1, 3)).toEqual(byId);
  });
});

describe('malformed search parameters', () => {
  const U = '-97,30;-96.7,30;-96.7,30.3;-97,30.3';
  const manyCorners = Array.from({ length: 101 }, (_, i) => {
    const angle = (2 * Math.PI * i) / 101;
    return `${(-97 + 0.1 * Math.cos(angle)).toFixed(6)},${(30 + 0.1 * Math.sin(angle)).toFixed(6)}`;
  }).join(';');
  it.each([
    ['bbox=somewhere', 'bbox', GEO_MESSAGES.bboxFormat],
    ['bbox=-97,30,-96', 'bbox', GEO_MESSAGES.bboxFormat],
    ['bbox=-200,30,-96,31', 'bbox', GEO_MESSAGES.longitudeRange],
    ['bbox=-97,30,-96,95', 'bbox', GEO_MESSAGES.latitudeRange],
    ['bbox=-96,30,-97,31', 'bbox', GEO_MESSAGES.bboxOrder],
    ['bbox=-97,31,-96,30', 'bbox', GEO_MESSAGES.bboxOrder],
    ['polygon=-97,30;-96,30', 'polygon', GEO_MESSAGES.polygonVertices],
    [`polygon=${manyCorners}`, 'polygon', GEO_MESSAGES.polygonVertices],
    ['polygon=-97,30;-96,31;-96,30;-97,31', 'polygon', GEO_MESSAGES.polygonSelfIntersecting],
    ['polygon=-97,30;-96,x;-96,31', 'polygon', GEO_MESSAGES.polygonFormat],
    ['polygon=-97,30;-96,30;-96,91', 'polygon', GEO_MESSAGES.latitudeRange],
    [`polygon=${U}&types=Castle`, 'types', 'Unknown property type: Castle'],
    ['features=Garden,Moat', 'features', 'Unknown feature: Moat'],
    ['minPrice=-5', 'minPrice', undefined],
    ['minPrice=cheap', 'minPrice', undefined],
    ['maxPrice=1e6', 'maxPrice', undefined],
    ['minPrice=500000&maxPrice=100000', 'maxPrice', undefined],
    ['minBeds=-1', 'minBeds', undefined],
    ['minBaths=two', 'minBaths', undefined],
    ['sort=random', 'sort', undefined],
    ['fields=summary', 'fields', undefined],
  ])('%s answers 400 naming %s', async (query, field, message) => {
    const buyer = await createAccount(ctx.app, 'user');
    for (const path of SEARCHES) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `${path}?${query}`,
        headers: buyer.bearer,
      });
      expect(response.statusCode, `${path}?${query}`).toBe(400);
      const fields = response.json().fields as Record<string, string>;
      expect(Object.keys(fields), `${path}?${query}`).toEqual([field]);
      if (message) expect(fields[field]).toBe(message);
    }
  });
});

describe('hidden listings stay hidden on the map', () => {
  it('never shows pending, rejected or fraud agents’ listings in an area or outline', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const cheat = await createAccount(ctx.app, 'agent');
    const admin = await createAccount(ctx.app, 'admin');
    const buyer = await createAccount(ctx.app, 'user');
    const here = pin(-97.74, 30.27);
    const approved = await createListing(ctx.app, agent, { title: 'Approved', ...here });
    await createListing(ctx.app, agent, { title: 'Pending', ...here }, 'pending');
    await createListing(ctx.app, agent, { title: 'Rejected', ...here }, 'rejected');
    await createListing(ctx.app, cheat, { title: 'By a fraud', ...here });
    const demoted = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/user-role-update/${cheat.id}/fraud`,
      headers: admin.bearer,
    });
    expect(demoted.statusCode).toBe(200);
    await expectFound('bbox=-98,30,-97,31', buyer, ['Approved']);
    await expectFound('polygon=-98,30;-97,30;-97.5,31', buyer, ['Approved']);
    await expectFound('bbox=-98,30,-97,31&sort=area-desc&types=House', admin, ['Approved']);
    for (const [url, viewer] of [
      ['/properties/search/pins?bbox=-98,30,-97,31', buyer],
      ['/api/all-properties/pins?polygon=-98,30;-97,30;-97.5,31', admin],
      ['/api/all-properties/pins', buyer],
    ] as const) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: viewer.bearer });
      const { pins, total } = response.json();
      expect(
        pins.map((p: { _id: string }) => p._id),
        url,
      ).toEqual([approved]);
      expect(total, url).toBe(1);
    }
  });
});

describe('pins on add and edit', () => {
  const read = async (id: string, viewer: TestAccount) =>
    (
      await ctx.app.inject({ method: 'GET', url: `/api/properties/${id}`, headers: viewer.bearer })
    ).json() as { lat: number | null; lng: number | null; adminApproval: string };

  const edit = (id: string, account: TestAccount, payload: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'PATCH',
      url: `/api/properties/${id}`,
      headers: account.bearer,
      payload: listingBody(payload),
    });

  it('saves the pin, keeps it when an edit leaves it out, moves it, and removes it with null', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const buyer = await createAccount(ctx.app, 'user');
    const admin = await createAccount(ctx.app, 'admin');
    const id = await createListing(ctx.app, agent, pin(-97.743061, 30.267153));
    expect(await read(id, buyer)).toMatchObject({ lat: 30.267153, lng: -97.743061 });

    expect((await edit(id, agent, {})).statusCode).toBe(200);
    // Nothing a buyer reads changed: the listing stays approved, the pin where it was.
    expect(await read(id, buyer)).toMatchObject({ lat: 30.267153, lng: -97.743061 });
    expect((await read(id, agent)).adminApproval).toBe('true');

    // Moving the pin is an edit like any other: reviewed again, buyers see the approved spot.
    expect((await edit(id, agent, pin(-97.7, 30.3))).statusCode).toBe(200);
    expect(await read(id, agent)).toMatchObject({
      lat: 30.3,
      lng: -97.7,
      adminApproval: 'pending',
    });
    const [waiting] = await ctx.app.db
      .select({ published: properties.published })
      .from(properties)
      .where(eq(properties.id, id));
    expect(waiting?.published).toMatchObject({ lat: 30.267153, lng: -97.743061 });
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/properties/admin-approval/${id}/true`,
      headers: admin.bearer,
    });
    expect(await read(id, buyer)).toMatchObject({ lat: 30.3, lng: -97.7 });

    expect((await edit(id, admin, { lat: null, lng: null })).statusCode).toBe(200);
    expect(await read(id, buyer)).toMatchObject({ lat: null, lng: null });
    await expectFound('', buyer, ['Sunny family home']);
    await expectFound('bbox=-180,-90,180,90', buyer, []);
  });

  it.each([
    [{ lat: 90.5, lng: 0 }, 'lat', GEO_MESSAGES.latitudeRange],
    [{ lat: -91, lng: 0 }, 'lat', GEO_MESSAGES.latitudeRange],
    [{ lat: 0, lng: 180.01 }, 'lng', GEO_MESSAGES.longitudeRange],
    [{ lat: 0, lng: -181 }, 'lng', GEO_MESSAGES.longitudeRange],
    [{ lat: '30', lng: -97 }, 'lat', GEO_MESSAGES.latitudeRange],
    [{ lat: 30 }, 'lng', GEO_MESSAGES.pinIncomplete],
    [{ lng: -97, lat: null }, 'lat', GEO_MESSAGES.pinIncomplete],
  ])('refuses the pin %j on add and edit, naming %s', async (bad, field, message) => {
    const agent = await createAccount(ctx.app, 'agent');
    const id = await createListing(ctx.app, agent, pin(-97.7, 30.3));
    const added = await ctx.app.inject({
      method: 'POST',
      url: '/api/properties',
      headers: agent.bearer,
      payload: listingBody(bad),
    });
    const edited = await edit(id, agent, bad);
    for (const response of [added, edited]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({ [field]: message });
    }
    const [stored] = await ctx.app.db
      .select({ lat: properties.lat, lng: properties.lng })
      .from(properties)
      .where(eq(properties.id, id));
    expect(stored).toEqual({ lat: 30.3, lng: -97.7 });
  });
});

describe('a map view of more homes than an index read pays for', () => {
  // 11,000 homes on a grid 0.001° apart (100 columns of longitude, 110 rows of latitude): more
  // than WIDE_AREA match, so their page is found by walking the newest-first order.
  const COLUMNS = 100;
  const ROWS = 110;
  const lngOf = (column: number) => Number((-97.8 + column / 1000).toFixed(3));
  const latOf = (row: number) => Number((30 + row / 1000).toFixed(3));

  async function seedGrid(columns = COLUMNS, rows = ROWS) {
    const agent = await createAccount(ctx.app, 'agent');
    const buyer = await createAccount(ctx.app, 'user');
    const newest = Date.now();
    const homes = [];
    for (let i = 0; i < columns * rows; i++) {
      const column = Math.floor(i / rows);
      const row = i % rows;
      homes.push({
        title: `Home ${column}-${row}`,
        description: 'A home on the grid, long enough to describe.',
        location: 'Austin, Texas',
        propertyType: 'House' as const,
        minPriceCents: 30_000_000,
        maxPriceCents: 31_000_000,
        bedrooms: 3,
        bathrooms: 2,
        areaSize: 1500,
        lat: latOf(row),
        lng: lngOf(column),
        approval: 'approved' as const,
        agentId: agent.id,
        createdAt: new Date(newest - i * 1000),
      });
    }
    for (let start = 0; start < homes.length; start += 1000) {
      await ctx.app.db.insert(properties).values(homes.slice(start, start + 1000));
    }
    // The newest first: the order homes were made in.
    return { buyer, titles: homes.map((home) => home.title) };
  }

  it('finds the same homes, edges included, and the same newest page', async () => {
    const { buyer, titles } = await seedGrid();
    const grid = `${lngOf(0)},${latOf(0)},${lngOf(COLUMNS - 1)},${latOf(ROWS - 1)}`;
    const whole = await searchBoth(`bbox=${grid}`, buyer);
    expect(whole.total).toBe(COLUMNS * ROWS);
    expect(whole.titles).toEqual(titles.slice(0, 24));
    // So wide a view's pins are found by walking the newest-first order too.
    const firstPage = await ctx.app.inject({
      method: 'GET',
      url: `/properties/search?bbox=${grid}`,
    });
    const pins = await ctx.app.inject({
      method: 'GET',
      url: `/properties/search/pins?bbox=${grid}`,
    });
    const pinIds: string[] = pins.json().pins.map((p: { _id: string }) => p._id);
    expect(pins.json().total).toBe(COLUMNS * ROWS);
    expect(new Set(pinIds).size).toBe(MAP_PINS_MAX);
    expect(pinIds.slice(0, 24)).toEqual(firstPage.json().map((p: { _id: string }) => p._id));

    // A U with a notch from the top between columns 45 and 55 above row 80; its edges run along
    // grid lines, so the homes on them count as inside.
    const corners = [
      [0, 0],
      [COLUMNS - 1, 0],
      [COLUMNS - 1, ROWS - 1],
      [55, ROWS - 1],
      [55, 80],
      [45, 80],
      [45, ROWS - 1],
      [0, ROWS - 1],
    ] as const;
    const outline = corners.map(([column, row]) => `${lngOf(column)},${latOf(row)}`).join(';');
    const inNotch = (title: string) => {
      const [column, row] = title.replace('Home ', '').split('-').map(Number) as [number, number];
      return column > 45 && column < 55 && row > 80;
    };
    const expected = titles.filter((title) => !inNotch(title));
    const drawn = await searchBoth(`polygon=${outline}`, buyer);
    expect(drawn.total).toBe(expected.length);
    expect(drawn.total).toBeGreaterThan(10_000);
    expect(drawn.titles).toEqual(expected.slice(0, 24));
    const deep = await searchBoth(`polygon=${outline}&page=20&limit=100`, buyer);
    expect(deep.titles).toEqual(expected.slice(1900, 2000));
    // 11,000 homes written, and each with its history: 6 s alone on the embedded database, over
    // 30 s beside the other suites on two busy cores.
  }, 120_000);

  it(`shows the newest ${MAP_PINS_MAX} pins of a crowded view and says how many there are`, async () => {
    // Fewer than WIDE_AREA: the pins are read from the area's index.
    const { buyer } = await seedGrid(10, 105);
    await createListing(ctx.app, await createAccount(ctx.app, 'agent'), { title: 'No pin' });
    const newest = await ctx.app.db
      .select({ id: properties.id })
      .from(properties)
      .where(isNotNull(properties.lat))
      .orderBy(desc(properties.createdAt))
      .limit(MAP_PINS_MAX);
    for (const url of [
      `/properties/search/pins?bbox=${lngOf(0)},${latOf(0)},${lngOf(9)},${latOf(104)}`,
      '/api/all-properties/pins',
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: buyer.bearer });
      const { pins, total } = response.json();
      expect(total, url).toBe(1050);
      expect(
        pins.map((p: { _id: string }) => p._id),
        url,
      ).toEqual(newest.map((row) => row.id));
    }
  });
});
