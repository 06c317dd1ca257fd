import { createRequire } from 'node:module';
import path from 'node:path';
import { mapViews } from './map-areas.mjs';
import { importServer, serverDist } from './paths.mjs';

/*
 * EXPLAIN ANALYZE of every list query at the seeded size. The queries are the product's own:
 * the built services are called on a Drizzle instance whose logger records each statement and
 * its parameters, and each recorded statement is then explained on the same connection.
 */

const requireFromServer = createRequire(path.join(serverDist, '..', 'package.json'));
const importFromServer = async (specifier) => import(requireFromServer.resolve(specifier));

const SEQ_SCAN_ON_PROPERTIES = /Seq Scan on properties\b/;

/**
 * The product's Drizzle schema on the benchmark's database (PostgreSQL or the PGlite directory),
 * with `logger` told of every statement, and a plain `query` beside it on the same connection.
 */
export async function openDatabase(database, { logger, connections = 4 } = {}) {
  const schema = await importServer('db/schema.js');
  if (database.kind === 'postgres') {
    const pg = (await importFromServer('pg')).default;
    const { drizzle } = await importFromServer('drizzle-orm/node-postgres');
    const pool = new pg.Pool({ connectionString: database.url, max: connections });
    return {
      db: drizzle(pool, { schema, logger }),
      schema,
      query: async (text, params) => (await pool.query(text, params)).rows,
      close: () => pool.end(),
    };
  }
  const { PGlite } = await importFromServer('@electric-sql/pglite');
  const { pg_trgm } = await importFromServer('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await importFromServer('drizzle-orm/pglite');
  const client = await PGlite.create({ dataDir: database.pgliteDir, extensions: { pg_trgm } });
  return {
    db: drizzle(client, { schema, logger }),
    schema,
    query: async (text, params) => (await client.query(text, params)).rows,
    close: () => client.close(),
  };
}

async function openExplainer(database) {
  const captured = [];
  const logger = { logQuery: (query, params) => captured.push({ query, params }) };
  return { ...(await openDatabase(database, { logger })), captured };
}

/** The list queries behind each list endpoint, with realistic arguments. */
async function listCases(db) {
  const search = await importServer('modules/listing-search/index.js');
  const listings = await importServer('modules/listings/listings.service.js');
  const wishlist = await importServer('modules/wishlist/wishlist.service.js');
  const offers = await importServer('modules/offers/offers.service.js');
  const reviews = await importServer('modules/reviews/reviews.service.js');
  const users = await importServer('modules/users/users.service.js');
  const schema = await importServer('db/schema.js');
  const { eq } = await importFromServer('drizzle-orm');

  const userByEmail = async (email) =>
    (await db.select().from(schema.users).where(eq(schema.users.email, email)))[0];
  const buyer = await userByEmail('buyer1@keyhaven.test');
  const [agent] = await db
    .select()
    .from(schema.users)
    .where(eq(schema.users.role, 'agent'))
    .limit(1);
  const [listing] = await db
    .select({ id: schema.properties.id })
    .from(schema.properties)
    .where(eq(schema.properties.approval, 'approved'))
    .limit(1);
  const page = { page: 1, limit: 24 };
  // The first views of the benchmark's own rotations: a city, metros, filtered and not.
  const mapCases = [...(await mapViews('bbox', 6, 11)), ...(await mapViews('polygon', 4, 13))].map(
    (view) => [
      `GET ${decodeURIComponent(view.path)}`,
      () =>
        search.searchListings(db, {
          ...page,
          sort: 'newest',
          ...view.filters,
          bbox: view.bbox,
          polygon: view.polygon,
        }),
    ],
  );

  // The map's pins: a city or metro from the index alone, a country and the whole map by walking
  // the newest-first order.
  const pinCases = (await mapViews('bbox', 3, 17, '/properties/search/pins')).map((view) => [
    `GET ${decodeURIComponent(view.path)}`,
    () => search.searchPins(db, 'open', { ...page, ...view.filters, bbox: view.bbox }),
  ]);
  const contiguousUnitedStates = { west: -125, south: 24.5, east: -66.9, north: 49.4 };
  const comparables = await importServer('modules/comparables/comparables.service.js');
  const { and, isNotNull } = await importFromServer('drizzle-orm');
  const pinned = await db
    .select({ id: schema.properties.id, type: schema.properties.propertyType })
    .from(schema.properties)
    .where(and(eq(schema.properties.approval, 'approved'), isNotNull(schema.properties.lat)))
    .limit(200);
  // A House and a Villa (rarer: its search goes wider), as a buyer opens their estimates.
  const estimateCases = ['House', 'Villa']
    .map((type) => pinned.find((row) => row.type === type))
    .filter(Boolean)
    .map((row) => [
      `GET /api/properties/{${row.type}}/estimate`,
      () => comparables.listingEstimate(db, { id: 'bench', role: 'admin' }, row.id),
    ]);
  const newYorkMetro = { west: -74.4, south: 40.45, east: -73.6, north: 40.95 };
  // Sold mode (decision 057): from the indexes of approved sold homes.
  const soldCases = [
    ['', { sort: 'newest' }],
    ['&sort=price-asc', { sort: 'price-asc' }],
    [
      '&propertyType=House&minPrice=300000',
      { sort: 'newest', propertyType: 'House', minPrice: 300_000 },
    ],
    ['&bbox=<New York metro>', { sort: 'newest', bbox: newYorkMetro }],
    ['&bbox=<contiguous United States>', { sort: 'newest', bbox: contiguousUnitedStates }],
  ].flatMap(([query, filters]) => [
    [
      `GET /api/all-properties?sold=12${query}`,
      () => search.soldPageIds(db, { ...page, sold: '12', ...filters }),
    ],
    [
      `GET /api/all-properties/pins?sold=12${query}`,
      () => search.searchPins(db, 'approved', { ...page, sold: '12', ...filters }),
    ],
  ]);

  return [
    [
      'GET /properties/search (no filter)',
      () => search.searchListings(db, { ...page, sort: 'newest' }),
    ],
    [
      'GET /properties/search?location=New York',
      () => search.searchListings(db, { ...page, sort: 'newest', location: 'New York' }),
    ],
    [
      'GET /properties/search?propertyType=House&priceRange=$300k-$600k',
      () =>
        search.searchListings(db, {
          ...page,
          sort: 'newest',
          propertyType: 'House',
          priceRange: '$300k - $600k',
        }),
    ],
    [
      'GET /properties/search?location=Texas&propertyType=Condo&priceRange=$600k+&sort=price-asc',
      () =>
        search.searchListings(db, {
          ...page,
          sort: 'price-asc',
          location: 'Texas',
          propertyType: 'Condo',
          priceRange: '$600k+',
        }),
    ],
    [
      'GET /properties/search?sort=price-desc',
      () => search.searchListings(db, { ...page, sort: 'price-desc' }),
    ],
    ...mapCases,
    [
      'GET /api/all-properties?bbox=<New York metro>',
      () =>
        search.catalogueListings(db, {
          ...page,
          sort: 'newest',
          bbox: { west: -74.4, south: 40.45, east: -73.6, north: 40.95 },
        }),
    ],
    // What a view of a whole country costs: its counts read every pin in it.
    [
      'GET /properties/search?bbox=<contiguous United States>',
      () =>
        search.searchListings(db, {
          ...page,
          sort: 'newest',
          bbox: { west: -125, south: 24.5, east: -66.9, north: 49.4 },
        }),
    ],
    [
      'GET /properties/search?bbox=<contiguous United States>&sort=area-desc',
      () =>
        search.searchListings(db, {
          ...page,
          sort: 'area-desc',
          bbox: { west: -125, south: 24.5, east: -66.9, north: 49.4 },
        }),
    ],
    ...pinCases,
    ...soldCases,
    [
      'GET /properties/search/pins?bbox=<contiguous United States>',
      () => search.searchPins(db, 'open', { ...page, bbox: contiguousUnitedStates }),
    ],
    [
      'GET /properties/search/pins (every listing with a map position)',
      () => search.searchPins(db, 'open', page),
    ],
    [
      'GET /api/all-properties/pins?bbox=<New York metro>',
      () =>
        search.searchPins(db, 'approved', {
          ...page,
          bbox: { west: -74.4, south: 40.45, east: -73.6, north: 40.95 },
        }),
    ],
    [
      'GET /properties/search/facets?bbox=<New York metro>&types=House',
      () =>
        search.searchFacets(db, 'open', {
          ...page,
          types: ['House'],
          bbox: { west: -74.4, south: 40.45, east: -73.6, north: 40.95 },
        }),
    ],
    [
      'GET /properties/search?sort=area-desc',
      () => search.searchListings(db, { ...page, sort: 'area-desc' }),
    ],
    // A listing's comparables: the sold homes' and the open homes' GiST indexes, near and wide.
    ...estimateCases,
    [
      'GET /api/all-properties?page=1',
      () => search.catalogueListings(db, { ...page, sort: 'newest' }),
    ],
    [
      'GET /api/all-properties?page=500',
      () => search.catalogueListings(db, { page: 500, limit: 24, sort: 'newest' }),
    ],
    [
      'GET /api/properties?agentUID=<agent> (agent’s own)',
      () => search.managedListings(db, { agentId: agent.id, page: 1, limit: 6 }),
    ],
    ['GET /api/properties (admin, all)', () => search.managedListings(db, { page: 1, limit: 5 })],
    [
      'GET /api/properties?status=pending (admin)',
      () => search.managedListings(db, { status: 'pending', page: 1, limit: 5 }),
    ],
    [
      'GET /api/properties?search=Villa (admin)',
      () => search.managedListings(db, { search: 'Villa', page: 1, limit: 5 }),
    ],
    ['GET /api/properties/{id} (details)', () => listings.findListing(db, listing.id, buyer)],
    ['GET /wishlist-properties/{uid}', () => wishlist.wishlistOf(db, buyer.id)],
    ['GET /offers of a buyer (purchased)', () => offers.offersOfBuyer(db, buyer.id)],
    [
      'GET /api/properties/requested/{agent}',
      () => offers.offersForAgentByEmail(db, agent.email, undefined),
    ],
    ['GET reviews (website)', () => reviews.listReviews(db, reviews.websiteReviews(), 1, 10)],
    [
      'GET reviews of a property',
      () => reviews.listReviews(db, reviews.reviewsOfListing(listing.id), 1, 10),
    ],
    ['GET /api/users (admin)', () => users.listUsers(db, 1, 10)],
  ];
}

/** Plans of every list query; `seqScan` marks a sequential scan of the properties table. */
export async function explainListQueries(database) {
  const explainer = await openExplainer(database);
  const results = [];
  try {
    for (const [name, run] of await listCases(explainer.db)) {
      explainer.captured.length = 0;
      await run();
      const statements = [...explainer.captured];
      const seen = new Set();
      for (const { query, params } of statements) {
        if (seen.has(query)) continue;
        seen.add(query);
        const rows = await explainer.query(
          `explain (analyze, buffers, costs off) ${query}`,
          params,
        );
        const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
        const executionMs = Number(plan.match(/Execution Time: ([\d.]+) ms/)?.[1] ?? Number.NaN);
        results.push({
          endpoint: name,
          // Totals are counts, whether one count or counts grouped by type and price range.
          kind: /\bcount\(/i.test(query.slice(0, query.search(/ from /i))) ? 'count' : 'rows',
          sql: query,
          plan,
          executionMs,
          seqScan: SEQ_SCAN_ON_PROPERTIES.test(plan),
        });
      }
    }
  } finally {
    await explainer.close();
  }
  return results;
}

/**
 * VACUUM ANALYZE: planner statistics and the visibility map, as PostgreSQL's autovacuum makes
 * them after a bulk load (PGlite runs no autovacuum: see docs/PERFORMANCE.md).
 */
export async function analyze(database) {
  const explainer = await openExplainer(database);
  try {
    await explainer.query('vacuum analyze');
  } finally {
    await explainer.close();
  }
}
