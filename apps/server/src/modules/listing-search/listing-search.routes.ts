import {
  cardOf,
  type ListingFields,
  MAP_PINS_MAX,
  PIN_TITLE_MAX,
  type Property,
  type PropertyCard,
  ZCatalogueSearchQuery,
  ZMapPins,
  ZPropertyCardList,
  ZPropertyList,
  ZPropertySearchQuery,
  ZSearchFacets,
} from '@keyhaven/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/error-responses.js';
import {
  type JoinedPage,
  joinedList,
  type ListPage,
  sendListPage,
  withEtag,
} from '../../lib/list-page.js';
import { PHOTOS_IN_ANSWERS } from '../listing-views/api-notes.js';
import { personalViews, sharedViews, type Viewer } from '../listing-views/property-view.js';
import { cachedPublicListings, encodingsTag } from './cached-listing.js';
import type { CachedListing } from './listing-cache.js';
import type { ListingFilters } from './listing-filters.js';
import {
  catalogueListings,
  type FacetCountSource,
  type ListingSources,
  mapPageIds,
  searchFacets,
  searchListings,
  soldPageIds,
} from './listing-search.service.js';
import { mapPinsPage, searchPins } from './map-pins.js';
import { areaKey } from './search-conditions.js';

/** The parsed filters, in a fixed order, name the listings a search finds, in any order. */
const matchesKey = (query: ListingFilters) =>
  [
    areaKey(query),
    query.types?.join(',') ?? '',
    query.propertyType ?? '',
    query.priceRange ?? '',
    query.priceBand ?? '',
  ].join('\u0000');

/**
 * A list page of listings the cache holds encoded, whole or as cards (as ZPropertyList or
 * ZPropertyCardList would encode them; cachedPublicListings made the cards), joined as it is sent.
 * Its ETag names the encodings it is made of and `fields` (encodingsTag).
 */
function joinedPage(listings: CachedListing[], total: number, fields: ListingFields): JoinedPage {
  return joinedList(
    listings.map((listing) => (fields === 'card' ? (listing.card as Buffer) : listing.body)),
    total,
    `"${encodingsTag(listings, fields)}-${total}"`,
  );
}

/**
 * A map page as the viewer sees it when that differs from what anyone sees: each listing whose
 * sale the viewer is a party to made again for them (a cached listing keeps its row and sale
 * only when it has a sale), every other listing as everyone sees it, from its encoding; undefined
 * when the viewer is a party to none of the page's sales.
 */
function personalMapPage(
  listings: CachedListing[],
  viewer: Viewer,
  fields: ListingFields,
): PropertyCard[] | undefined {
  const own = listings.map((listing) => personalViews(listing, viewer)?.[0]);
  if (!own.some(Boolean)) return undefined;
  return listings.map((listing, i) => {
    const view = own[i];
    if (view) return fields === 'card' ? cardOf(view) : view;
    return JSON.parse(String(fields === 'card' ? listing.card : listing.body)) as PropertyCard;
  });
}

/** A list of listings with `fields` of each, serialised. */
const encodedList = (listings: Property[], fields: ListingFields) =>
  JSON.stringify(
    fields === 'card'
      ? ZPropertyCardList.encode(listings.map(cardOf))
      : ZPropertyList.encode(listings),
  );

/** The parsed filters, in a fixed order, name a cached search page. */
const searchCacheKey = (query: ListingFilters & { fields: ListingFields }) =>
  [matchesKey(query), query.sort ?? '', query.page, query.limit, query.fields].join('\u0000');

/** A map view's pins are always the newest first, whatever page, size and order the list shows. */
const pinsCacheKey = (scope: 'open' | 'approved', query: ListingFilters) =>
  `pins\u0000${scope}\u0000${matchesKey(query)}`;

