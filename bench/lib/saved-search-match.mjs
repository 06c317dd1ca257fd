import { openDatabase } from './explain.mjs';
import { importServer } from './paths.mjs';

/*
 * Saved-search matching at scale: stores `searches` saved searches (as people make them: 55% for
 * a place (a city, a city and state, or a whole state), 7% a place and a map area, 30% a map area,
 * 7% a drawn outline and 1% anywhere; many narrowed by type, rooms, price or a feature), then times finding the searches one newly approved listing matches, as the
 * 'saved-search-match' job does (the product's own findMatchingSearches, on the built server),
 * for `samples` listings, and explains its statements.
 */

/** Owners of the searches: at most the product's limit each, so never fewer than this. */
const SEARCHES_PER_OWNER = 40;
const TYPES = ['House', 'Apartment', 'Condo', 'Townhouse', 'Villa'];
const FEATURES = ['Garden', 'Garage', 'Balcony', 'Parking', 'Swimming Pool'];

/** The product's seeded generator, so two runs store the same searches. */
async function randomFrom(seedValue) {
  const { seededRandom } = await importServer('lib/seeded-random.js');
  const next = seededRandom(seedValue >>> 0 || 1);
  return {
    next,
    pick: (items) => items[Math.floor(next() * items.length)],
    between: (min, max) => min + next() * (max - min),
  };
}

const round = (value) => Math.round(value * 1e4) / 1e4;

