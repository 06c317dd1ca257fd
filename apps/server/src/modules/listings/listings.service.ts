import {
  type OfferStatus,
  PROPERTY_MESSAGES,
  toCents,
  type ZPropertyAddRequest,
  type ZPropertyEditRequest,
} from '@keyhaven/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client.js';
import {
  listingDecisionDays,
  listingReports,
  offers,
  type PublishedListing,
  payments,
  properties,
  type StoredPhoto,
} from '../../db/schema.js';
import { AppError, conflict, forbidden, notFound } from '../../lib/app-error.js';
import { recordAudit } from '../audit/audit.service.js';
import type { SessionUser } from '../auth/session-user.js';
import { isPublic, listingById } from '../listing-views/listing-by-id.js';
import {
  type ListingRow,
  publishedContent,
  toPropertyViews,
} from '../listing-views/property-view.js';
import { followListingReview } from '../offers/payment-deadline.js';
import { auditAdminEdit } from './admin-edits.js';
import { photosAfterEdit, photosToAdd, samePhotos } from './listing-photos.js';

type AddInput = z.output<typeof ZPropertyAddRequest>;
type EditInput = z.output<typeof ZPropertyEditRequest>;

/**
 * One listing. Pending and rejected listings, and those of fraud agents, exist only for their
 * agent and for admins; everyone else is told it does not exist.
 */
export async function findListing(db: Database, id: string, viewer: SessionUser) {
  const [row] = await listingById(db).execute({ id });
  const mayManage = row && (viewer.role === 'admin' || row.property.agentId === viewer.id);
  if (!row || (!mayManage && !isPublic(row))) throw notFound('Property not found');
  const [view] = await toPropertyViews(db, [row], viewer);
  return view as NonNullable<typeof view>;
}

/**
 * The columns buyers read, from an add or edit request. Every field of the reviewed content is
 * named here, so a field added to it cannot be forgotten when a listing is saved.
 */
function contentColumns(input: AddInput | EditInput, photos: StoredPhoto[], pin: Pin) {
  return {
    title: input.title,
    description: input.description,
    location: input.location,
    // The lists and joins that show one picture read the cover from here.
    image: photos[0]?.url ?? null,
    photos,
    propertyType: input.propertyType,
    minPriceCents: toCents(input.minPrice),
    maxPriceCents: toCents(input.maxPrice),
    bedrooms: input.bedrooms,
    bathrooms: input.bathrooms,
    areaSize: input.areaSize,
    features: input.features,
    lat: pin.lat,
    lng: pin.lng,
  } satisfies Record<keyof PublishedListing, unknown>;
}

type Pin = Pick<ListingRow, 'lat' | 'lng'>;

/** The pin a request asks for: none when it names none. */
const requestedPin = (input: AddInput | EditInput): Pin => ({
  lat: input.lat ?? null,
  lng: input.lng ?? null,
});

export async function createListing(db: Database, agent: SessionUser, input: AddInput) {
  const photos = await photosToAdd(db, agent, input);
  const [created] = await db
    .insert(properties)
    .values({
      ...contentColumns(input, photos, requestedPin(input)),
      availability: 'Available',
      approval: 'pending',
      agentId: agent.id,
    })
    .returning({ id: properties.id });
  if (!created) throw new AppError('INTERNAL', 'The property could not be saved');
  return created.id;
}

/**
 * Whether the caller may change this listing at all (its agent, or an admin), asked before the
 * request's body is read: someone who may not edit a listing is told so whatever they sent.
 */
export async function assertMayChangeListing(db: Database, caller: SessionUser, id: string) {
  const [row] = await db
    .select({ agentId: properties.agentId })
    .from(properties)
    .where(eq(properties.id, id));
  if (!row) throw notFound('Property not found');
  if (caller.role !== 'admin' && row.agentId !== caller.id) throw forbidden();
}