/** How other processes' listing changes reach the caches, for the OpenAPI document. */
export const OTHER_PROCESSES_NOTE =
  'On PostgreSQL the database announces every listing change to every process, naming the listings a statement changed when they are 100 or fewer; a process hearing one empties its pages and counts, drops its map index, and forgets the details of the named listings, or of every listing when none is named; while it hears them, what the caches hold is kept up to ten minutes instead of SEARCH_CACHE_SECONDS, and while it cannot (its listening connection lost), no longer than SEARCH_CACHE_SECONDS.';

/** How map views are answered, for the OpenAPI document. */
const MAP_INDEX_NOTE = `A view of an area or outline without \`location\` is answered from a per-process index of the listings on the map, held in memory and dropped by every listing change before that change's answer is sent (until it is built again, and in processes with the caches off, the database answers). ${OTHER_PROCESSES_NOTE}`;

/** How list pages are compressed, for the OpenAPI document. */
const COMPRESSED_PAGES_NOTE =
  'A page over 1 KB is compressed as `Accept-Encoding` allows (zstd, else gzip, for its first send; Brotli once it is sent again); each coding has its own ETag (`"…-zstd"`, `"…-gzip"`, `"…-br"`), and an ETag of any coding answers 304 while the page is current.';

/** A search's page: its listings whole, or as cards with `fields=card`. */
const ZListingPage = z.union([ZPropertyList, ZPropertyCardList]);

/** What both searches accept besides the page, for the OpenAPI document. */
const SEARCH_PARAMETERS =
  'Filters, all optional and combined with AND: `location` (text in the location), `propertyType` and `types` (a comma list; any of them), `priceRange` (one of the price brackets; the listing’s whole price range lies within it), `priceBand` (under-100k, 100k-300k, 300k-600k or 600k-plus: the listing’s price range reaches into the band, whose lower bound is in it and upper bound is not, so the bands cover every price and a range across a bound is in both; not with `priceRange`) and `minPrice`/`maxPrice` (dollars; a listing matches when its whole price range lies within), `minBeds`, `minBaths`, `features` (a comma list; the listing has all of them), `bbox=west,south,east,north` (degrees, edges included) and `polygon=lng,lat;lng,lat;...` (3 to 100 corners, closed automatically, edges included; an outline that crosses itself is refused). With `bbox` or `polygon`, listings without a map position are left out. `sort` is newest (default), price-asc, price-desc or area-desc (largest first); ties go by id. `fields=card` answers each listing as its card in a list of homes shows it (PropertyCard: the whole listing but its `description`, with its cover as its only photo; about half the bytes), `fields=all` (default) whole. A malformed or out-of-range value answers 400 naming the parameter. Each listing carries `lat` and `lng` (both null without a map position). ' +
  PHOTOS_IN_ANSWERS;

/** The catalogue's sold mode, for the OpenAPI document. */
const SOLD_MODE =
  'Sold mode (`sold=3`, `6` or `12`, the signed-in catalogue’s alone): approved homes of agents in good standing sold since the start (UTC) of the day that many months ago, each with `soldPrice` (dollars; null when it was not sold here) and `soldAt`; every price filter, bracket, band and count reads the sale’s price (a sale without a price matches none), `newest` is the newest sale first and the price sorts go by the sale’s price (those without last). It is answered by the database from its index of sold homes, never from the map index, and cached under its own key. Nobody but a sale’s parties reads its buyer or transaction (`soldDetails`).';

