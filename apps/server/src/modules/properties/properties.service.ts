import {
  PRICE_RANGES,
  type SearchSort,
  toCents,
  type ZPropertyAddRequest,
  type ZPropertyEditRequest,
} from '@keyhaven/shared';
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, ne, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client.js';
import { offers, payments, properties } from '../../db/schema.js';
import { AppError, forbidden, notFound } from '../../lib/app-error.js';
import type { SessionUser } from '../../plugins/authentication.js';
import { recordAudit } from '../audit/audit.service.js';
import { agents, listingColumns, toPropertyViews, type Viewer } from './property-view.js';

type AddInput = z.output<typeof ZPropertyAddRequest>;
type EditInput = z.output<typeof ZPropertyEditRequest>;
type PropertyType = (typeof properties.propertyType.enumValues)[number];

/** `%` and `_` typed by a user are literal characters, not wildcards. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface ListingFilters {
  location?: string;
  propertyType?: string;
  priceRange?: string;
  sort?: SearchSort;
  page: number;
  limit: number;
}

const ORDER: Record<SearchSort, SQL[]> = {
  newest: [desc(properties.createdAt), asc(properties.id)],
  'price-asc': [asc(properties.minPriceCents), asc(properties.id)],
  'price-desc': [desc(properties.maxPriceCents), asc(properties.id)],
};

function publicConditions(filters: ListingFilters, onlyAvailable: boolean): SQL[] {
  const conditions: SQL[] = [eq(properties.approval, 'approved'), ne(agents.role, 'fraud')];
  if (onlyAvailable) conditions.push(eq(properties.availability, 'Available'));
  if (filters.location) conditions.push(ilike(properties.location, containing(filters.location)));
  if (filters.propertyType) {
    conditions.push(eq(properties.propertyType, filters.propertyType as PropertyType));
  }
  const range = PRICE_RANGES.find((r) => r.label === filters.priceRange);
  if (range) {
    // Containment: the listing's whole price range lies inside the chosen bracket.
    conditions.push(gte(properties.minPriceCents, toCents(range.min)));
    if (range.max !== null) conditions.push(lte(properties.maxPriceCents, toCents(range.max)));
  }
  return conditions;
}

async function pageOf(
  db: Database,
  where: SQL | undefined,
  order: SQL[],
  page: number,
  limit: number,
  viewer: Viewer | null,
) {
  const [rows, [total]] = await Promise.all([
    db
      .select(listingColumns)
      .from(properties)
      .innerJoin(agents, eq(agents.id, properties.agentId))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({ value: count() })
      .from(properties)
      .innerJoin(agents, eq(agents.id, properties.agentId))
      .where(where),
  ]);
  return { items: await toPropertyViews(db, rows, viewer), total: total?.value ?? 0 };
}

/** Public search: approved, Available listings of agents in good standing. */
export function searchListings(db: Database, filters: ListingFilters) {
  return pageOf(
    db,
    and(...publicConditions(filters, true)),
    ORDER[filters.sort ?? 'newest'],
    filters.page,
    filters.limit,
    null,
  );
}

/** The signed-in catalogue: every approved listing, sold ones included (they show a badge). */
export function approvedListings(db: Database, filters: ListingFilters, viewer: Viewer) {
  return pageOf(
    db,
    and(...publicConditions(filters, false)),
    ORDER[filters.sort ?? 'newest'],
    filters.page,
    filters.limit,
    viewer,
  );
}

export interface ManagedFilters {
  agentId?: string;
  search?: string;
  status?: 'pending' | 'approved' | 'rejected';
  propertyType?: string;
  page: number;
  limit: number;
}

/** Listings as an agent (their own) or an admin (everyone's) manages them. */
export function managedListings(db: Database, filters: ManagedFilters, viewer: Viewer) {
  const conditions: SQL[] = [];
  if (filters.agentId) conditions.push(eq(properties.agentId, filters.agentId));
  if (filters.status) conditions.push(eq(properties.approval, filters.status));
  if (filters.propertyType) {
    conditions.push(eq(properties.propertyType, filters.propertyType as PropertyType));
  }
  if (filters.search) {
    const pattern = containing(filters.search);
    const matches = [ilike(properties.title, pattern), ilike(properties.location, pattern)];
    // The admin search also matches the agent's name (spec section 5, Filters).
    if (!filters.agentId) matches.push(ilike(agents.name, pattern));
    conditions.push(or(...matches) as SQL);
  }
  return pageOf(db, and(...conditions), ORDER.newest, filters.page, filters.limit, viewer);
}

async function loadListing(db: Database, id: string) {
  const [row] = await db
    .select(listingColumns)
    .from(properties)
    .innerJoin(agents, eq(agents.id, properties.agentId))
    .where(eq(properties.id, id));
  return row;
}

/**
 * One listing. Pending and rejected listings, and those of fraud agents, exist only for their
 * agent and for admins; everyone else is told it does not exist.
 */
