import { z } from 'zod';
import {
  ADMIN_APPROVAL,
  ADMIN_APPROVAL_STORED,
  AVAILABILITY,
  FEATURES,
  LIMITS,
  LISTING_FIELDS,
  PRICE_BANDS,
  PRICE_RANGE_PLACEHOLDER,
  PRICE_RANGES,
  PROPERTY_TYPE_PLACEHOLDER,
  PROPERTY_TYPES,
  type PriceBandId,
  SEARCH_SORTS,
  SOLD_PERIODS,
  TRUE_OR_FALSE,
} from './constants.js';
import {
  type Bbox,
  GEO_MESSAGES,
  isLatitude,
  isLongitude,
  type LngLat,
  type Parsed,
  parseBbox,
  parsePolygon,
} from './geo.js';
import { PUBLIC_LISTING_EVENT_KINDS } from './listing-history.js';
import { atMostCharactersMessage, PROPERTY_MESSAGES } from './messages.js';
import { hasAtMostCents } from './money.js';
import { strictNumberInput } from './number-input.js';
import { queryInteger, strictNumber } from './numbers.js';
import { OPEN_HOUSE_FILTERS } from './open-house-times.js';
import { ZOpenHouseTime } from './open-houses.js';
import { IMAGE_MESSAGES, PHOTO_MESSAGES } from './photo-messages.js';
import { ZListingPhoto, ZListingPhotosInput } from './photos.js';
import { ownImageUrlInput, ZServedImageUrl } from './uploads.js';

const price = (requiredMessage: string) =>
  strictNumber(requiredMessage, PROPERTY_MESSAGES.priceInDigits).pipe(
    z
      .number()
      .min(0, PROPERTY_MESSAGES.pricePositive)
      .max(LIMITS.priceMax, PROPERTY_MESSAGES.priceTooLarge)
      .refine(hasAtMostCents, PROPERTY_MESSAGES.priceCents),
  );

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, atMostCharactersMessage(max));

const propertyFields = {
  title: requiredText(PROPERTY_MESSAGES.titleRequired, LIMITS.listingTitleMaxLength),
  description: z
    .string({ error: PROPERTY_MESSAGES.descriptionTooShort })
    .trim()
    .min(LIMITS.descriptionMinLength, PROPERTY_MESSAGES.descriptionTooShort)
    .max(LIMITS.descriptionMaxLength, atMostCharactersMessage(LIMITS.descriptionMaxLength)),
  location: requiredText(PROPERTY_MESSAGES.locationRequired, LIMITS.locationMaxLength),
  image: ownImageUrlInput(IMAGE_MESSAGES.imageUrlNotOurs),
  /**
   * The photos in order, the cover first. Absent on an edit keeps them (or, with `image`, makes
   * that upload the cover); `image`, when sent too, must be the cover's address.
   */
  photos: ZListingPhotosInput.optional(),
  minPrice: price(PROPERTY_MESSAGES.minPriceRequired),
  maxPrice: price(PROPERTY_MESSAGES.maxPriceRequired),
  bedrooms: strictNumber(
    PROPERTY_MESSAGES.bedroomsRequired,
    PROPERTY_MESSAGES.bedroomsInDigits,
  ).pipe(
    z
      .number()
      .min(0, PROPERTY_MESSAGES.roomsPositive)
      .max(LIMITS.roomsMax, PROPERTY_MESSAGES.bedroomsTooMany)
      .refine(Number.isInteger, PROPERTY_MESSAGES.bedroomsWhole),
  ),
  bathrooms: strictNumber(
    PROPERTY_MESSAGES.bathroomsRequired,
    PROPERTY_MESSAGES.bathroomsInDigits,
  ).pipe(
    z
      .number()
      .min(0, PROPERTY_MESSAGES.roomsPositive)
      .max(LIMITS.roomsMax, PROPERTY_MESSAGES.bathroomsTooMany)
      .refine((value) => Number.isInteger(value * 2), PROPERTY_MESSAGES.bathroomsStep),
  ),
  areaSize: strictNumber(PROPERTY_MESSAGES.areaRequired, PROPERTY_MESSAGES.areaInDigits).pipe(
    z
      .number()
      .min(0, PROPERTY_MESSAGES.areaPositive)
      .max(LIMITS.areaMax, PROPERTY_MESSAGES.areaTooLarge)
      .int(PROPERTY_MESSAGES.areaWhole),
  ),
  availability: z.enum(AVAILABILITY).default('Available'),
  /**
   * Where the pin stands. Absent on an edit keeps the pin; null removes it (the home then has
   * no map position and shows in lists only).
   */
  lat: z
    .number({ error: GEO_MESSAGES.latitudeRange })
    .refine(isLatitude, GEO_MESSAGES.latitudeRange)
    .nullable()
    .optional(),
  lng: z
    .number({ error: GEO_MESSAGES.longitudeRange })
    .refine(isLongitude, GEO_MESSAGES.longitudeRange)
    .nullable()
    .optional(),
};

