import type {
  ListingPhoto,
  Property,
  PropertyCard,
  PropertyCardList,
  PropertyList,
  SoldDetails,
} from '@keyhaven/shared';
import {
  ADMIN_APPROVAL,
  AVAILABILITY,
  FEATURES,
  PROPERTY_TYPES,
  PUBLIC_LISTING_EVENT_KINDS,
  TRUE_OR_FALSE,
} from '@keyhaven/shared/constants';
import * as v from 'valibot';
import type { ContractTwin, ListTwin } from '@/lib/contract-twins';

export type { Property, PropertyCard };

/*
 * The valibot twin of ZProperty in @keyhaven/shared: listing pages load fast without zod, and
 * valibot keeps the first download small (only the agent's forms need zod). Its type turns any
 * drift from the contract, in either direction, into a compile error.
 */
const soldDetailsTwin = v.object({
  price: v.number(),
  date: v.string(),
  buyerName: v.string(),
  buyerEmail: v.nullable(v.string()),
  transactionId: v.string(),
});
const ZSoldDetails: ContractTwin<typeof soldDetailsTwin, SoldDetails> = soldDetailsTwin;

const listingPhotoTwin = v.object({
  url: v.string(),
  alt: v.string(),
  caption: v.nullable(v.string()),
  width: v.number(),
  height: v.number(),
  placeholder: v.nullable(v.string()),
});
const ZListingPhoto: ContractTwin<typeof listingPhotoTwin, ListingPhoto> = listingPhotoTwin;

const priceTwin = v.nullable(v.object({ min: v.number(), max: v.number() }));
const historyEntryTwin = v.object({
  kind: v.picklist(PUBLIC_LISTING_EVENT_KINDS),
  at: v.string(),
  price: priceTwin,
  previousPrice: priceTwin,
  salePrice: v.nullable(v.number()),
});

const propertyTwin = v.object({
  _id: v.string(),
  title: v.string(),
  description: v.string(),
  location: v.string(),
  image: v.nullable(v.string()),
  photos: v.array(ZListingPhoto),
  propertyType: v.picklist(PROPERTY_TYPES),
  minPrice: v.number(),
  maxPrice: v.number(),
  bedrooms: v.number(),
  bathrooms: v.number(),
  areaSize: v.number(),
  features: v.array(v.picklist(FEATURES)),
  lat: v.nullable(v.number()),
  lng: v.nullable(v.number()),
  availability: v.picklist(AVAILABILITY),
  adminApproval: v.picklist(ADMIN_APPROVAL),
  advertiseStatus: v.picklist(TRUE_OR_FALSE),
  soldStatus: v.picklist(TRUE_OR_FALSE),
  soldPrice: v.nullable(v.number()),
  soldAt: v.nullable(v.string()),
  soldDetails: v.nullable(ZSoldDetails),
  /** An admin's request for a correction, for the listing's agent and admins only. */
  correctionNote: v.optional(v.nullable(v.string())),
  creatorName: v.string(),
  creatorEmail: v.string(),
  creatorUID: v.string(),
  agentName: v.string(),
  agentEmail: v.string(),
  createdAt: v.string(),
  updatedAt: v.string(),
  /** A public listing's upcoming open houses, soonest first (the badge skips those since ended). */
  openHouses: v.optional(
    v.array(
      v.object({ id: v.string(), startsAt: v.string(), endsAt: v.string(), timeZone: v.string() }),
    ),
  ),
  /** When a public listing was first listed, and its last price change when a cut: the badges. */
  listedAt: v.optional(v.nullable(v.string())),
  priceCut: v.optional(v.nullable(v.object({ amount: v.number(), at: v.string() }))),
  /** A public listing's price and status history, newest first (never on cards). */
  history: v.optional(v.array(historyEntryTwin)),
});

export const ZProperty: ContractTwin<typeof propertyTwin, Property> = propertyTwin;

export const ZPropertyList: ListTwin<typeof ZProperty, PropertyList> = v.array(ZProperty);

// Not held to one photo: a server still sending whole listings (an instance not yet upgraded)
// sends cards enough to show.
const { description: _description, history: _history, ...cardEntries } = propertyTwin.entries;
const propertyCardTwin = v.object(cardEntries);

/** A listing as its card shows it (`fields=card`): no description, the cover its only photo. */
export const ZPropertyCard: ContractTwin<typeof propertyCardTwin, PropertyCard> = propertyCardTwin;

export const ZPropertyCardList: ListTwin<typeof ZPropertyCard, PropertyCardList> =
  v.array(ZPropertyCard);
