import type { ListingAnalytics, ListingAnalyticsPage } from '@keyhaven/shared';
import { ADMIN_APPROVAL, AVAILABILITY } from '@keyhaven/shared/constants';
import * as v from 'valibot';
import type { ContractTwin } from '@/lib/contract-twins';

/*
 * valibot twins of the analytics answers in @keyhaven/shared (see lib/contract-twins.ts): their
 * types turn any drift from the contract, in either direction, into a compile error.
 */

const figures = {
  views: v.number(),
  saves: v.number(),
  offers: v.number(),
  accepted: v.number(),
  sold: v.number(),
};

const analyticsTwin = v.object({
  period: v.number(),
  from: v.string(),
  to: v.string(),
  totals: v.object(figures),
  previous: v.object(figures),
  daily: v.array(v.object({ day: v.string(), views: v.number(), saves: v.number() })),
  listings: v.number(),
});
export const ZListingAnalytics: ContractTwin<typeof analyticsTwin, ListingAnalytics> =
  analyticsTwin;

const analyticsPageTwin = v.object({
  items: v.array(
    v.object({
      ...figures,
      _id: v.string(),
      title: v.string(),
      location: v.string(),
      approval: v.picklist(ADMIN_APPROVAL),
      availability: v.picklist(AVAILABILITY),
      daysOnMarket: v.number(),
      pricePerSqft: v.nullable(v.number()),
    }),
  ),
  total: v.number(),
});
export const ZListingAnalyticsPage: ContractTwin<typeof analyticsPageTwin, ListingAnalyticsPage> =
  analyticsPageTwin;

export type { ListingAnalytics, ListingAnalyticsPage };
export type ListingAnalyticsRow = ListingAnalyticsPage['items'][number];
