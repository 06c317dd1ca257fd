import { APPROVAL_TO_WIRE, type Property, toDollars } from '@keyhaven/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { payments, properties, users } from '../../db/schema.js';

export type PropertyRow = typeof properties.$inferSelect;
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
export async function soldDetailsFor(db: Database, propertyIds: string[]) {
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

export function toPropertyView(
  row: PropertyRow,
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
  rows: Array<{ property: PropertyRow } & AgentInfo>,
  viewer: Viewer | null,
): Promise<Property[]> {
  const soldIds = rows.filter((r) => r.property.availability === 'Sold').map((r) => r.property.id);
  const sold = await soldDetailsFor(db, soldIds);
  return rows.map((r) => {
    const sale = sold.get(r.property.id);
    const party =
      sale &&
      viewer &&
      (viewer.role === 'admin' || viewer.id === r.property.agentId || viewer.id === sale.buyerId);
    if (!sale || !party) return toPropertyView(r.property, r, undefined);
    const { buyerId: _buyer, ...details } = sale;
    return toPropertyView(r.property, r, details);
  });
}