export const listingSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  const cachedCounts: FacetCountSource = (key, load) => app.listingCache.counts.get(key, load);
  /** The count cache, and the map index when it holds every listing change. */
  const sources = (): ListingSources => ({
    counts: cachedCounts,
    map: app.listingCache.map.current(),
  });

  app.get(
    '/properties/search',
    {
      config: { access: 'public' },
      schema: {
        tags: ['properties'],
        summary:
          'Public search of approved, available listings by text, area, outline and filters; placeholder filter values are ignored; total in X-Total-Count',
        description: `${SEARCH_PARAMETERS} X-Total-Count is exact; pages and counts are kept in per-process caches that live SEARCH_CACHE_SECONDS and are emptied by every listing change. ${MAP_INDEX_NOTE} ${COMPRESSED_PAGES_NOTE}`,
        querystring: ZPropertySearchQuery,
        response: { 200: ZListingPage, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const { fields } = request.query;
      const chosen = mapPageIds(app.listingCache.map.current(), 'open', request.query);
      if (chosen) {
        const listings = await cachedPublicListings(app, chosen.ids, fields);
        // A listing sold since the map index was built has left the public search.
        const open = listings.filter((listing) => listing.available);
        return sendListPage(request, reply, joinedPage(open, chosen.total, fields));
      }
      const page = await app.listingCache.pages.get(searchCacheKey(request.query), async () => {
        const { items, total } = await searchListings(app.db, request.query, cachedCounts);
        return withEtag({ body: encodedList(items, fields), total });
      });
      return sendListPage(request, reply, page);
    },
  );

  app.get(
    '/api/all-properties',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['properties'],
        summary:
          'Approved listings for signed-in visitors, with the public search’s filters, area and outline, newest first by default; total in X-Total-Count',
        description: `${SEARCH_PARAMETERS} ${SOLD_MODE} X-Total-Count is exact, counted from a per-process cache of counts that lives SEARCH_CACHE_SECONDS and is emptied by every listing change before that change's answer is sent. The page is read once for every viewer the same way; only the parties to a sale on it (its agent, its buyer, admins) get the sale's details added. Sends an ETag and answers If-None-Match with 304 when the page is the one everyone sees. ${MAP_INDEX_NOTE} ${COMPRESSED_PAGES_NOTE}`,
        querystring: ZCatalogueSearchQuery,
        response: { 200: ZListingPage, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireUser();
      const { page, personal } = await cataloguePage(request.query);
      const own = personal(viewer);
      if (!own) return sendListPage(request, reply, page, 'private, no-cache');
      reply.header('x-total-count', page.total);
      return own;
    },
  );

  /**
   * A page of the signed-in catalogue as everyone sees it (a map view's from the map index and
   * the listing cache, sold mode's from its ids and the listing cache, others cached whole), and `personal`, which gives the page as a viewer
   * sees it when that differs: when the viewer is a party to a sale on it (see personalViews).
   */
  async function cataloguePage(query: ListingFilters & { fields: ListingFields }): Promise<{
    page: ListPage | JoinedPage;
    personal: (viewer: Viewer) => PropertyCard[] | undefined;
  }> {
    const { fields } = query;
    // Sold mode's page is found by the database and its map view never by the map index
    // (decision 057); either way its listings come from the listing cache.
    const chosen = query.sold
      ? await soldPageIds(app.db, query, cachedCounts)
      : mapPageIds(app.listingCache.map.current(), 'approved', query);
    if (chosen) {
      const listings = await cachedPublicListings(app, chosen.ids, fields);
      return {
        page: joinedPage(listings, chosen.total, fields),
        personal: (viewer) => personalMapPage(listings, viewer, fields),
      };
    }
    const shared = await app.listingCache.catalogue.get(searchCacheKey(query), async () => {
      const { rows, sales, openHouses, history, total } = await catalogueListings(
        app.db,
        query,
        cachedCounts,
      );
      const body = encodedList(sharedViews({ rows, sales, openHouses, history }), fields);
      // The rows are kept only to add a sale's details for its parties: a page without a
      // sold listing is held as its bytes alone.
      return {
        rows: sales.size > 0 ? rows : [],
        sales,
        openHouses,
        history: sales.size > 0 ? history : undefined,
        page: withEtag({ body, total }),
      };
    });
    return {
      page: shared.page,
      personal: (viewer) => {
        const own = personalViews(shared, viewer);
        return own && fields === 'card' ? own.map(cardOf) : own;
      },
    };
  }

  const FACETS_DESCRIPTION = `Takes the search's own parameters (\`page\`, \`limit\`, \`sort\` and \`fields\` are accepted and change nothing). \`total\` is the search's X-Total-Count; \`types\` counts, for every property type, the listings matching every filter but \`propertyType\` and \`types\`; \`priceRanges\` counts, for every price bracket, and \`priceBands\`, for every price band, the listings matching every filter but \`priceRange\` and \`priceBand\` (bounds that are exactly a bracket are read as that bracket); a home whose range spans two bands counts in both. Counted from the per-process cache of counts the search itself uses, which lives SEARCH_CACHE_SECONDS and is emptied by every listing change. ${MAP_INDEX_NOTE} ${SEARCH_PARAMETERS}`;

  app.get(
    '/properties/search/facets',
    {
      config: { access: 'public' },
      schema: {
        tags: ['properties'],
        summary:
          'How many approved, available listings of the public search fall under each property type and price bracket, beside its total',
        description: FACETS_DESCRIPTION,
        querystring: ZPropertySearchQuery,
        response: { 200: ZSearchFacets, ...errorResponses(400) },
      },
    },
    (request) => searchFacets(app.db, 'open', request.query, sources()),
  );

  app.get(
    '/api/all-properties/facets',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['properties'],
        summary:
          'How many approved listings of the signed-in catalogue’s search fall under each property type and price bracket, beside its total',
        description: `${FACETS_DESCRIPTION} ${SOLD_MODE}`,
        querystring: ZCatalogueSearchQuery,
        response: { 200: ZSearchFacets, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await request.requireUser();
      return searchFacets(app.db, 'approved', request.query, sources());
    },
  );

  const PINS_DESCRIPTION = `Takes the search's own parameters (\`page\`, \`limit\`, \`sort\` and \`fields\` are accepted and change nothing). \`pins\` holds the search's listings that have a map position, newest first, at most ${MAP_PINS_MAX}, each with its id, position, price range in dollars, \`title\` (cut to ${PIN_TITLE_MAX} characters, an ellipsis ending a cut one), \`image\` (the cover's 480-pixel WebP, an outside picture's own address, or null), \`bedrooms\`, \`bathrooms\` and \`areaSize\`; \`total\` (also in X-Total-Count) is how many listings of the search have a map position. Kept in a per-process cache that lives SEARCH_CACHE_SECONDS and is emptied by every listing change; sends an ETag and answers If-None-Match with 304. ${COMPRESSED_PAGES_NOTE} ${MAP_INDEX_NOTE} Without an area or outline the pins are the whole map's, also from the index. ${SEARCH_PARAMETERS}`;

  /**
   * A map view's pins: from the map index, encoded for this request (a view is rarely asked for
   * twice, and the index answers it again faster than a cache would hold it); else cached like a
   * search page.
   */
  const pinsPage = (scope: 'open' | 'approved', query: ListingFilters) => {
    const fromMap = mapPinsPage(app.listingCache.map.current(), scope, query);
    if (fromMap) return fromMap;
    return app.listingCache.pages.get(pinsCacheKey(scope, query), async () => {
      const pins = await searchPins(app.db, scope, query, cachedCounts);
      return withEtag({ body: JSON.stringify(ZMapPins.encode(pins)), total: pins.total });
    });
  };

  app.get(
    '/properties/search/pins',
    {
      config: { access: 'public' },
      schema: {
        tags: ['properties'],
        summary:
          'Map pins of the public search: its approved, available listings with a map position, newest first, and how many there are',
        description: PINS_DESCRIPTION,
        querystring: ZPropertySearchQuery,
        response: { 200: ZMapPins, ...errorResponses(400) },
      },
    },
    async (request, reply) => sendListPage(request, reply, await pinsPage('open', request.query)),
  );

  app.get(
    '/api/all-properties/pins',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['properties'],
        summary:
          'Map pins of the signed-in catalogue’s search: its approved listings with a map position, newest first, and how many there are',
        description: `${PINS_DESCRIPTION} ${SOLD_MODE} In sold mode each pin also has \`soldPrice\` and \`soldAt\`, and the pins are the newest sales first.`,
        querystring: ZCatalogueSearchQuery,
        response: { 200: ZMapPins, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await request.requireUser();
      return sendListPage(
        request,
        reply,
        await pinsPage('approved', request.query),
        'private, no-cache',
      );
    },
  );
};
