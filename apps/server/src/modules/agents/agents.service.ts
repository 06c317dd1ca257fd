import {
  ACCOUNT_RECOVERY_MESSAGES,
  AGENT_MESSAGES,
  type AgentProfile,
  type AgentSale,
  type OwnAgentProfile,
  type ZAgentProfileRequest,
  type ZAgentReviewRequest,
} from '@keyhaven/shared';
import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import {
  agentProfiles,
  offers,
  payments,
  properties,
  reviews,
  tours,
  users,
} from '../../db/schema.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { SessionUser } from '../auth/session-user.js';
import { requireVerifiedEmail } from '../auth/verified-email.js';
import {
  buyerVisibleTitle,
  agents as listingAgents,
  listingColumns,
  toPropertyViews,
} from '../listing-views/property-view.js';
import { agentFigures } from './agent-figures.js';

/** What an agent without a profile row shows: nothing written, e-mail shown, phone hidden. */
export const EMPTY_PROFILE = { bio: '', serviceAreas: [], showEmail: true, showPhone: false };

const profileColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  image: users.image,
  role: users.role,
  bio: agentProfiles.bio,
  serviceAreas: agentProfiles.serviceAreas,
  showEmail: agentProfiles.showEmail,
  showPhone: agentProfiles.showPhone,
};

async function accountWithProfile(db: Database, id: string) {
  const [row] = await db
    .select({
      ...profileColumns,
      // A fraud-marked account was an agent if it has a profile or ever listed a home.
      listed: sql<boolean>`exists (select 1 from ${properties} where ${properties.agentId} = ${users.id})`,
    })
    .from(users)
    .leftJoin(agentProfiles, eq(agentProfiles.userId, users.id))
    .where(eq(users.id, id));
  return row;
}

/**
 * The agent a profile page shows, or 404: a trusted agent for everyone; an agent marked as fraud
 * only for admins (buyers no longer see them or their listings); anyone else is not an agent.
 */
export async function visibleAgent(db: Database, id: string, viewer: SessionUser) {
  const row = await accountWithProfile(db, id);
  if (row?.role === 'agent') return row;
  const wasAgent = row?.role === 'fraud' && (row.bio !== null || row.listed);
  if (row && wasAgent && viewer.role === 'admin') return row;
  throw notFound(AGENT_MESSAGES.notFound);
}

/**
 * Whether the buyer may review the agent: they completed a purchase with them (a paid offer on one
 * of the agent's listings) or a tour (one the agent, or the day after it, marked completed). The
 * one place that decides it.
 */
export async function mayReviewAgent(db: Database, buyerId: string, agentId: string) {
  const [bought] = await db
    .select({ id: offers.id })
    .from(offers)
    .innerJoin(properties, eq(properties.id, offers.propertyId))
    .where(
      and(eq(offers.buyerId, buyerId), eq(offers.status, 'paid'), eq(properties.agentId, agentId)),
    )
    .limit(1);
  if (bought) return true;
  const [toured] = await db
    .select({ id: tours.id })
    .from(tours)
    .where(
      and(eq(tours.buyerId, buyerId), eq(tours.agentId, agentId), eq(tours.status, 'completed')),
    )
    .limit(1);
  return toured !== undefined;
}

export async function agentProfileView(
  db: Database,
  id: string,
  viewer: SessionUser,
): Promise<AgentProfile> {
  const agent = await visibleAgent(db, id, viewer);
  const showEmail = agent.showEmail ?? EMPTY_PROFILE.showEmail;
  const showPhone = agent.showPhone ?? EMPTY_PROFILE.showPhone;
  const [figures, canReview] = await Promise.all([
    agentFigures(db, agent.id),
    viewer.role === 'user' && agent.role === 'agent'
      ? mayReviewAgent(db, viewer.id, agent.id)
      : false,
  ]);
  return {
    _id: agent.id,
    name: agent.name,
    image: agent.image,
    email: showEmail ? agent.email : null,
    phone: showPhone ? agent.phone : null,
    bio: agent.bio ?? EMPTY_PROFILE.bio,
    serviceAreas: agent.serviceAreas ?? EMPTY_PROFILE.serviceAreas,
    figures,
    canReview,
    fraud: agent.role === 'fraud',
  };
}