/** Locks the listing row for the rest of the transaction and checks who may change it. */
async function lockOwnedListing(tx: Executor, id: string, caller: SessionUser) {
  const [row] = await tx.select().from(properties).where(eq(properties.id, id)).for('update');
  if (!row) throw notFound('Property not found');
  if (caller.role !== 'admin' && row.agentId !== caller.id) throw forbidden();
  return row;
}

/** Whether the listing has an offer in one of these states. */
async function hasOfferIn(tx: Executor, propertyId: string, statuses: OfferStatus[]) {
  const [found] = await tx
    .select({ id: offers.id })
    .from(offers)
    .where(and(eq(offers.propertyId, propertyId), inArray(offers.status, statuses)))
    .limit(1);
  return Boolean(found);
}

/**
 * Whether the listing is reserved or sold: an accepted or paid offer, or a paid payment (which
 * outlives the offer when the buyer's account is deleted, and still means the home is sold).
 */
async function hasCommittedOffer(tx: Executor, propertyId: string) {
  if (await hasOfferIn(tx, propertyId, ['accepted', 'paid'])) return true;
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
  return db.transaction(async (tx) => {
    const current = await lockOwnedListing(tx, id, caller);
    const photos = await photosAfterEdit(tx, caller, current, input);
    // An edit that does not mention the pin keeps it; null removes it.
    const pin = input.lat === undefined && input.lng === undefined ? current : requestedPin(input);
    const next = { ...contentColumns(input, photos, pin), availability: input.availability };
    if (next.availability !== current.availability && (await hasCommittedOffer(tx, id))) {
      // Said by the Availability field, where the agent chose it.
      const reason =
        current.availability === 'Sold'
          ? 'This property is sold: its availability stays Sold.'
          : 'This property has an accepted offer: its availability follows the sale.';
      throw new AppError('CONFLICT', reason, { availability: reason });
    }
    // Everything buyers read about a home is checked again by an admin after its agent changes
    // it (its photos too: their order, descriptions and captions); only availability, which
    // follows offers and sales, is the agent's alone. A rejected listing that its agent edits
    // asks for review again. An admin's own edit stands as reviewed.
    const changedContent = contentChanged(current, next);
    // A buyer whose offer is accepted is paying for the listing as it was approved: its agent
    // cannot send it back to review (stalling the payment) until the sale completes or ends.
    if (
      caller.role !== 'admin' &&
      changedContent &&
      current.approval === 'approved' &&
      (await hasOfferIn(tx, id, ['accepted']))
    ) {
      throw conflict(PROPERTY_MESSAGES.editWhileOfferAccepted);
    }
    const approval =
      caller.role === 'admin'
        ? current.approval
        : changedContent && current.approval !== 'pending'
          ? ('pending' as const)
          : current.approval;
    const published =
      caller.role === 'admin' && current.approval === 'approved'
        ? publishedContent({ ...current, ...next })
        : current.published;
    // The agent's save answers an admin's request for a correction; changed content is no longer
    // what its reports held back, so it waits for review as any edit does.
    const byAgent = caller.role !== 'admin';
    const answered = byAgent
      ? {
          correctionNote: null,
          heldByReports: changedContent ? false : current.heldByReports,
        }
      : {};
    await tx
      .update(properties)
      .set({ ...next, approval, published, ...answered })
      .where(eq(properties.id, id));
    const editedByAdmin = await auditAdminEdit(
      tx,
      caller,
      current,
      { ...current, ...next },
      sameContent,
    );
    return { editedByAdmin };
  });
}

/** One field of a listing's content, the same before and after an edit. */
function sameContent(field: keyof PublishedListing, before: unknown, after: unknown) {
  if (field === 'photos') return samePhotos(before as StoredPhoto[], after as StoredPhoto[]);
  if (Array.isArray(before) && Array.isArray(after)) {
    return before.length === after.length && before.every((item, index) => item === after[index]);
  }
  // A number may come back from the database as text (PostgreSQL's numeric).
  if (typeof before === 'number' || typeof after === 'number') {
    return Number(before) === Number(after);
  }
  return before === after;
}