export async function findListing(db: Database, id: string, viewer: SessionUser) {
  const row = await loadListing(db, id);
  const mayManage = row && (viewer.role === 'admin' || row.property.agentId === viewer.id);
  const isPublic = row && row.property.approval === 'approved';
  if (!row || (!mayManage && !isPublic)) throw notFound('Property not found');
  if (!mayManage) {
    const [agent] = await db
      .select({ role: agents.role })
      .from(agents)
      .where(eq(agents.id, row.property.agentId));
    if (agent?.role === 'fraud') throw notFound('Property not found');
  }
  const [view] = await toPropertyViews(db, [row], viewer);
  return view as NonNullable<typeof view>;
}

const imageOrNull = (image: string | null | undefined) => image ?? null;

export async function createListing(db: Database, agent: SessionUser, input: AddInput) {
  const [created] = await db
    .insert(properties)
    .values({
      title: input.title,
      description: input.description,
      location: input.location,
      image: imageOrNull(input.image),
      propertyType: input.propertyType,
      minPriceCents: toCents(input.minPrice),
      maxPriceCents: toCents(input.maxPrice),
      bedrooms: input.bedrooms,
      bathrooms: input.bathrooms,
      areaSize: input.areaSize,
      features: input.features,
      availability: 'Available',
      approval: 'pending',
      agentId: agent.id,
    })
    .returning({ id: properties.id });
  if (!created) throw new AppError('INTERNAL', 'The property could not be saved');
  return created.id;
}

/** Locks the listing row for the rest of the transaction and checks who may change it. */
async function lockOwnedListing(tx: Executor, id: string, caller: SessionUser) {
  const [row] = await tx.select().from(properties).where(eq(properties.id, id)).for('update');
  if (!row) throw notFound('Property not found');
  if (caller.role !== 'admin' && row.agentId !== caller.id) throw forbidden();
  return row;
}

/**
 * Whether the listing is held or sold: an accepted or paid offer, or a paid payment (which
 * outlives the offer when the buyer's account is deleted, and still means the home is sold).
 */
async function hasCommittedOffer(tx: Executor, propertyId: string) {
  const [committed] = await tx
    .select({ id: offers.id })
    .from(offers)
    .where(and(eq(offers.propertyId, propertyId), inArray(offers.status, ['accepted', 'paid'])))
    .limit(1);
  if (committed) return true;
  const [sale] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.propertyId, propertyId), eq(payments.status, 'paid')))
    .limit(1);
  return Boolean(sale);
}

export async function updateListing(
  db: Database,
  caller: SessionUser,
  id: string,
  input: EditInput,
) {
  await db.transaction(async (tx) => {
    const current = await lockOwnedListing(tx, id, caller);
    const next = {
      title: input.title,
      description: input.description,
      location: input.location,
      image: input.image === undefined ? current.image : imageOrNull(input.image),
      propertyType: input.propertyType,
      minPriceCents: toCents(input.minPrice),
      maxPriceCents: toCents(input.maxPrice),
      bedrooms: input.bedrooms,
      bathrooms: input.bathrooms,
      areaSize: input.areaSize,
      features: input.features,
      availability: input.availability,
    };
    if (next.availability !== current.availability && (await hasCommittedOffer(tx, id))) {
      throw new AppError(
        'CONFLICT',
        'This property has an accepted offer: its availability follows the sale.',
      );
    }
    // What buyers trust (price, words, picture) is checked again by an admin after an agent edits it.
    const needsReview =
      caller.role !== 'admin' &&
      current.approval === 'approved' &&
      (next.title !== current.title ||
        next.description !== current.description ||
        next.image !== current.image ||
        next.minPriceCents !== current.minPriceCents ||
        next.maxPriceCents !== current.maxPriceCents);
    await tx
      .update(properties)
      .set({ ...next, ...(needsReview ? { approval: 'pending' as const } : {}) })
      .where(eq(properties.id, id));
  });
}

export async function deleteListing(db: Database, caller: SessionUser, id: string) {
  await db.transaction(async (tx) => {
    const current = await lockOwnedListing(tx, id, caller);
    if (await hasCommittedOffer(tx, id)) {
      throw new AppError(
        'CONFLICT',
        'This property has an accepted or paid offer and cannot be deleted.',
      );
    }
    await tx.delete(properties).where(eq(properties.id, id));
    if (caller.role === 'admin' && current.agentId !== caller.id) {
      await recordAudit(tx, {
        actor: caller,
        action: 'property.deleted',
        targetType: 'property',
        targetId: id,
        details: { title: current.title, agentId: current.agentId },
      });
    }
  });
}

export async function setApproval(db: Database, admin: SessionUser, id: string, approve: boolean) {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(properties).where(eq(properties.id, id)).for('update');
    if (!current) throw notFound('Property not found');
    const approval = approve ? 'approved' : 'rejected';
    await tx.update(properties).set({ approval }).where(eq(properties.id, id));
    await recordAudit(tx, {
      actor: admin,
      action: 'property.approval_changed',
      targetType: 'property',
      targetId: id,
      details: { title: current.title, from: current.approval, to: approval },
    });
  });
}
