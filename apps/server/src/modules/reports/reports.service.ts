import {
  APPROVAL_TO_WIRE,
  BUSINESS_LIMITS,
  isOwnImageUrl,
  type MyListingReport,
  REPORT_MESSAGES,
  REPORT_REASONS,
  type ReportDecision,
  type ReportQueue,
  type ReportReason,
  type ReportStatus,
} from '@keyhaven/shared';
import {
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  inArray,
  isNotNull,
  lte,
  notExists,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client.js';
import { listingReports, properties, users } from '../../db/schema.js';
import { conflict, forbidden, notFound } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/database-errors.js';
import { recordAudit } from '../audit/audit.service.js';
import type { SessionUser } from '../auth/session-user.js';
import { agents, publishedContent } from '../listing-views/property-view.js';
import { deleteListing } from '../listings/listings.service.js';
import { type DeadlineChange, followListingReview } from '../offers/payment-deadline.js';
import { changeRole } from '../users/users.service.js';

/** How each decision closes the reports it answers. */
const STATUS_OF: Record<ReportDecision, ReportStatus> = {
  dismiss: 'dismissed',
  request_correction: 'correction_requested',
  remove_listing: 'listing_removed',
  mark_agent_fraud: 'agent_marked_fraud',
};

const FRAUD_REFUSALS = {
  alreadyFraud: 'This agent is already marked as fraud.',
  admin: "An admin's account cannot be marked as fraud.",
  notAgent: 'Only an agent can be marked as fraud.',
} as const;

const listingNotFound = () => notFound(REPORT_MESSAGES.notFound);

const isOpen = eq(listingReports.status, 'open');

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whether an open report's reporter (joined as `users`) counts toward hiding the listing: a
 * confirmed buyer or admin in good standing. Everyone else's report reaches the admins' queue
 * all the same, but throwaway accounts, competing agents and people whose reports admins have
 * dismissed cannot take a home off the market on their own:
 * - the e-mail address is confirmed and the account is at least `reporterMinAccountDays` old;
 * - the account is a buyer's or an admin's, never an agent's (a competitor) nor one marked as fraud;
 * - an admin has not dismissed their report of this listing (once dismissed, the same people
 *   cannot hide it again) nor of `reporterDismissalsToDistrust` other listings.
 */
function mayHide(tx: Executor, propertyId: string, now: Date) {
  const joinedBy = new Date(now.getTime() - BUSINESS_LIMITS.reporterMinAccountDays * DAY_MS);
  const dismissed = alias(listingReports, 'dismissed_reports');
  const dismissedOf = (where: SQL | undefined) =>
    tx
      .select({ propertyId: dismissed.propertyId })
      .from(dismissed)
      .where(
        and(
          eq(dismissed.reporterId, listingReports.reporterId),
          eq(dismissed.status, 'dismissed'),
          where,
        ),
      );
  return and(
    eq(users.emailVerified, true),
    inArray(users.role, ['user', 'admin']),
    lte(users.createdAt, joinedBy),
    notExists(dismissedOf(eq(dismissed.propertyId, propertyId))),
    sql`(select count(distinct listings.property_id) from ${dismissedOf(undefined)} as listings) < ${BUSINESS_LIMITS.reporterDismissalsToDistrust}`,
  );
}

export interface FiledReport {
  /** Whether this report was the one that took the listing out of search. */
  hidden: boolean;
  /** The accepted offer's payment deadline, paused by the hold. */
  deadline: DeadlineChange | null;
}

/**
 * A buyer's report of a listing they can see. Distrusted accounts cannot report (they must not
 * be able to bury honest listings), nor can an agent report their own. A listing reported by
 * `reportsToHide` different people who may hide it (see mayHide) leaves every search at once,
 * held for an admin's review: a scam must not keep collecting offers while the admins are away.
 * A buyer's accepted offer on it keeps its time to pay meanwhile (its deadline pauses). The
 * listing's row is locked while the report is filed, so two reports at once count each other.
 */
export async function reportListing(
  db: Database,
  reporter: SessionUser,
  propertyId: string,
  input: { reason: ReportReason; note: string },
): Promise<FiledReport> {
  if (reporter.role === 'fraud') throw forbidden();
  try {
    return await db.transaction(async (tx) => {
      const [listing] = await tx
        .select({
          agentId: properties.agentId,
          title: properties.title,
          approval: properties.approval,
        })
        .from(properties)
        .where(eq(properties.id, propertyId))
        .for('update');
      if (!listing) throw listingNotFound();
      if (listing.agentId === reporter.id) throw conflict(REPORT_MESSAGES.ownListing);
      const [agent] = await tx
        .select({ role: users.role })
        .from(users)
        .where(eq(users.id, listing.agentId));
      // Only what a buyer can see can be reported; anything else does not exist for them.
      if (listing.approval !== 'approved' || agent?.role === 'fraud') throw listingNotFound();
      // The unique index on open reports keeps one per person and listing, races included.
      await tx.insert(listingReports).values({
        propertyId,
        propertyTitle: listing.title,
        reporterId: reporter.id,
        reason: input.reason,
        note: input.note,
      });
      const [open] = await tx
        .select({ reporters: countDistinct(listingReports.reporterId) })
        .from(listingReports)
        .innerJoin(users, eq(users.id, listingReports.reporterId))
        .where(
          and(
            eq(listingReports.propertyId, propertyId),
            isOpen,
            mayHide(tx, propertyId, new Date()),
          ),
        );
      if ((open?.reporters ?? 0) < BUSINESS_LIMITS.reportsToHide) {
        return { hidden: false, deadline: null };
      }
      await tx
        .update(properties)
        .set({ approval: 'pending', heldByReports: true })
        .where(eq(properties.id, propertyId));
      return { hidden: true, deadline: await followListingReview(tx, propertyId) };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(REPORT_MESSAGES.alreadyReported);
    throw error;
  }
}

/** The caller's open report on a listing, so its page can say it was reported already. */
export async function myReport(
  db: Database,
  reporterId: string,
  propertyId: string,
): Promise<MyListingReport> {
  const [report] = await db
    .select({
      id: listingReports.id,
      reason: listingReports.reason,
      note: listingReports.note,
      createdAt: listingReports.createdAt,
    })
    .from(listingReports)
    .where(
      and(
        eq(listingReports.propertyId, propertyId),
        eq(listingReports.reporterId, reporterId),
        isOpen,
      ),
    );
  if (!report) return { report: null };
  return {
    report: {
      _id: report.id,
      reason: report.reason,
      note: report.note,
      createdAt: report.createdAt.toISOString(),
    },
  };
}

const emptyReasons = () =>
  Object.fromEntries(REPORT_REASONS.map((reason) => [reason, 0])) as Record<ReportReason, number>;

/**
 * The admins' queue: every listing with open reports, the most reported first and, among
 * equals, the one waiting longest. A page is chosen from the reports alone (grouped by listing),
 * then only its listings and reports are read.
 */
export async function reportQueue(db: Database, page: number, limit: number): Promise<ReportQueue> {
  const open = and(isOpen, isNotNull(listingReports.propertyId));
  const [groups, [counted]] = await Promise.all([
    db
      .select({ propertyId: listingReports.propertyId })
      .from(listingReports)
      .where(open)
      .groupBy(listingReports.propertyId)
      .orderBy(
        desc(count()),
        asc(sql`min(${listingReports.createdAt})`),
        asc(listingReports.propertyId),
      )
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({ total: countDistinct(listingReports.propertyId) })
      .from(listingReports)
      .where(open),
  ]);
  const total = counted?.total ?? 0;
  const ids = groups.map((group) => group.propertyId as string);
  if (ids.length === 0) return { items: [], total };
  const [listings, reports] = await Promise.all([
    db
      .select({
        id: properties.id,
        title: properties.title,
        location: properties.location,
        image: properties.image,
        approval: properties.approval,
        heldByReports: properties.heldByReports,
        agentId: agents.id,
        agentName: agents.name,
        agentEmail: agents.email,
        agentRole: agents.role,
      })
      .from(properties)
      .innerJoin(agents, eq(agents.id, properties.agentId))
      .where(inArray(properties.id, ids)),
    db
      .select({
        id: listingReports.id,
        propertyId: listingReports.propertyId,
        reason: listingReports.reason,
        note: listingReports.note,
        createdAt: listingReports.createdAt,
        reporterId: users.id,
        reporterName: users.name,
        reporterEmail: users.email,
      })
      .from(listingReports)
      .innerJoin(users, eq(users.id, listingReports.reporterId))
      .where(and(isOpen, inArray(listingReports.propertyId, ids)))
      .orderBy(asc(listingReports.createdAt), asc(listingReports.id)),
  ]);
  const items: ReportQueue['items'] = [];
  for (const id of ids) {
    const listing = listings.find((row) => row.id === id);
    const own = reports.filter((report) => report.propertyId === id);
    const first = own[0];
    // A listing deleted between the two reads has left the queue.
    if (!listing || !first) continue;
    const reasons = emptyReasons();
    for (const report of own) reasons[report.reason] += 1;
    items.push({
      property: {
        _id: listing.id,
        title: listing.title,
        location: listing.location,
        image: listing.image && isOwnImageUrl(listing.image) ? listing.image : null,
        approval: APPROVAL_TO_WIRE[listing.approval],
        hidden: listing.heldByReports,
        agent: {
          _id: listing.agentId,
          name: listing.agentName,
          email: listing.agentEmail,
          role: listing.agentRole,
        },
      },
      openReports: own.length,
      reasons,
      reports: own.map((report) => ({
        _id: report.id,
        reason: report.reason,
        note: report.note,
        createdAt: report.createdAt.toISOString(),
        reporter: {
          _id: report.reporterId,
          name: report.reporterName,
          email: report.reporterEmail,
        },
      })),
      firstReportedAt: first.createdAt.toISOString(),
    });
  }
  return { items, total };
}

/** What a decision did, for the people it is told to once it is committed. */
export interface Decided {
  decision: ReportDecision;
  propertyId: string;
  agentId: string;
  /** The listing's title as its agent reads it. */
  title: string;
  /** What the admin wrote (what to correct, for a correction). */
  note: string;
  reports: Array<{ id: string; reporterId: string; propertyTitle: string }>;
  /** The accepted offer's payment deadline, paused or resumed as the listing's review goes. */
  deadline: DeadlineChange | null;
}

type ListingState = Pick<
  typeof properties.$inferSelect,
  'approval' | 'heldByReports' | 'correctionNote'
>;
const stateOf = (row: ListingState) => ({
  approval: row.approval,
  heldByReports: row.heldByReports,
  correctionNote: row.correctionNote,
});

async function agentRole(tx: Executor, agentId: string) {
  const [agent] = await tx.select({ role: users.role }).from(users).where(eq(users.id, agentId));
  if (!agent) throw listingNotFound();
  if (agent.role === 'fraud') throw conflict(FRAUD_REFUSALS.alreadyFraud);
  if (agent.role === 'admin') throw conflict(FRAUD_REFUSALS.admin);
  if (agent.role !== 'agent') throw conflict(FRAUD_REFUSALS.notAgent);
  return agent.role;
}

/**
 * One decision on every open report of a listing, in one transaction: the reports close with
 * the decision's status, the listing (or its agent) changes as decided, and the decision is
 * audited. A refusal on the way (a sale under way forbids removing the listing; an agent who
 * cannot be marked as fraud) leaves everything as it was.
 */
export async function decideReports(
  db: Database,
  admin: SessionUser,
  propertyId: string,
  decision: ReportDecision,
  note: string,
): Promise<Decided> {
  return db.transaction(async (tx) => {
    // Removing takes the locks a deletion takes, in its order (payments, then the listing), so
    // it reads the listing here without locking it first.
    const read = tx.select().from(properties).where(eq(properties.id, propertyId));
    const [current] = decision === 'remove_listing' ? await read : await read.for('update');
    if (!current) throw listingNotFound();
    const open = await tx
      .select({
        id: listingReports.id,
        reporterId: listingReports.reporterId,
        propertyTitle: listingReports.propertyTitle,
      })
      .from(listingReports)
      .where(and(eq(listingReports.propertyId, propertyId), isOpen))
      .orderBy(asc(listingReports.createdAt), asc(listingReports.id))
      .for('update');
    if (open.length === 0) throw conflict(REPORT_MESSAGES.noOpenReports);
    // Closed before anything else: a removed listing's reports keep their status, not its id.
    await tx
      .update(listingReports)
      .set({ status: STATUS_OF[decision], decidedBy: admin.id, decidedAt: sql`now()` })
      .where(
        inArray(
          listingReports.id,
          open.map((report) => report.id),
        ),
      );
    let before: Record<string, unknown> = stateOf(current);
    let after: Record<string, unknown> | null = stateOf(current);
    const setListing = async (next: Partial<typeof properties.$inferInsert>) => {
      await tx.update(properties).set(next).where(eq(properties.id, propertyId));
      after = { ...stateOf(current), ...stateOf({ ...current, ...next } as ListingState) };
    };
    switch (decision) {
      case 'dismiss':
        // A listing the reports held back returns to search as it was approved.
        if (current.heldByReports) {
          await setListing({
            approval: 'approved',
            heldByReports: false,
            published: publishedContent(current),
          });
        }
        break;
      case 'request_correction':
        await setListing({ approval: 'pending', heldByReports: false, correctionNote: note });
        break;
      case 'remove_listing':
        await deleteListing(tx, admin, propertyId);
        after = null;
        break;
      case 'mark_agent_fraud': {
        const role = await agentRole(tx, current.agentId);
        await changeRole(tx, admin, current.agentId, 'fraud');
        before = { role };
        after = { role: 'fraud' };
        break;
      }
    }
    const deadline = after === null ? null : await followListingReview(tx, propertyId);
    await recordAudit(tx, {
      actor: admin,
      action: 'report.decided',
      targetType: 'property',
      targetId: propertyId,
      details: { decision, note, reports: open.length, title: current.title },
      before,
      after,
    });
    return {
      decision,
      propertyId,
      agentId: current.agentId,
      title: current.title,
      note,
      reports: open,
      deadline,
    };
  });
}
