import { z } from 'zod';
import {
  ADMIN_APPROVAL,
  ADMIN_APPROVAL_STORED,
  AVAILABILITY,
  FEATURES,
  LIMITS,
  PRICE_RANGE_PLACEHOLDER,
  PRICE_RANGES,
  PROPERTY_TYPE_PLACEHOLDER,
  PROPERTY_TYPES,
  SEARCH_SORTS,
  TRUE_OR_FALSE,
} from './constants.js';
import { atMostCharactersMessage, IMAGE_MESSAGES, PROPERTY_MESSAGES } from './messages.js';
import { hasAtMostCents } from './money.js';
import { queryInteger, strictNumber } from './numbers.js';
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
};

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
  .meta({ id: 'PropertyAddRequest' });
export type PropertyAddRequest = z.input<typeof ZPropertyAddRequest>;

export const ZPropertyEditRequest = z
  .object({
    ...propertyFields,
    propertyType: z.enum(PROPERTY_TYPES, { error: PROPERTY_MESSAGES.typeRequired }),
    features: z.array(z.enum(FEATURES)).max(FEATURES.length).default([]),
  })
  .superRefine(maxAtLeastMin(PROPERTY_MESSAGES.maxBelowMinEdit))
  .meta({ id: 'PropertyEditRequest' });
export type PropertyEditRequest = z.input<typeof ZPropertyEditRequest>;

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
    image: ZServedImageUrl,
    propertyType: z.enum(PROPERTY_TYPES),
    minPrice: z.number(),
    maxPrice: z.number(),
    bedrooms: z.number(),
    bathrooms: z.number(),
    areaSize: z.number(),
    features: z.array(z.enum(FEATURES)),
    availability: z.enum(AVAILABILITY),
    adminApproval: z.enum(ADMIN_APPROVAL),
    advertiseStatus: z.enum(TRUE_OR_FALSE),
    soldStatus: z.enum(TRUE_OR_FALSE),
    soldDetails: ZSoldDetails.nullable(),
    creatorName: z.string(),
    creatorEmail: z.string(),
    creatorUID: z.string(),
    agentName: z.string(),
    agentEmail: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Property' });
export type Property = z.infer<typeof ZProperty>;

export const ZPropertyList = z.array(ZProperty).meta({ id: 'PropertyList' });
export type PropertyList = z.infer<typeof ZPropertyList>;

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

export const ZPropertySearchQuery = z.object({
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
  sort: z.enum(SEARCH_SORTS).default('newest'),
  ...pageFields,
});
export type PropertySearchQuery = z.input<typeof ZPropertySearchQuery>;

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
