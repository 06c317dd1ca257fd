import {
  APPROVAL_TO_WIRE,
  isOwnImageUrl,
  LISTING_UNDER_REVIEW,
  type ListingHistoryEntry,
  type ListingPhoto,
  type OpenHouseTime,
  PHOTO_MESSAGES,
  type Property,
  toDollars,
} from '@keyhaven/shared';
import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import {
  type PublishedListing,
  payments,
  properties,
  type StoredPhoto,
  users,
} from '../../db/schema.js';
import { withHistory } from './listing-history.js';

export type ListingRow = typeof properties.$inferSelect;
export interface AgentInfo {
  agentName: string;
  agentEmail: string;
}

export const agents = alias(users, 'agents');

/** The columns every listing query selects: the listing and its agent's name and e-mail. */
export const listingColumns = {
  property: properties,
  agentName: agents.name,
  agentEmail: agents.email,
};

const { published: _published, ...currentColumns } = getTableColumns(properties);

/**
 * The columns of lists that show approved listings only (search, the signed-in catalogue): an
 * approved listing is shown as it is now, so its last approved copy (`published`, the whole
 * content again, photos included) is never read, and sending it cost more than the rest of the
 * page's rows together. Read as null.
 */
export const approvedListingColumns = {
  property: { ...currentColumns, published: sql<PublishedListing | null>`null` },
  agentName: agents.name,
  agentEmail: agents.email,
};

type SoldDetails = NonNullable<Property['soldDetails']>;

/** Who is looking: sale details (buyer, transaction) are shown only to the sale's parties. */
export interface Viewer {
  id: string;
  role: string;
}

/** Sale facts come from the paid payment, which outlives a deleted buyer. */
async function soldDetailsFor(db: Database, propertyIds: string[]) {
  const sold = new Map<string, Sale>();
  if (propertyIds.length === 0) return sold;
  const buyers = alias(users, 'buyers');
  const rows = await db
    .select({
      propertyId: payments.propertyId,
      amountCents: payments.amountCents,
      paidAt: payments.paidAt,
      transactionId: payments.transactionId,
      buyerId: payments.buyerId,
      buyerName: buyers.name,
      buyerEmail: buyers.email,
    })
    .from(payments)
    .leftJoin(buyers, eq(buyers.id, payments.buyerId))
    .where(and(inArray(payments.propertyId, propertyIds), eq(payments.status, 'paid')));
  for (const row of rows) {
    if (!row.propertyId) continue;
    sold.set(row.propertyId, {
      price: toDollars(row.amountCents),
      date: (row.paidAt ?? new Date(0)).toISOString(),
      buyerName: row.buyerName ?? 'Deleted user',
      buyerEmail: row.buyerEmail,
      transactionId: row.transactionId ?? '',
      buyerId: row.buyerId,
    });
  }
  return sold;
}

/** The reviewed content of a listing as it stands now. */
export function publishedContent(
  row: { [K in keyof PublishedListing]: ListingRow[K] },
): PublishedListing {
  return {
    title: row.title,
    description: row.description,
    location: row.location,
    image: row.image,
    photos: row.photos,
    propertyType: row.propertyType,
    minPriceCents: row.minPriceCents,
    maxPriceCents: row.maxPriceCents,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    areaSize: row.areaSize,
    features: row.features,
    lat: row.lat,
    lng: row.lng,
  };
}

/** Stands in for a listing that buyers have never seen approved. */
const UNDER_REVIEW_CONTENT: PublishedListing = {
  title: LISTING_UNDER_REVIEW.title,
  description: LISTING_UNDER_REVIEW.description,
  location: '',
  image: null,
  photos: [],
  propertyType: 'Other',
  minPriceCents: 0,
  maxPriceCents: 0,
  bedrooms: 0,
  bathrooms: 0,
  areaSize: 0,
  features: [],
  lat: null,
  lng: null,
};

/**
 * What someone other than the listing's agent or an admin may see of it: the current content
 * once approved; while an edit waits for review, or after a rejection, the last approved
 * version, or a placeholder if there never was one. A scammer cannot swap unreviewed text into
 * the wishlists and offers of buyers a clean listing collected.
 */
function buyerVisibleRow(row: ListingRow): ListingRow {
  if (row.approval === 'approved') return row;
  const content = row.published ?? UNDER_REVIEW_CONTENT;
  return {
    ...row,
    ...content,
    propertyType: content.propertyType as ListingRow['propertyType'],
    features: content.features as ListingRow['features'],
  };
}

/** A listing's title as buyers may see it (see buyerVisibleRow), for queries that join listings. */
export const buyerVisibleTitle = sql<string | null>`case
  when ${properties.id} is null then null
  when ${properties.approval} = 'approved' then ${properties.title}
  else coalesce(${properties.published}->>'title', ${LISTING_UNDER_REVIEW.title}) end`;

/** A listing's picture as buyers may see it (see buyerVisibleRow). */
export const buyerVisibleImage = sql<string | null>`case
  when ${properties.approval} = 'approved' then ${properties.image}
  else ${properties.published}->>'image' end`;

/** One listing's buyer-facing content, for screens that show a listing outside the lists. */
export async function buyerVisibleListing(db: Database, id: string) {
  const [row] = await db.select().from(properties).where(eq(properties.id, id));
  return row ? buyerVisibleRow(row) : undefined;
}

/**
 * The photos as the API shows them: only our own uploads, as every image we serve (a browser
 * sent to another host would tell it who looked). A photo its agent did not describe is
 * described from the listing's title and its place among the photos, read now, so a new title
 * describes it anew.
 */