/** A pin has both coordinates or none. */
function pinComplete(value: { lat?: number | null; lng?: number | null }, ctx: z.RefinementCtx) {
  if (((value.lat ?? null) === null) !== ((value.lng ?? null) === null)) {
    ctx.addIssue({
      code: 'custom',
      path: [value.lat == null ? 'lat' : 'lng'],
      message: GEO_MESSAGES.pinIncomplete,
    });
  }
}

/** When a request lists the photos, its Image URL (if any) is the cover's. */
function imageIsCover(
  value: { image?: string | null; photos?: { url: string }[] },
  ctx: z.RefinementCtx,
) {
  if (!value.photos || value.image === undefined) return;
  if (value.image !== value.photos[0]?.url) {
    ctx.addIssue({ code: 'custom', path: ['image'], message: PHOTO_MESSAGES.imageNotCover });
  }
}

/** A new listing shows at least one photo: the list, or the Image URL alone. */
function hasPhoto(value: { image?: string | null; photos?: unknown[] }, ctx: z.RefinementCtx) {
  if (!value.photos && !value.image) {
    ctx.addIssue({ code: 'custom', path: ['photos'], message: PHOTO_MESSAGES.required });
  }
}

const maxAtLeastMin =
  (message: string) =>
  <T extends { minPrice: number; maxPrice: number }>(value: T, ctx: z.RefinementCtx) => {
    if (value.maxPrice < value.minPrice) {
      ctx.addIssue({ code: 'custom', path: ['maxPrice'], message });
    }
  };

export const ZPropertyAddRequest = z
  .object({
    ...propertyFields,
    propertyType: z
      .enum(PROPERTY_TYPES, { error: PROPERTY_MESSAGES.typeRequired })
      .default('Apartment'),
    features: z.array(z.enum(FEATURES)).max(FEATURES.length).default([]),
    availability: z.literal('Available').default('Available'),
  })
  .superRefine(maxAtLeastMin(PROPERTY_MESSAGES.maxBelowMinAdd))
  .superRefine(pinComplete)
  .superRefine(hasPhoto)
  .superRefine(imageIsCover)
  .meta({ id: 'PropertyAddRequest' });
export type PropertyAddRequest = z.input<typeof ZPropertyAddRequest>;

export const ZPropertyEditRequest = z
  .object({
    ...propertyFields,
    propertyType: z.enum(PROPERTY_TYPES, { error: PROPERTY_MESSAGES.typeRequired }),
    features: z.array(z.enum(FEATURES)).max(FEATURES.length).default([]),
  })
  .superRefine(maxAtLeastMin(PROPERTY_MESSAGES.maxBelowMinEdit))
  .superRefine(pinComplete)
  .superRefine(imageIsCover)
  .meta({ id: 'PropertyEditRequest' });
export type PropertyEditRequest = z.input<typeof ZPropertyEditRequest>;

/** One event of a listing's price and status history, as buyers read it; amounts in dollars. */
export const ZListingHistoryEntry = z
  .object({
    kind: z.enum(PUBLIC_LISTING_EVENT_KINDS),
    at: z.string(),
    /** The range after the event (listed, price_changed). */
    price: z.object({ min: z.number(), max: z.number() }).nullable(),
    /** The range before a price change. */
    previousPrice: z.object({ min: z.number(), max: z.number() }).nullable(),
    /** What it sold for, when it sold here (sold). */
    salePrice: z.number().nullable(),
  })
  .meta({ id: 'ListingHistoryEntry' });
