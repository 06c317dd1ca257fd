import { z } from 'zod';
import {
  BUSINESS_LIMITS,
  REPORT_DECISIONS,
  REPORT_REASONS,
  REPORT_STATUSES,
} from './business-constants.js';
import { REPORT_MESSAGES } from './business-messages.js';
import { ADMIN_APPROVAL, ROLES } from './constants.js';
import { queryInteger } from './numbers.js';

export const ZReportListingRequest = z
  .object({
    reason: z.enum(REPORT_REASONS, { error: REPORT_MESSAGES.reasonRequired }),
    note: z
      .string()
      .trim()
      .max(BUSINESS_LIMITS.reportNoteMaxLength, REPORT_MESSAGES.noteTooLong)
      .default(''),
  })
  .meta({ id: 'ReportListingRequest' });
export type ReportListingRequest = z.input<typeof ZReportListingRequest>;

/** The caller's open report on a listing, if they have one. */
export const ZMyListingReport = z
  .object({
    report: z
      .object({
        _id: z.uuid(),
        reason: z.enum(REPORT_REASONS),
        note: z.string(),
        createdAt: z.iso.datetime({ offset: true }),
      })
      .nullable(),
  })
  .meta({ id: 'MyListingReport' });
export type MyListingReport = z.infer<typeof ZMyListingReport>;

/** A listing with open reports, as the admins' queue shows it. */
export const ZReportedListing = z
  .object({
    property: z.object({
      _id: z.uuid(),
      title: z.string(),
      location: z.string(),
      image: z.string().nullable(),
      approval: z.enum(ADMIN_APPROVAL),
      /** Hidden from search by its reports until an admin decides. */
      hidden: z.boolean(),
      agent: z.object({
        _id: z.string(),
        name: z.string(),
        email: z.string(),
        role: z.enum(ROLES),
      }),
    }),
    openReports: z.number().int(),
    reasons: z.record(z.enum(REPORT_REASONS), z.number().int()),
    reports: z.array(
      z.object({
        _id: z.uuid(),
        reason: z.enum(REPORT_REASONS),
        note: z.string(),
        createdAt: z.iso.datetime({ offset: true }),
        reporter: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
      }),
    ),
    firstReportedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'ReportedListing' });
export type ReportedListing = z.infer<typeof ZReportedListing>;

export const ZReportQueue = z
  .object({ items: z.array(ZReportedListing), total: z.number().int() })
  .meta({ id: 'ReportQueue' });
export type ReportQueue = z.infer<typeof ZReportQueue>;

export const ZReportQueueQuery = z.object({
  page: queryInteger(1, 100_000, 1),
  limit: queryInteger(1, 100, BUSINESS_LIMITS.reportQueuePageSize),
});

export const ZReportDecisionParams = z.object({
  propertyId: z.uuid({ error: REPORT_MESSAGES.notFound }),
});

/** One decision for every open report of a listing; a correction says what to correct. */
export const ZReportDecisionRequest = z
  .object({
    decision: z.enum(REPORT_DECISIONS),
    note: z
      .string()
      .trim()
      .max(BUSINESS_LIMITS.correctionNoteMaxLength, REPORT_MESSAGES.correctionNoteTooLong)
      .default(''),
  })
  .superRefine((body, context) => {
    if (body.decision === 'request_correction' && body.note === '') {
      context.addIssue({
        code: 'custom',
        path: ['note'],
        message: REPORT_MESSAGES.correctionNoteRequired,
      });
    }
  })
  .meta({ id: 'ReportDecisionRequest' });
export type ReportDecisionRequest = z.input<typeof ZReportDecisionRequest>;

export const ZReportStatus = z.enum(REPORT_STATUSES);