function photoViews(stored: StoredPhoto[], title: string): ListingPhoto[] {
  const photos = stored.filter((photo) => isOwnImageUrl(photo.url));
  return photos.map((photo, index) => ({
    url: photo.url,
    alt: photo.alt ?? PHOTO_MESSAGES.defaultAlt(title, index + 1, photos.length),
    caption: photo.caption,
    width: photo.width,
    height: photo.height,
    placeholder: photo.placeholder,
  }));
}

function toPropertyView(
  row: ListingRow,
  agent: AgentInfo,
  soldDetails: SoldDetails | undefined,
): Property {
  const photos = photoViews(row.photos, row.title);
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    location: row.location,
    image: photos[0]?.url ?? null,
    photos,
    propertyType: row.propertyType,
    minPrice: toDollars(row.minPriceCents),
    maxPrice: toDollars(row.maxPriceCents),
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    areaSize: row.areaSize,
    features: row.features,
    lat: row.lat,
    lng: row.lng,
    availability: row.availability,
    adminApproval: APPROVAL_TO_WIRE[row.approval],
    advertiseStatus: row.advertised ? 'true' : 'false',
    soldStatus: row.availability === 'Sold' ? 'true' : 'false',
    soldPrice: row.soldPriceCents === null ? null : toDollars(row.soldPriceCents),
    soldAt: row.soldAt?.toISOString() ?? null,
    soldDetails: soldDetails ?? null,
    creatorName: agent.agentName,
    creatorEmail: agent.agentEmail,
    creatorUID: row.agentId,
    agentName: agent.agentName,
    agentEmail: agent.agentEmail,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A listing row with its agent's name and e-mail, as every listing query reads it. */
export type ListingWithAgent = { property: ListingRow } & AgentInfo;

/** A listing's sale, with the buyer who may see its details. */
export type Sale = SoldDetails & { buyerId: string | null };

/** The sales of the sold listings among `rows`, by listing id, in one query. */
export function salesOf(db: Database, rows: ListingWithAgent[]): Promise<Map<string, Sale>> {
  const soldIds = rows.filter((r) => r.property.availability === 'Sold').map((r) => r.property.id);
  return soldDetailsFor(db, soldIds);
}

/**
 * Whether the viewer is a party to the listing's sale: its agent, its buyer or an admin. Only
 * they see the buyer's name and e-mail and the transaction id; everyone else sees the listing as
 * Sold, without the details.
 */
function isSaleParty(row: ListingWithAgent, sale: Sale | undefined, viewer: Viewer | null) {
  if (!sale || !viewer) return false;
  return (
    viewer.role === 'admin' || viewer.id === row.property.agentId || viewer.id === sale.buyerId
  );
}

/** One listing as the viewer may see it (null: someone who is neither its agent nor an admin). */
export function viewOf(row: ListingWithAgent, sale: Sale | undefined, viewer: Viewer | null) {
  const manages = viewer && (viewer.role === 'admin' || viewer.id === row.property.agentId);
  const property = manages ? row.property : buyerVisibleRow(row.property);
  let view: Property;
  if (!sale || !isSaleParty(row, sale, viewer)) view = toPropertyView(property, row, undefined);
  else {
    const { buyerId: _buyer, ...details } = sale;
    view = toPropertyView(property, row, details);
  }
  // What an admin asked the agent to correct is between them: buyers never read it.
  if (manages) view.correctionNote = row.property.correctionNote;
  return view;
}

/** Turns query rows into API listings, adding sale details for the sold ones in one query. */
export async function toPropertyViews(
  db: Database,
  rows: ListingWithAgent[],
  viewer: Viewer | null,
): Promise<Property[]> {
  const sales = await salesOf(db, rows);
  return rows.map((row) => viewOf(row, sales.get(row.property.id), viewer));
}

/**
 * Approved listings of agents in good standing, read once for every viewer: each of them sees
 * the same content (the current one, approved), so only sale details differ by viewer.
 */
export interface SharedListings {
  rows: ListingWithAgent[];
  sales: Map<string, Sale>;
  /** The listings' upcoming open houses (openHouseTimesOf), when read. */
  openHouses?: Map<string, OpenHouseTime[]>;
  /** The listings' price and status history (publicHistoryOf), when read. */
  history?: Map<string, ListingHistoryEntry[]>;
}

/**
 * A public listing's view with its history and upcoming open houses, when they were read. A sold
 * home's open houses are over: it carries none, as its sale's parties read it elsewhere (with its
 * sale's details).
 */
function withOpenHouses(view: Property, shared: SharedListings): Property {
  if (shared.history) withHistory(view, shared.history.get(view._id) ?? []);
  if (!shared.openHouses || view.availability === 'Sold') return view;
  view.openHouses = shared.openHouses.get(view._id) ?? [];
  return view;
}

/** Shared listings as anyone sees them: no sale details. */
export function sharedViews(shared: SharedListings): Property[] {
  return shared.rows.map((row) =>
    withOpenHouses(viewOf(row, shared.sales.get(row.property.id), null), shared),
  );
}

/**
 * What this viewer sees of shared listings when it differs from what anyone sees: the listings
 * again, with sale details where the viewer is a party to the sale; undefined when the viewer is
 * a party to none (the common case, which the shared serialisation answers).
 */
export function personalViews(shared: SharedListings, viewer: Viewer): Property[] | undefined {
  const saleOf = (row: ListingWithAgent) => shared.sales.get(row.property.id);
  if (!shared.rows.some((row) => isSaleParty(row, saleOf(row), viewer))) return undefined;
  return shared.rows.map((row) => withOpenHouses(viewOf(row, saleOf(row), viewer), shared));
}