/** One saved search's filters, as the search page's address would carry them. */
function filtersFor(random, homes) {
  const home = random.pick(homes);
  const [city, region] = home.location.split(',').map((part) => part.trim());
  const filters = {};
  const kind = random.next();
  const box = (halfWidth) =>
    [home.lng - halfWidth, home.lat - halfWidth, home.lng + halfWidth, home.lat + halfWidth]
      .map(round)
      .join(',');
  if (kind < 0.55) {
    // A place: the city mostly, sometimes the city and state as the form writes it, or a state.
    const place = random.next();
    filters.location = place < 0.7 ? city : place < 0.9 ? home.location : (region ?? city);
  } else if (kind < 0.62) {
    filters.location = city;
    filters.bbox = box(random.between(0.05, 0.5));
  } else if (kind < 0.92) {
    filters.bbox = box(random.between(0.02, 0.6));
  } else if (kind < 0.99) {
    const size = random.between(0.02, 0.3);
    filters.polygon = [
      [home.lng - size, home.lat - size],
      [home.lng + size, home.lat - size],
      [home.lng + size * 0.6, home.lat + size],
      [home.lng - size * 0.8, home.lat + size * 0.7],
    ]
      .map(([lng, lat]) => `${round(lng)},${round(lat)}`)
      .join(';');
  }
  // The rest look anywhere, narrowed by what follows.
  if (random.next() < 0.4) filters.types = random.pick(TYPES);
  if (random.next() < 0.4) filters.minBeds = String(1 + Math.floor(random.next() * 4));
  if (random.next() < 0.3) {
    const from = Math.round(random.between(100, 900)) * 1000;
    filters.minPrice = String(from);
    filters.maxPrice = String(from + Math.round(random.between(100, 800)) * 1000);
  }
  if (random.next() < 0.15) filters.features = random.pick(FEATURES);
  return filters;
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * Stores the searches, times the matching of `samples` approved listings and explains one.
 * Returns the figures for the report.
 */
export async function benchSavedSearchMatch(database, { searches, samples, seedValue, log }) {
  const captured = [];
  let capturing = false;
  const logger = {
    logQuery: (query, params) => capturing && captured.push({ query, params }),
  };
  const { db, schema, query, close } = await openDatabase(database, { logger, connections: 2 });
  try {
    const { savedSearchRow } = await importServer(
      'modules/saved-searches/saved-searches.service.js',
    );
    const { findMatchingSearches } = await importServer(
      'modules/saved-searches/saved-search-match.js',
    );
    const random = await randomFrom(seedValue);

    const homes = await query(
      `select location, lat, lng from properties
       where approval = 'approved' and lat is not null
       order by id limit 20000`,
    );
    const owners = Math.ceil(searches / SEARCHES_PER_OWNER);
    await query(
      `insert into users (id, name, email, email_verified, role)
       select 'bench-saver-' || n, 'Saver ' || n, 'saver' || n || '@bench.keyhaven.test', true, 'user'
       from generate_series(1, $1::int) as n
       on conflict do nothing`,
      [owners],
    );
    let started = performance.now();
    const alerts = ['instant', 'instant', 'instant', 'daily', 'daily', 'off'];
    const kinds = { place: 0, placeAndArea: 0, area: 0, outline: 0, anywhere: 0 };
    const BATCH = 2000;
    for (let first = 0; first < searches; first += BATCH) {
      const rows = [];
      for (let i = first; i < Math.min(searches, first + BATCH); i += 1) {
        const filters = filtersFor(random, homes);
        if (filters.location && filters.bbox) kinds.placeAndArea += 1;
        else if (filters.location) kinds.place += 1;
        else if (filters.bbox) kinds.area += 1;
        else if (filters.polygon) kinds.outline += 1;
        else kinds.anywhere += 1;
        rows.push(
          savedSearchRow(`bench-saver-${1 + (i % owners)}`, {
            name: `Search ${i + 1}`,
            filters,
            alert: random.pick(alerts),
          }),
        );
      }
      await db.insert(schema.savedSearches).values(rows);
    }
    await query('analyze saved_searches');
    const storeSeconds = (performance.now() - started) / 1000;
    log(
      `${searches.toLocaleString('en-US')} saved searches stored in ${storeSeconds.toFixed(1)} s (${Object.entries(
        kinds,
      )
        .map(([kind, count]) => `${kind} ${count}`)
        .join(', ')})`,
    );

    // Listings as an admin approves them: open ones, spread over the catalogue.
    const listings = await query(
      `select p.id from properties p join users u on u.id = p.agent_id
       where p.approval = 'approved' and p.availability = 'Available' and u.role <> 'fraud'
       order by md5(p.id::text || $1) limit $2`,
      [String(seedValue), samples + 5],
    );
    // A few untimed first, as a running server has its statements planned and pages cached.
    for (const { id } of listings.slice(0, 5)) await findMatchingSearches(db, id);
    const timings = [];
    const matchCounts = [];
    for (const { id } of listings.slice(5)) {
      started = performance.now();
      const found = await findMatchingSearches(db, id);
      timings.push(performance.now() - started);
      matchCounts.push(found?.searches.length ?? 0);
    }
    const sorted = [...timings].sort((a, b) => a - b);
    const matches = [...matchCounts].sort((a, b) => a - b);

    // The statements of the listing with the median time, explained.
    const medianIndex = timings.indexOf(percentile(sorted, 50));
    const medianListing = listings[5 + medianIndex]?.id;
    capturing = true;
    await findMatchingSearches(db, medianListing);
    capturing = false;
    const plans = [];
    for (const statement of captured) {
      const rows = await query(
        `explain (analyze, buffers, costs off) ${statement.query}`,
        statement.params,
      );
      plans.push({
        sql: statement.query,
        plan: rows.map((row) => row['QUERY PLAN']).join('\n'),
      });
    }
    return {
      searches,
      owners,
      kinds,
      storeSeconds,
      samples: timings.length,
      ms: {
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        max: sorted.at(-1),
        mean: timings.reduce((sum, t) => sum + t, 0) / timings.length,
      },
      matchesPerListing: {
        p50: percentile(matches, 50),
        p95: percentile(matches, 95),
        max: matches.at(-1),
      },
      explainedListing: medianListing,
      plans,
    };
  } finally {
    await close();
  }
}
