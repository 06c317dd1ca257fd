/** The marketplace's business constants, shared by the server's checks and the web forms. */

export const DEFAULT_BRAND_NAME = 'Keyhaven';
export const FOOTER_YEAR = 2025;

export const ROLES = ['user', 'agent', 'admin', 'fraud'] as const;
export type Role = (typeof ROLES)[number];

export const AVAILABILITY = ['Available', 'Pending', 'Sold'] as const;
export type Availability = (typeof AVAILABILITY)[number];

/** How approval travels on the wire: pending, then "true" (approved) or "false" (rejected). */
export const ADMIN_APPROVAL = ['pending', 'true', 'false'] as const;
export type AdminApproval = (typeof ADMIN_APPROVAL)[number];

/** A yes or no as the listing's older fields (`advertiseStatus`, `soldStatus`) and paths carry it. */
export const TRUE_OR_FALSE = ['true', 'false'] as const;

/** How approval is stored, and how the wire values map onto it. */
export const ADMIN_APPROVAL_STORED = ['pending', 'approved', 'rejected'] as const;
export type AdminApprovalStored = (typeof ADMIN_APPROVAL_STORED)[number];
export const APPROVAL_TO_WIRE: Record<AdminApprovalStored, AdminApproval> = {
  pending: 'pending',
  approved: 'true',
  rejected: 'false',
};

/**
 * `withdrawn`: the buyer took back an accepted offer before paying; `lapsed`: its payment
 * deadline passed; `released`: the agent (after the deadline) or an admin let the home go.
 */
export const OFFER_STATUSES = [
  'pending',
  'accepted',
  'rejected',
  'paid',
  'withdrawn',
  'lapsed',
  'released',
] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** An offer's state in its buyer's words (`requestStatus`): a paid offer is one they `bought`. */
export const REQUEST_STATUSES = [
  'pending',
  'accepted',
  'rejected',
  'bought',
  'withdrawn',
  'lapsed',
  'released',
] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/**
 * A payment, from the checkout that opens it: `paid` became a sale; `refund_due` is money that
 * arrived when the offer could no longer become one, `refunded` once it went back.
 */
