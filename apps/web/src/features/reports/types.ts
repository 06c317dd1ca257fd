import type { ReportedListing, ReportQueue } from '@keyhaven/shared';
import { ADMIN_APPROVAL, REPORT_REASONS, ROLES } from '@keyhaven/shared/constants';
import * as v from 'valibot';
import type { ContractTwin } from '@/lib/contract-twins';

export type { ReportedListing, ReportQueue };

/* The valibot twins of the admins' queue in the reports contract of @keyhaven/shared. */
const reportedListingTwin = v.object({
  property: v.object({
    _id: v.string(),
    title: v.string(),
    location: v.string(),
    image: v.nullable(v.string()),
    approval: v.picklist(ADMIN_APPROVAL),
    hidden: v.boolean(),
    agent: v.object({
      _id: v.string(),
      name: v.string(),
      email: v.string(),
      role: v.picklist(ROLES),
    }),
  }),
  openReports: v.number(),
  // Every reason is counted, zero or more (the contract's record over the reasons).
  reasons: v.object({
    suspected_fraud: v.number(),
    wrong_information: v.number(),
    already_sold: v.number(),
    offensive_content: v.number(),
    other: v.number(),
  }),
  reports: v.array(
    v.object({
      _id: v.string(),
      reason: v.picklist(REPORT_REASONS),
      note: v.string(),
      createdAt: v.string(),
      reporter: v.object({ _id: v.string(), name: v.string(), email: v.string() }),
    }),
  ),
  firstReportedAt: v.string(),
});
const ZReportedListing: ContractTwin<typeof reportedListingTwin, ReportedListing> =
  reportedListingTwin;

const queueTwin = v.object({ items: v.array(ZReportedListing), total: v.number() });
export const ZReportQueue: ContractTwin<typeof queueTwin, ReportQueue> = queueTwin;
