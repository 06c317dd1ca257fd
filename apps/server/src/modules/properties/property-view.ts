import { APPROVAL_TO_WIRE, LISTING_UNDER_REVIEW, type Property, toDollars } from '@keyhaven/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { type PublishedListing, payments, properties, users } from '../../db/schema.js';

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

type SoldDetails = NonNullable<Property['soldDetails']>;

/** Who is looking: sale details (buyer, transaction) are shown only to the sale's parties. */
export interface Viewer {
  id: string;
  role: string;
}

/** Sale facts come from the paid payment, which outlives a deleted buyer. */
async function soldDetailsFor(db: Database, propertyIds: string[]) {
  const sold = new Map<string, SoldDetails & { buyerId: string | null }>();
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
    propertyType: row.propertyType,
    minPriceCents: row.minPriceCents,
    maxPriceCents: row.maxPriceCents,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    areaSize: row.areaSize,
    features: row.features,
  };
}

/** Stands in for a listing that buyers have never seen approved. */
const UNDER_REVIEW_CONTENT: PublishedListing = {
  title: LISTING_UNDER_REVIEW.title,
  description: LISTING_UNDER_REVIEW.description,
  location: '',
  image: null,
  propertyType: 'Other',
  minPriceCents: 0,
  maxPriceCents: 0,
  bedrooms: 0,
  bathrooms: 0,
  areaSize: 0,
  features: [],
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

function toPropertyView(
  row: ListingRow,
  agent: AgentInfo,
  soldDetails: SoldDetails | undefined,
): Property {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    location: row.location,
    image: row.image,
    propertyType: row.propertyType,
    minPrice: toDollars(row.minPriceCents),
    maxPrice: toDollars(row.maxPriceCents),
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    areaSize: row.areaSize,
    features: row.features,
    availability: row.availability,
    adminApproval: APPROVAL_TO_WIRE[row.approval],
    advertiseStatus: row.advertised ? 'true' : 'false',
    soldStatus: row.availability === 'Sold' ? 'true' : 'false',
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

/**
 * Turns query rows into API listings, adding sale details for the sold ones in one query. The
 * buyer's name and e-mail and the transaction id are for the sale's parties only: the listing's
 * agent, the buyer and admins. Everyone else sees the listing as Sold, without the details.
 */
export async function toPropertyViews(
  db: Database,
  rows: Array<{ property: ListingRow } & AgentInfo>,
  viewer: Viewer | null,
): Promise<Property[]> {
  const soldIds = rows.filter((r) => r.property.availability === 'Sold').map((r) => r.property.id);
  const sold = await soldDetailsFor(db, soldIds);
  return rows.map((r) => {
    const manages = viewer && (viewer.role === 'admin' || viewer.id === r.property.agentId);
    const property = manages ? r.property : buyerVisibleRow(r.property);
    const sale = sold.get(r.property.id);
    const party = sale && viewer && (manages || viewer.id === sale.buyerId);
    if (!sale || !party) return toPropertyView(property, r, undefined);
    const { buyerId: _buyer, ...details } = sale;
    return toPropertyView(property, r, details);
  });
}
