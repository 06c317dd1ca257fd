import type { MarketplaceDashboard } from '@keyhaven/shared';
import * as v from 'valibot';
import type { ContractTwin } from '@/lib/contract-twins';

/*
 * The valibot twin of the dashboard's answer in @keyhaven/shared (see lib/contract-twins.ts):
 * its type turns any drift from the contract, in either direction, into a compile error.
 */
const dashboardTwin = v.object({
  period: v.number(),
  from: v.string(),
  to: v.string(),
  pending: v.object({
    count: v.number(),
    oldest: v.array(
      v.object({
        _id: v.string(),
        title: v.string(),
        location: v.string(),
        agentName: v.string(),
        agentEmail: v.string(),
        waitingSince: v.string(),
        ageDays: v.number(),
      }),
    ),
  }),
  decisions: v.array(v.object({ day: v.string(), approved: v.number(), rejected: v.number() })),
  newUsers: v.array(
    v.object({
      day: v.string(),
      user: v.number(),
      agent: v.number(),
      admin: v.number(),
      fraud: v.number(),
    }),
  ),
  offersByWeek: v.array(
    v.object({ week: v.string(), made: v.number(), accepted: v.number(), paid: v.number() }),
  ),
  salesByMonth: v.array(v.object({ month: v.string(), sales: v.number(), volume: v.number() })),
  topLocationsByListings: v.array(v.object({ location: v.string(), listings: v.number() })),
  topLocationsBySales: v.array(
    v.object({ location: v.string(), sales: v.number(), volume: v.number() }),
  ),
});
export const ZMarketplaceDashboard: ContractTwin<typeof dashboardTwin, MarketplaceDashboard> =
  dashboardTwin;

export type { MarketplaceDashboard };
