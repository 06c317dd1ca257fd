import { z } from 'zod';
import {
  ANALYTICS_PERIODS,
  BUSINESS_LIMITS,
  DASHBOARD_PERIODS,
  EXPORT_KINDS,
  LISTING_ANALYTICS_SORTS,
} from './business-constants.js';
import { ADMIN_APPROVAL, AVAILABILITY } from './constants.js';
import { queryInteger } from './numbers.js';

/** A period query parameter: one of the given day counts, as text in the address. */
const periodOf = <const T extends readonly number[]>(periods: T, fallback: T[number]) =>
  z
    .enum(periods.map(String) as [string, ...string[]], {
      error: `Must be one of ${periods.join(', ')}`,
    })
    .default(String(fallback))
    .transform((value) => Number(value) as T[number]);

const day = z.iso.date();

/* Listing analytics, for agents: their own listings only. */

export const ZAnalyticsQuery = z.object({ period: periodOf(ANALYTICS_PERIODS, 30) });

/** What happened to listings: details-page views, saves to wish lists, offers, accepted offers, sales. */
export const ZListingFigures = z
  .object({
    views: z.number().int(),
    saves: z.number().int(),
    offers: z.number().int(),
    accepted: z.number().int(),
    sold: z.number().int(),
  })
  .meta({ id: 'ListingFigures' });
export type ListingFigures = z.infer<typeof ZListingFigures>;

export const ZListingAnalytics = z
  .object({
    period: z.number().int(),
    /** The first and last day counted (UTC), the last being today. */
    from: day,
    to: day,
    totals: ZListingFigures,
    /** The same figures for the period just before, to show the change. */
    previous: ZListingFigures,
    /** Every day of the period, zeros included. */
    daily: z.array(z.object({ day, views: z.number().int(), saves: z.number().int() })),
    listings: z.number().int(),
  })
  .meta({ id: 'ListingAnalytics' });
export type ListingAnalytics = z.infer<typeof ZListingAnalytics>;

export const ZListingAnalyticsQuery = z.object({
  period: periodOf(ANALYTICS_PERIODS, 30),
  sort: z.enum(LISTING_ANALYTICS_SORTS).default('views'),
  order: z.enum(['asc', 'desc']).default('desc'),
  page: queryInteger(1, 100_000, 1),
  limit: queryInteger(1, 100, BUSINESS_LIMITS.analyticsTablePageSize),
});
export type ListingAnalyticsQuery = z.input<typeof ZListingAnalyticsQuery>;

export const ZListingAnalyticsRow = ZListingFigures.extend({
  _id: z.uuid(),
  title: z.string(),
  location: z.string(),
  approval: z.enum(ADMIN_APPROVAL),
  availability: z.enum(AVAILABILITY),
  /** Days since the listing was created, until its sale if it sold. */
  daysOnMarket: z.number().int(),
  /** Dollars per square foot at the middle of the price range; null without an area. */
  pricePerSqft: z.number().nullable(),
}).meta({ id: 'ListingAnalyticsRow' });
export type ListingAnalyticsRow = z.infer<typeof ZListingAnalyticsRow>;

export const ZListingAnalyticsPage = z
  .object({ items: z.array(ZListingAnalyticsRow), total: z.number().int() })
  .meta({ id: 'ListingAnalyticsPage' });
export type ListingAnalyticsPage = z.infer<typeof ZListingAnalyticsPage>;

/* The marketplace dashboard, for admins. */

export const ZDashboardQuery = z.object({ period: periodOf(DASHBOARD_PERIODS, 30) });

export const ZMarketplaceDashboard = z
  .object({
    period: z.number().int(),
    from: day,
    to: day,
    pending: z.object({
      count: z.number().int(),
      /** The listings waiting longest, oldest first. */
      oldest: z.array(
        z.object({
          _id: z.uuid(),
          title: z.string(),
          location: z.string(),
          agentName: z.string(),
          agentEmail: z.string(),
          waitingSince: z.iso.datetime({ offset: true }),
          ageDays: z.number().int(),
        }),
      ),
    }),
    /** Every day of the period: listings approved and rejected by admins. */
    decisions: z.array(z.object({ day, approved: z.number().int(), rejected: z.number().int() })),
    /** Every day of the period: accounts created, by their role today. */
    newUsers: z.array(
      z.object({
        day,
        user: z.number().int(),
        agent: z.number().int(),
        admin: z.number().int(),
        fraud: z.number().int(),
      }),
    ),
    /** Every week (starting Monday) touching the period. */
    offersByWeek: z.array(
      z.object({
        week: day,
        made: z.number().int(),
        accepted: z.number().int(),
        paid: z.number().int(),
      }),
    ),
    /** Every month (`YYYY-MM`) touching the period: sales and the dollars paid. */
    salesByMonth: z.array(
      z.object({ month: z.string(), sales: z.number().int(), volume: z.number() }),
    ),
    /** Listings created in the period, by location. */
    topLocationsByListings: z.array(z.object({ location: z.string(), listings: z.number().int() })),
    /** Sales paid in the period, by location. */
    topLocationsBySales: z.array(
      z.object({ location: z.string(), sales: z.number().int(), volume: z.number() }),
    ),
  })
  .meta({ id: 'MarketplaceDashboard' });
export type MarketplaceDashboard = z.infer<typeof ZMarketplaceDashboard>;

export const ZExportParams = z.object({
  kind: z.enum(EXPORT_KINDS, { error: `Must be one of ${EXPORT_KINDS.join(', ')}` }),
});