export type ListingHistoryEntry = z.infer<typeof ZListingHistoryEntry>;

export const ZSoldDetails = z
  .object({
    price: z.number(),
    date: z.string(),
    buyerName: z.string(),
    buyerEmail: z.string().nullable(),
    transactionId: z.string(),
  })
  .meta({ id: 'SoldDetails' });
export type SoldDetails = z.infer<typeof ZSoldDetails>;

/** A listing as the API shows it (the API says property), with the field names the web client reads. */
export const ZProperty = z
  .object({
    _id: z.string(),
    title: z.string(),
    description: z.string(),
    location: z.string(),
    /** The cover's address (the first photo's); null for a listing without photos. */
    image: ZServedImageUrl,
    /** In order, the cover first; empty only for a listing from before photos were required. */
    photos: z.array(ZListingPhoto),
    propertyType: z.enum(PROPERTY_TYPES),
    minPrice: z.number(),
    maxPrice: z.number(),
    bedrooms: z.number(),
    bathrooms: z.number(),
    areaSize: z.number(),
    features: z.array(z.enum(FEATURES)),
    /** Where the home is; both null when it has no map position. */
    lat: z.number().nullable(),
    lng: z.number().nullable(),
    availability: z.enum(AVAILABILITY),
    adminApproval: z.enum(ADMIN_APPROVAL),
    advertiseStatus: z.enum(TRUE_OR_FALSE),
    soldStatus: z.enum(TRUE_OR_FALSE),
    /** What everyone sees of a sale: its price in dollars (null when not sold here) and time. */
    soldPrice: z.number().nullable(),
    soldAt: z.string().nullable(),
    /** The buyer and the transaction: for the sale's parties (agent, buyer, admins) only. */
    soldDetails: ZSoldDetails.nullable(),
    /**
     * What an admin asked the agent to correct, until the agent saves an edit; only in the
     * answers its agent and admins get.
     */
    correctionNote: z.string().nullable().optional(),
    creatorName: z.string(),
    creatorEmail: z.string(),
    creatorUID: z.string(),
    agentName: z.string(),
    agentEmail: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /**
     * The upcoming open houses of a public listing, soonest first, for its badge: those that
     * ended since the answer was made are left to the reader to skip.
     */
    openHouses: z.array(ZOpenHouseTime).optional(),
    /** When a public listing was first listed, for the "New" badge. */
    listedAt: z.string().nullable().optional(),
    /** A public listing's last price change when it was a cut, for the "Price cut" badge. */
    priceCut: z.object({ amount: z.number(), at: z.string() }).nullable().optional(),
    /** A public listing's price and status history, newest first; never on cards. */
    history: z.array(ZListingHistoryEntry).optional(),
  })
  .meta({ id: 'Property' });
export type Property = z.infer<typeof ZProperty>;

export const ZPropertyList = z.array(ZProperty).meta({ id: 'PropertyList' });
export type PropertyList = z.infer<typeof ZPropertyList>;

/**
 * A listing as its card in a list of homes shows it: the whole listing but its description, with
 * its cover as its only photo. About half the bytes of the whole listing, for the pages a buyer
 * pans a map and scrolls through; a listing's own page reads it whole.
 */
export const ZPropertyCard = ZProperty.omit({ description: true, history: true })
  .extend({ photos: z.array(ZListingPhoto).max(1) })
  .meta({ id: 'PropertyCard' });
export type PropertyCard = z.infer<typeof ZPropertyCard>;

export const ZPropertyCardList = z.array(ZPropertyCard).meta({ id: 'PropertyCardList' });
export type PropertyCardList = z.infer<typeof ZPropertyCardList>;

/** The card of a listing (see ZPropertyCard), its fields in the listing's own order. */
export function cardOf<Listing extends { description: string; photos: readonly unknown[] }>(
  listing: Listing & { history?: unknown },
): Omit<Listing, 'description' | 'history'> {
  const { description: _description, history: _history, ...card } = listing;
  return { ...card, photos: listing.photos.slice(0, 1) };
}

const pageFields = {
  page: queryInteger(1, 100_000, 1),
  limit: queryInteger(1, LIMITS.maxPageSize, LIMITS.defaultPageSize),
};

