/*
 * Listing search: what the public search, the signed-in catalogue and the map find, count and pin,
 * with the caches and the in-memory map index that answer them, kept true by the database's
 * notices of listing changes. The rest of the server reaches this module through this file alone
 * (a rule of .dependency-cruiser.cjs); what lies behind it may change without them.
 */

export { cachedPublicListing, warmListingCache } from './cached-listing.js';
export { createListingCaches, forgetListings, type ListingCaches } from './listing-cache.js';
export {
  LISTING_CHANGES_CHANNEL,
  type ListingChangeNotices,
  listenForListingChanges,
} from './listing-change-notices.js';
export { listingSearchRoutes, OTHER_PROCESSES_NOTE } from './listing-search.routes.js';
export {
  catalogueListings,
  searchFacets,
  searchListings,
  soldPageIds,
} from './listing-search.service.js';
export { managedListings } from './managed-listings.js';
export { searchPins } from './map-pins.js';
export { notByFraudAgent, openHouseThisWeekend, spatialConditions } from './search-conditions.js';
