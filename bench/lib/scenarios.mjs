import { loadGenerator } from './load-generator.mjs';
import { mapViewSource } from './map-areas.mjs';
import { importServer } from './paths.mjs';

/*
 * The load scenarios. Each is an autocannon run at the same connection count; the request mix
 * is deterministic (the seed generator's seeded random numbers), so runs are comparable.
 */

const LOCATIONS = [
  'New York',
  'Los Angeles',
  'Chicago',
  'Austin',
  'Miami',
  'Seattle',
  'Denver',
  'Boston',
  'San',
  'California',
  'Texas',
  'Florida',
];
const TYPES = ['House', 'Apartment', 'Condo', 'Townhouse', 'Villa', 'Commercial', 'Land'];
const PRICES = ['$100k - $300k', '$300k - $600k', '$600k+'];

/**
 * What visitors search: every combination of a location (or none), a type (or none) and a
 * price range (or none), page 1, newest first: 13 × 8 × 4 = 416 distinct searches, shuffled
 * and requested in turn.
 */
export async function searchMix(seed = 7) {
  const { seededRandom } = await importServer('lib/seeded-random.js');
  const random = seededRandom(seed);
  const queries = [];
  for (const location of ['', ...LOCATIONS]) {
    for (const propertyType of ['', ...TYPES]) {
      for (const priceRange of ['', ...PRICES]) {
        const params = new URLSearchParams();
        if (location) params.set('location', location);
        if (propertyType) params.set('propertyType', propertyType);
        if (priceRange) params.set('priceRange', priceRange);
        const query = params.toString();
        queries.push(`/properties/search${query ? `?${query}` : ''}`);
      }
    }
  }
  for (let i = queries.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [queries[i], queries[j]] = [queries[j], queries[i]];
  }
  return queries;
}

/** The handful of searches most visitors make: the home page's and the top filters'. */
export const POPULAR_SEARCHES = [
  '/properties/search',
  '/properties/search?location=New%20York',
  '/properties/search?propertyType=House',
  '/properties/search?priceRange=%24300k%20-%20%24600k',
  '/properties/search?location=California&propertyType=Apartment',
];

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

const rotate = (items) => {
  let next = 0;
  return () => items[next++ % items.length];
};

/** Percentiles from every response time (ms) autocannon reported. */
function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

/** What Chrome sends, so every answer is compressed as a browser's is. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** Each request with `headers` added under its own (its own win). */
function withHeaders(requests, headers) {
  const merged = (request) => ({ ...request, headers: { ...headers, ...request.headers } });
  return requests.map((request) => ({
    ...merged(request),
    ...(request.setupRequest && {
      setupRequest: (req, ctx) => {
        const set = request.setupRequest(req, ctx);
        return set && merged(set);
      },
    }),
  }));
}

/**
 * Runs one scenario and returns its numbers. `expectedStatuses` are statuses that are correct
 * outcomes for this traffic (a 409 for a second live offer by one buyer on one listing) and
 * are counted apart from errors. Requests ask for compressed answers as a browser does, unless
 * `acceptEncoding` is empty.
 */
export async function runScenario({
  baseUrl,
  connections,
  duration,
  warmup = 0,
  requests,
  expectedStatuses = [],
  acceptEncoding = BROWSER_ACCEPT_ENCODING,
}) {
  const headers = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
  const options = {
    url: baseUrl,
    connections,
    requests: withHeaders(requests, headers),
    timeout: 10,
  };
  if (warmup > 0) {
    await loadGenerator({ ...options, duration: warmup, connections: Math.min(connections, 10) });
  }
  let times = new Float64Array(1 << 16);
  let recorded = 0;
  const instance = loadGenerator({ ...options, duration });
  instance.on('response', (_client, _status, _bytes, responseTime) => {
    if (recorded === times.length) {
      const bigger = new Float64Array(times.length * 2);
      bigger.set(times);
      times = bigger;
    }
    times[recorded++] = responseTime;
  });
  const result = await instance;
  const sorted = times.subarray(0, recorded).sort();
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]),
  );
  const expected = expectedStatuses.reduce((sum, code) => sum + (statusCodes[code] ?? 0), 0);
  const unexpectedNon2xx = result.non2xx - expected;
  return {
    requests: result.requests.total,
    rps: result.requests.average,
    latency: {
      avg: result.latency.average,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      max: result.latency.max,
    },
    statusCodes,
    expected,
    errors: unexpectedNon2xx + result.errors + result.timeouts,
    non2xx: unexpectedNon2xx,
    socketErrors: result.errors,
    timeouts: result.timeouts,
    throughputBytesPerSec: result.throughput.average,
  };
}

