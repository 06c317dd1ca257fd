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

export const REVIEW_TARGETS = ['website', 'property'] as const;
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

export const SEARCH_SORTS = ['newest', 'price-asc', 'price-desc'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export const PROPERTY_TYPE_PLACEHOLDER = 'Property Type';
export const PRICE_RANGE_PLACEHOLDER = 'Price Range';

export const LIMITS = {
  photoMaxBytes: 5 * 1024 * 1024,
  passwordMinLength: 6,
  descriptionMinLength: 20,
  ratingMin: 1,
  ratingMax: 5,
  ratingDefault: 5,
  agentPageSize: 6,
  adminPropertyPageSize: 5,
  defaultPageSize: 24,
  maxPageSize: 100,
} as const;

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