const optionalFilter = (placeholder: string) =>
  z
    .string()
    .trim()
    .max(160)
    .optional()
    .transform((value) => (!value || value === placeholder ? undefined : value));

/** A comma list of choices (`types=House,Villa`): each must be one of them; repeats count once. */
function commaList<T extends string>(choices: readonly T[], what: string) {
  return z
    .string()
    .max(1000)
    .optional()
    .transform((text, ctx) => {
      const items = (text ?? '')
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);
      const unknown = items.filter((item) => !choices.includes(item as T));
      if (unknown.length > 0) {
        ctx.addIssue({ code: 'custom', message: `Unknown ${what}: ${unknown.join(', ')}` });
        return z.NEVER;
      }
      return items.length > 0 ? [...new Set(items as T[])] : undefined;
    });
}

/** An area or an outline in the address, read as the map writes it (see geo.ts). */
function geoParam<T>(parse: (text: string) => Parsed<T>) {
  return z
    .string()
    .max(4000)
    .optional()
    .transform((text, ctx) => {
      if (!text?.trim()) return undefined;
      const parsed = parse(text);
      if (!parsed.ok) {
        ctx.addIssue({ code: 'custom', message: parsed.message });
        return z.NEVER;
      }
      return parsed.value;
    });
}

/** A free amount or count in the address; empty means no bound. */
const queryAmount = (max: number, inDigits: string, tooLarge: string) =>
  z.preprocess(
    strictNumberInput,
    z
      .number({ error: inDigits })
      .min(0, PROPERTY_MESSAGES.roomsPositive)
      .max(max, tooLarge)
      .optional(),
  );

const searchFields = {
  location: z
    .string()
    .trim()
    .max(160)
    .optional()
    .transform((value) => value || undefined),
  propertyType: optionalFilter(PROPERTY_TYPE_PLACEHOLDER).pipe(z.enum(PROPERTY_TYPES).optional()),
  priceRange: optionalFilter(PRICE_RANGE_PLACEHOLDER).pipe(
    z.enum(PRICE_RANGES.map((range) => range.label) as [string, ...string[]]).optional(),
  ),
  /** One of PRICE_BANDS by its id: the listing's price range reaches into it. */
  priceBand: z
    .enum(PRICE_BANDS.map((band) => band.id) as [PriceBandId, ...PriceBandId[]])
    .optional(),
  /** Several types at once; a listing of any of them matches. */
  types: commaList(PROPERTY_TYPES, 'property type'),
  /** Every feature named must be on the listing. */
  features: commaList(FEATURES, 'feature'),
  /** Containment, as the price ranges: the listing's whole range lies inside the bounds. */
  minPrice: queryAmount(
    LIMITS.priceMax,
    PROPERTY_MESSAGES.priceInDigits,
    PROPERTY_MESSAGES.priceTooLarge,
  ),
  maxPrice: queryAmount(
    LIMITS.priceMax,
    PROPERTY_MESSAGES.priceInDigits,
    PROPERTY_MESSAGES.priceTooLarge,
  ),
  minBeds: queryAmount(
    LIMITS.roomsMax,
    PROPERTY_MESSAGES.bedroomsInDigits,
    PROPERTY_MESSAGES.bedroomsTooMany,
  ),
  minBaths: queryAmount(
    LIMITS.roomsMax,
    PROPERTY_MESSAGES.bathroomsInDigits,
    PROPERTY_MESSAGES.bathroomsTooMany,
  ),
  /** `west,south,east,north`, edges included. */
  bbox: geoParam<Bbox>(parseBbox),
  /** `lng,lat;lng,lat;...`, closed automatically; a crossing outline is refused. */
  polygon: geoParam<LngLat[]>(parsePolygon),
  /** `weekend`: an open house this weekend (see thisWeekend on the server) that has not ended. */
  openHouse: z.enum(OPEN_HOUSE_FILTERS).optional(),
  sort: z.enum(SEARCH_SORTS).default('newest'),
  /** `card` answers each listing as its card shows it (ZPropertyCard), `all` whole. */
  fields: z.enum(LISTING_FIELDS).default('all'),
  ...pageFields,
};