const json = (body) => ({
  'content-type': 'application/json',
  ...body,
});

const inDays = (days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The scenario definitions; `context` carries the tokens and listing ids gathered beforehand. */
export async function scenarios(context) {
  const { buyerTokens, listings, detailIds, lastAllPropertiesPage } = context;
  const bearer = (token) => ({ authorization: `Bearer ${token}` });
  const searches = rotate(await searchMix());
  const popular = rotate(POPULAR_SEARCHES);
  // Every request of a map scenario is a view no one asked for before, as a buyer panning the
  // map makes: their p95 is the database's, not the search caches'.
  // The list beside the map asks for its listings as cards, as the web's map does.
  const asCards = (source) => () => ({ path: `${source().path}&fields=card` });
  const areas = asCards(await mapViewSource('bbox', 11));
  const outlines = asCards(await mapViewSource('polygon', 13));
  const pinViews = await mapViewSource('bbox', 17, '/properties/search/pins');
  const facetViews = await mapViewSource('bbox', 19, '/properties/search/facets');
  // Sold mode (decision 057): the catalogue's homes sold in the last 12 months, in a new city or
  // metro view each request, as cards and as pins; and its whole-country list by period and order.
  const inSoldMode = (source) => () => ({ path: `${source().path}&sold=12` });
  const soldAreas = asCards(inSoldMode(await mapViewSource('bbox', 23, '/api/all-properties')));
  const soldPinViews = inSoldMode(await mapViewSource('bbox', 29, '/api/all-properties/pins'));
  const soldLists = rotate(
    ['3', '6', '12'].flatMap((sold) =>
      ['newest', 'price-asc', 'price-desc', 'area-desc'].flatMap((sort) =>
        ['', ...TYPES].map(
          (type) =>
            `/api/all-properties?sold=${sold}&sort=${sort}&fields=card${type ? `&propertyType=${type}` : ''}`,
        ),
      ),
    ),
  );
  const signedInView = (source) => [
    {
      method: 'GET',
      headers: bearer(buyerTokens[0]),
      setupRequest: (req) => ({ ...req, path: source().path }),
    },
  ];
  const eachView = (source) => [
    { method: 'GET', setupRequest: (req) => ({ ...req, path: source().path }) },
  ];
  const details = rotate(detailIds);
  // Its own turn through the same listings: every request works out a listing's comparables.
  const estimates = rotate(detailIds);
  const deepPage = Math.min(500, lastAllPropertiesPage);
  let buyerTurn = 0;
  let listingTurn = 0;
  const offerDate = inDays(45);
  // A buyer's visit of a details page: the listing, then the page's one call that counts the
  // view. Each connection is one of the buyers, in a browser (robots are not counted).
  const visits = rotate(detailIds);
  let visitorTurn = 0;
  const detailsVisit = () => [
    {
      method: 'GET',
      setupRequest: (req, ctx) => {
        if (!ctx.token) ctx.token = buyerTokens[visitorTurn++ % buyerTokens.length];
        ctx.listing = visits();
        return { ...req, path: `/api/properties/${ctx.listing}`, headers: bearer(ctx.token) };
      },
    },
    {
      method: 'POST',
      setupRequest: (req, ctx) => ({
        ...req,
        path: `/api/properties/${ctx.listing}/views`,
        headers: { ...bearer(ctx.token), 'user-agent': BROWSER },
      }),
    },
  ];

  return [
    {
      name: 'baseline',
      title: 'GET /healthz (baseline, no work)',
      requests: [{ method: 'GET', path: '/healthz' }],
    },
    {
      name: 'search',
      title: 'GET /properties/search (416 location/type/price combinations in turn)',
      requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: searches() }) }],
    },
    {
      name: 'search-popular',
      title: 'GET /properties/search (5 popular searches, repeated)',
      requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: popular() }) }],
    },
    {
      name: 'map-bbox',
      title:
        'GET /properties/search?bbox=&fields=card (a new city or metro map view each request, some filtered)',
      requests: eachView(areas),
    },
    {
      name: 'map-polygon',
      title:
        'GET /properties/search?polygon=&fields=card (a new outline around a city or metro each request, some filtered)',
      requests: eachView(outlines),
    },
    {
      name: 'map-pins',
      title:
        'GET /properties/search/pins?bbox= (a new city or metro map view each request, some filtered)',
      requests: eachView(pinViews),
    },
    {
      name: 'map-facets',
      title:
        'GET /properties/search/facets?bbox= (a new city or metro map view each request, some filtered)',
      requests: eachView(facetViews),
    },
    {
      name: 'sold-map',
      title:
        'GET /api/all-properties?sold=12&bbox=&fields=card (signed in; homes sold in 12 months, a new city or metro view each request, some filtered)',
      requests: signedInView(soldAreas),
    },
    {
      name: 'sold-pins',
      title:
        'GET /api/all-properties/pins?sold=12&bbox= (signed in; a new city or metro view each request, some filtered)',
      requests: signedInView(soldPinViews),
    },
    {
      name: 'sold-list',
      title:
        'GET /api/all-properties?sold=3|6|12 (signed in; the whole country by period, order and type: 96 searches in turn)',
      requests: signedInView(() => ({ path: soldLists() })),
    },
    {
      name: 'all-properties-p1',
      title: 'GET /api/all-properties?page=1 (signed in)',
      requests: [
        { method: 'GET', path: '/api/all-properties?page=1', headers: bearer(buyerTokens[0]) },
      ],
    },
    {
      name: 'all-properties-p500',
      title: `GET /api/all-properties?page=${deepPage} (signed in)`,
      requests: [
        {
          method: 'GET',
          path: `/api/all-properties?page=${deepPage}`,
          headers: bearer(buyerTokens[0]),
        },
      ],
    },
    {
      name: 'details',
      title: 'GET /api/properties/{id} (signed in, rotating listings)',
      requests: [
        {
          method: 'GET',
          headers: bearer(buyerTokens[0]),
          setupRequest: (req) => ({ ...req, path: `/api/properties/${details()}` }),
        },
      ],
    },
    {
      name: 'estimate',
      title:
        'GET /api/properties/{id}/estimate (comparables and the estimate; signed in, rotating listings)',
      requests: [
        {
          method: 'GET',
          headers: bearer(buyerTokens[0]),
          setupRequest: (req) => ({ ...req, path: `/api/properties/${estimates()}/estimate` }),
        },
      ],
    },
    {
      name: 'login',
      title: 'POST /auth/login (successful, scrypt; 8 connections)',
      // The login throttle counts an attempt from its start until it succeeds, per account and per
      // address (limit 10): more than 10 logins in flight from one address are refused with 429.
      connections: 8,
      requests: [
        {
          method: 'POST',
          path: '/auth/login',
          headers: json({}),
          body: JSON.stringify({ email: context.loginEmail, password: context.loginPassword }),
        },
      ],
    },
    {
      name: 'buyer-session',
      title: 'buyer session: search, details, wishlist, offer',
      // Three demo buyers share the traffic, and each may offer 10 times an hour: their allowance
      // is gone within the first second, and every later offer is refused as the product means.
      expectedStatuses: [409, 429],
      expectedNote:
        "expected = 409, a second live offer by the same buyer on the same listing (one live offer per buyer per listing), and 429, an offer past the account's allowance of 10 an hour (ACCOUNT_LIMITS.offer): outcomes the product means, not errors",
      requests: [
        {
          method: 'GET',
          setupRequest: (req, ctx) => {
            if (!ctx.token) ctx.token = buyerTokens[buyerTurn++ % buyerTokens.length];
            ctx.listing = listings[listingTurn++ % listings.length];
            return { ...req, path: searches() };
          },
        },
        {
          method: 'GET',
          setupRequest: (req, ctx) => ({
            ...req,
            path: `/api/properties/${ctx.listing.id}`,
            headers: bearer(ctx.token),
          }),
        },
        {
          method: 'PATCH',
          setupRequest: (req, ctx) => ({
            ...req,
            path: `/properties/${ctx.listing.id}/wishlist`,
            headers: json(bearer(ctx.token)),
            body: '{}',
          }),
        },
        {
          method: 'PATCH',
          setupRequest: (req, ctx) => ({
            ...req,
            path: `/make-offer/${ctx.listing.id}`,
            headers: json(bearer(ctx.token)),
            body: JSON.stringify({ offerAmount: ctx.listing.minPrice, selectedDate: offerDate }),
          }),
        },
      ],
    },
    // View counting on and off, each on a server just started with the setting over the same
    // database, in the order off, on, on, off, so neither gains from running first or last.
    ...['off', 'on', 'on', 'off'].map((counting, round) => ({
      name: `details-visit-${counting}-${round < 2 ? 1 : 2}`,
      group: 'details-visit',
      viewCounting: counting,
      title: `details visit: GET /api/properties/{id} + POST /api/properties/{id}/views (signed in, view counting ${counting}: COUNT_LISTING_VIEWS=${counting === 'on'})`,
      restartWith: { COUNT_LISTING_VIEWS: String(counting === 'on') },
      requests: detailsVisit(),
    })),
  ];
}