export const PAYMENT_STATUSES = [
  'open',
  'paid',
  'failed',
  'expired',
  'refund_due',
  'refunded',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The payments an admin sees on Refunds: due for a refund, or refunded. */
export const REFUND_STATUSES = [
  'refund_due',
  'refunded',
] as const satisfies readonly PaymentStatus[];

/** What a review is of: the website, a listing, or an agent (reviewed on the agent's profile). */
export const REVIEW_TARGETS = ['website', 'property', 'agent'] as const;
/** What POST /api/reviews reviews; an agent is reviewed on their profile. */
export const POSTED_REVIEW_TARGETS = [
  'website',
  'property',
] as const satisfies readonly (typeof REVIEW_TARGETS)[number][];
export type ReviewTarget = (typeof REVIEW_TARGETS)[number];

export const SEARCH_PROPERTY_TYPES = [
  'Apartment',
  'House',
  'Villa',
  'Condo',
  'Townhouse',
  'Commercial',
  'Land',
] as const;

export const ADD_PROPERTY_TYPES = [...SEARCH_PROPERTY_TYPES, 'Other'] as const;

/**
 * Every type a listing may carry, on the add form, the edit form and in the API alike: the union
 * of the two forms' lists, so a listing added as a House can be edited and saved unchanged.
 */
export const PROPERTY_TYPES = [...ADD_PROPERTY_TYPES, 'Residential'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

export const ADD_FEATURES = [
  'Garage',
  'Balcony',
  'Garden',
  'Swimming Pool',
  'Furnished',
  'Parking',
  'Security',
  'Elevator',
  'Air Conditioning',
] as const;

/** Every feature a listing may carry, on both forms and in the API: the union of their lists. */
export const FEATURES = [...ADD_FEATURES, 'Fireplace', 'Gym'] as const;
export type Feature = (typeof FEATURES)[number];

/** Public price filters: a listing matches when its whole range lies inside the bounds. */
export const PRICE_RANGES = [
  { label: '$100k - $300k', min: 100_000, max: 300_000 },
  { label: '$300k - $600k', min: 300_000, max: 600_000 },
  { label: '$600k+', min: 600_000, max: null },
] as const;

/**
 * The price bands the catalogue's filters count and offer: together they cover every price, from
 * nothing up. A listing is in each band its price range reaches into (a band holds its lower bound,
 * not its upper one), so a home of $265k - $315k is in both $100k - $300k and $300k - $600k, and a
 * home of one price in exactly one. Unlike PRICE_RANGES, no listing falls between them.
 */
export const PRICE_BANDS = [
  { id: 'under-100k', label: 'Under $100k', min: 0, max: 100_000 },
  { id: '100k-300k', label: '$100k - $300k', min: 100_000, max: 300_000 },
  { id: '300k-600k', label: '$300k - $600k', min: 300_000, max: 600_000 },
  { id: '600k-plus', label: '$600k+', min: 600_000, max: null },
] as const;
export type PriceBand = (typeof PRICE_BANDS)[number];
export type PriceBandId = PriceBand['id'];

/**
 * Whether a listing priced `min` to `max` reaches into the band (all three in the same unit): it
 * starts below the band's top and ends above its bottom, or (one price) stands on its bottom.
 */
export const reachesBand = (band: { min: number; max: number | null }, min: number, max: number) =>
  (band.max === null || min < band.max) && (max > band.min || min >= band.min);

export const SEARCH_SORTS = ['newest', 'price-asc', 'price-desc', 'area-desc'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/**
 * The catalogue's sold mode (`sold=3`, `6` or `12`): homes sold in the last so many months, from
 * the start of that day (UTC), newest sale first; prices are the sale's.
 */
export const SOLD_PERIODS = ['3', '6', '12'] as const;
export type SoldPeriod = (typeof SOLD_PERIODS)[number];

/**
 * What a list of listings answers of each one: all of it, or what its card in a list of homes
 * shows (see ZPropertyCard).
 */
export const LISTING_FIELDS = ['all', 'card'] as const;
export type ListingFields = (typeof LISTING_FIELDS)[number];

/**
 * The search's filters as its address carries them, without the page, page size and order: what
 * a saved search keeps.
 */
export const SEARCH_FILTER_KEYS = [
  'location',
  'propertyType',
  'types',
  'priceRange',
  'priceBand',
  'minPrice',
  'maxPrice',
  'minBeds',
  'minBaths',
  'features',
  'bbox',
  'polygon',
  'openHouse',
] as const;

/** At most this many pins for one map view: clustered in the browser, they stay readable. */
export const MAP_PINS_MAX = 1000;

export const PROPERTY_TYPE_PLACEHOLDER = 'Property Type';
export const PRICE_RANGE_PLACEHOLDER = 'Price Range';

export const LIMITS = {
  photoMaxBytes: 5 * 1024 * 1024,
  nameMaxLength: 100,
  /** The longest address e-mail delivers to. */
  emailMaxLength: 254,
  phoneMaxLength: 30,
  countryMaxLength: 60,
  /** A date as `YYYY-MM-DD`. */
  dateLength: 10,
  passwordMinLength: 6,
  passwordMaxLength: 128,
  listingTitleMaxLength: 120,
  locationMaxLength: 160,
  descriptionMinLength: 20,
  descriptionMaxLength: 5000,
  /** A price or an offer beyond any home's. */
  priceMax: 1_000_000_000,
  /** Bedrooms and bathrooms beyond any home's. */
  roomsMax: 1000,
  areaMax: 100_000_000,
  ratingMin: 1,
  ratingMax: 5,
  ratingDefault: 5,
  reviewTitleMaxLength: 120,
  reviewTextMaxLength: 4000,
  agentPageSize: 6,
  adminPropertyPageSize: 5,
  defaultPageSize: 24,
  maxPageSize: 100,
} as const;

/** A phone number as people write it: digits, spaces, brackets, dots and dashes, `+` first. */
export const PHONE_PATTERN = /^\+?[\d\s().-]{6,30}$/;

/** A password strong enough: an uppercase letter, a lowercase letter and a digit. */
export const PASSWORD_STRENGTH = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)/;

export const TIMINGS_MS = {
  cacheStale: 5 * 60 * 1000,
  loginNotice: 2000,
  uploadNotice: 1500,
  toast: 3000,
  addPropertyDialog: 3000,
  addPropertyDialogDelay: 1000,
  offerDialog: 2000,
} as const;

export const QUERY_RETRIES = 2;

export const UPLOAD_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

/** The demo checkout's test cards: one that pays, one the bank declines. */
export const DEMO_CARDS = { success: '4242424242424242', declined: '4000000000000002' } as const;