/** The agent's homes on the market (approved, not sold), newest first, as buyers see them. */
export async function activeListings(
  db: Database,
  agentId: string,
  viewer: SessionUser,
  page: number,
  limit: number,
) {
  const active = and(
    eq(properties.agentId, agentId),
    eq(properties.approval, 'approved'),
    ne(properties.availability, 'Sold'),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(listingColumns)
      .from(properties)
      .innerJoin(listingAgents, eq(listingAgents.id, properties.agentId))
      .where(active)
      .orderBy(desc(properties.createdAt), properties.id)
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ value: count() }).from(properties).where(active),
  ]);
  return { items: await toPropertyViews(db, rows, viewer), total: total?.value ?? 0 };
}

/** A listing's place as buyers may see it (the last approved one while an edit waits). */
const buyerVisibleLocation = sql<string>`case
  when ${properties.approval} = 'approved' then ${properties.location}
  else coalesce(${properties.published}->>'location', '') end`;

/** The agent's sales, latest first: the home and when it sold, never the buyer or the price. */
export async function agentSales(db: Database, agentId: string, page: number, limit: number) {
  const sold = and(eq(properties.agentId, agentId), eq(payments.status, 'paid'));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        propertyId: properties.id,
        title: buyerVisibleTitle,
        location: buyerVisibleLocation,
        paidAt: payments.paidAt,
      })
      .from(properties)
      .innerJoin(payments, eq(payments.propertyId, properties.id))
      .where(sold)
      .orderBy(desc(payments.paidAt), properties.id)
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({ value: count() })
      .from(properties)
      .innerJoin(payments, eq(payments.propertyId, properties.id))
      .where(sold),
  ]);
  const items: AgentSale[] = rows.map((row) => ({
    propertyId: row.propertyId,
    title: row.title ?? '',
    location: row.location,
    soldAt: (row.paidAt ?? new Date(0)).toISOString(),
  }));
  return { items, total: total?.value ?? 0 };
}

/**
 * Posts the buyer's review of the agent; a second replaces the first (with a new date). Only a
 * confirmed buyer who bought from the agent reviews them, and only a trusted agent is reviewed.
 */
export async function saveAgentReview(
  db: Database,
  reviewer: SessionUser,
  agentId: string,
  input: z.output<typeof ZAgentReviewRequest>,
) {
  requireVerifiedEmail(reviewer, ACCOUNT_RECOVERY_MESSAGES.verifyBeforeReview);
  const [agent] = await db.select({ role: users.role }).from(users).where(eq(users.id, agentId));
  if (agent?.role !== 'agent') throw notFound(AGENT_MESSAGES.notFound);
  if (!(await mayReviewAgent(db, reviewer.id, agentId))) {
    throw new AppError('FORBIDDEN', AGENT_MESSAGES.reviewOnlyAfterPurchase);
  }
  const postedAt = new Date();
  const [saved] = await db
    .insert(reviews)
    .values({ reviewerId: reviewer.id, reviewFor: 'agent', agentId, ...input, postedAt })
    .onConflictDoUpdate({
      target: [reviews.reviewerId, reviews.agentId],
      targetWhere: sql`${reviews.agentId} is not null`,
      set: { rating: input.rating, title: input.title, text: input.text, postedAt },
    })
    .returning({ id: reviews.id });
  if (!saved) throw new AppError('INTERNAL', 'The review could not be saved');
  return saved.id;
}

export async function ownProfile(db: Database, agent: SessionUser): Promise<OwnAgentProfile> {
  const [row] = await db.select().from(agentProfiles).where(eq(agentProfiles.userId, agent.id));
  return {
    bio: row?.bio ?? EMPTY_PROFILE.bio,
    serviceAreas: row?.serviceAreas ?? EMPTY_PROFILE.serviceAreas,
    showEmail: row?.showEmail ?? EMPTY_PROFILE.showEmail,
    showPhone: row?.showPhone ?? EMPTY_PROFILE.showPhone,
    name: agent.name,
    email: agent.email,
    phone: agent.phone,
    image: agent.image,
  };
}

export async function saveOwnProfile(
  db: Database,
  agent: SessionUser,
  input: z.output<typeof ZAgentProfileRequest>,
) {
  const values = { ...input, updatedAt: new Date() };
  await db
    .insert(agentProfiles)
    .values({ userId: agent.id, ...values })
    .onConflictDoUpdate({ target: agentProfiles.userId, set: values });
  return ownProfile(db, agent);
}