/** What any search's filters must agree on. */
function searchAgrees(
  value: { priceRange?: string; priceBand?: string; minPrice?: number; maxPrice?: number },
  ctx: z.RefinementCtx,
) {
  // The counts a search shares with its list are taken by one price choice or the other.
  if (value.priceRange && value.priceBand) {
    ctx.addIssue({
      code: 'custom',
      path: ['priceBand'],
      message: PROPERTY_MESSAGES.rangeOrBand,
    });
  }
  if (
    value.minPrice !== undefined &&
    value.maxPrice !== undefined &&
    value.maxPrice < value.minPrice
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['maxPrice'],
      message: PROPERTY_MESSAGES.maxBelowMinEdit,
    });
  }
}

export const ZPropertySearchQuery = z.object(searchFields).superRefine(searchAgrees);
export type PropertySearchQuery = z.input<typeof ZPropertySearchQuery>;

/**
 * The signed-in catalogue's search: the public search's parameters, and `sold` (SOLD_PERIODS), its
 * sold mode.
 */
export const ZCatalogueSearchQuery = z
  .object({ ...searchFields, sold: z.enum(SOLD_PERIODS).optional() })
  .superRefine(searchAgrees);
export type CatalogueSearchQuery = z.input<typeof ZCatalogueSearchQuery>;

export const ZPropertyListQuery = z.object({
  agentUID: z.string().max(64).optional(),
  search: z.string().trim().max(160).optional(),
  status: z.enum(ADMIN_APPROVAL_STORED).optional(),
  propertyType: z.enum(PROPERTY_TYPES).optional(),
  ...pageFields,
});

export const ZPropertyIdParams = z.object({ id: z.uuid({ error: PROPERTY_MESSAGES.notFound }) });

export const ZApprovalParams = z.object({
  id: z.uuid({ error: PROPERTY_MESSAGES.notFound }),
  decision: z.enum(TRUE_OR_FALSE),
});

export const ZInsertedResponse = z
  .object({ insertedId: z.string() })
  .meta({ id: 'InsertedResponse' });
export type InsertedResponse = z.infer<typeof ZInsertedResponse>;

/**
 * How many listings of a search fall under each choice of the filters beside it, so a buyer
 * sees where narrowing leads before choosing: each type counted with every filter but the type,
 * each price bracket with every filter but the price.
 */
export const ZSearchFacets = z
  .object({
    /** The search's own count, as X-Total-Count gives it. */
    total: z.number().int(),
    types: z.array(z.object({ propertyType: z.enum(PROPERTY_TYPES), count: z.number().int() })),
    priceRanges: z.array(z.object({ label: z.string(), count: z.number().int() })),
    /**
     * For every band of PRICE_BANDS, the listings matching every filter but `priceRange` and
     * `priceBand`. A home whose range spans two bands counts in both, so these may add up to more
     * than the listings counted.
     */
    priceBands: z.array(
      z.object({
        id: z.enum(PRICE_BANDS.map((band) => band.id)),
        label: z.string(),
        count: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'SearchFacets' });
export type SearchFacets = z.infer<typeof ZSearchFacets>;

/**
 * Every listing of a search that has a map position, as little as a marker and its popup need:
 * where it stands, its price range, a short title, its cover's small picture, beds, baths, area.
 */
export const ZMapPins = z
  .object({
    pins: z.array(
      z.object({
        _id: z.string(),
        lat: z.number(),
        lng: z.number(),
        minPrice: z.number(),
        maxPrice: z.number(),
        /** The title, cut to PIN_TITLE_MAX characters (see pinTextOf); may be empty. */
        title: z.string(),
        /** The cover's 480-pixel WebP (an outside picture's own address); null without one. */
        image: z.string().nullable(),
        bedrooms: z.number(),
        bathrooms: z.number(),
        areaSize: z.number(),
        /** In sold mode only: the sale's price in dollars (null when not sold here) and time. */
        soldPrice: z.number().nullable().optional(),
        soldAt: z.string().optional(),
      }),
    ),
    /** Listings of the search with a map position; more than `pins` when the view holds too many. */
    total: z.number().int(),
  })
  .meta({ id: 'MapPins' });
export type MapPins = z.infer<typeof ZMapPins>;