/**
 * Whether an edit changes anything a buyer reads: every field of the reviewed content (all but
 * availability), compared one by one, so a field added to that content is compared too.
 */
function contentChanged(current: ListingRow, next: Partial<ListingRow>) {
  const before = publishedContent(current);
  const after = publishedContent({ ...current, ...next });
  return (Object.keys(before) as Array<keyof PublishedListing>).some(
    (field) => !sameContent(field, before[field], after[field]),
  );
}

/** Deletes a listing; answers the reports of it that were still open, now closed. */
export async function deleteListing(db: Database, caller: SessionUser, id: string) {
  return db.transaction(async (tx) => {
    // Deleting clears the listing from its payments, so it takes their locks first, in the
    // order a payment confirmation or a withdrawal takes them (payments, then the listing):
    // otherwise a withdrawal and a deletion at the same moment wait on each other for ever.
    await tx
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.propertyId, id))
      .orderBy(payments.id)
      .for('update');
    const current = await lockOwnedListing(tx, id, caller);
    if (await hasCommittedOffer(tx, id)) {
      throw conflict('This property has an accepted or paid offer and cannot be deleted.');
    }
    // Reports still open end with the listing, so the reporters can be told it is gone.
    const closedReports = await tx
      .update(listingReports)
      .set({ status: 'listing_removed', decidedBy: caller.id, decidedAt: new Date() })
      .where(and(eq(listingReports.propertyId, id), eq(listingReports.status, 'open')))
      .returning({
        id: listingReports.id,
        reporterId: listingReports.reporterId,
        propertyTitle: listingReports.propertyTitle,
      });
    await tx.delete(properties).where(eq(properties.id, id));
    if (caller.role === 'admin' && current.agentId !== caller.id) {
      await recordAudit(tx, {
        actor: caller,
        action: 'property.deleted',
        targetType: 'property',
        targetId: id,
        details: { title: current.title, agentId: current.agentId },
        before: {
          title: current.title,
          location: current.location,
          agentId: current.agentId,
          approval: current.approval,
          availability: current.availability,
        },
        after: null,
      });
    }
    return { closedReports };
  });
}

/**
 * Answers whether the listing's approval changed (deciding again as before changes nothing), and
 * what that did to the payment deadline of its accepted offer.
 */
export async function setApproval(db: Database, admin: SessionUser, id: string, approve: boolean) {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(properties).where(eq(properties.id, id)).for('update');
    if (!current) throw notFound('Property not found');
    const approval = approve ? 'approved' : 'rejected';
    // Approving publishes what the admin has just read; a rejection keeps the last approved one.
    // Either way the admin has decided: the listing is no longer held by reports, and a
    // correction asked for is settled.
    await tx
      .update(properties)
      .set({
        approval,
        heldByReports: false,
        correctionNote: null,
        ...(approve ? { published: publishedContent(current) } : {}),
      })
      .where(eq(properties.id, id));
    await recordAudit(tx, {
      actor: admin,
      action: 'property.approval_changed',
      targetType: 'property',
      targetId: id,
      details: { title: current.title, from: current.approval, to: approval },
      before: { approval: current.approval },
      after: { approval },
    });
    // The day's count, beside the trail's entry and in its transaction, for the dashboard.
    await tx
      .insert(listingDecisionDays)
      .values({
        day: sql`(now() at time zone 'UTC')::date`,
        approved: approve ? 1 : 0,
        rejected: approve ? 0 : 1,
      })
      .onConflictDoUpdate({
        target: listingDecisionDays.day,
        set: {
          approved: sql`${listingDecisionDays.approved} + excluded.approved`,
          rejected: sql`${listingDecisionDays.rejected} + excluded.rejected`,
        },
      });
    return {
      changed: current.approval !== approval,
      deadline: await followListingReview(tx, id),
    };
  });
}
