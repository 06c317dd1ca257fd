/*
 * Seeing the business: listing analytics for agents, the marketplace dashboard for admins,
 * reported listings and the audit trail. Zod-free, so pages can import them cheaply.
 */

/** The periods, in days, an agent compares their listings over. */
export const ANALYTICS_PERIODS = [7, 30, 90] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

/** The periods, in days, the marketplace dashboard and its exports cover. */
export const DASHBOARD_PERIODS = [30, 90, 365] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

/** The figures of one listing an agent can sort their table by. */
export const LISTING_ANALYTICS_SORTS = [
  'views',
  'saves',
  'offers',
  'accepted',
  'sold',
  'daysOnMarket',
  'pricePerSqft',
  'title',
] as const;
export type ListingAnalyticsSort = (typeof LISTING_ANALYTICS_SORTS)[number];

/** What an admin can download as CSV. */
export const EXPORT_KINDS = ['users', 'listings', 'sales'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** Why a listing is reported. */
export const REPORT_REASONS = [
  'suspected_fraud',
  'wrong_information',
  'already_sold',
  'offensive_content',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  suspected_fraud: 'Suspected fraud',
  wrong_information: 'Wrong information',
  already_sold: 'Already sold',
  offensive_content: 'Offensive content',
  other: 'Other',
};

/** A report is open until an admin decides on its listing; the decision names how it ended. */
export const REPORT_STATUSES = [
  'open',
  'dismissed',
  'correction_requested',
  'listing_removed',
  'agent_marked_fraud',
] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** The one-step decisions an admin makes on a reported listing. */
export const REPORT_DECISIONS = [
  'dismiss',
  'request_correction',
  'remove_listing',
  'mark_agent_fraud',
] as const;
export type ReportDecision = (typeof REPORT_DECISIONS)[number];

export const REPORT_DECISION_LABELS: Record<ReportDecision, string> = {
  dismiss: 'Dismiss',
  request_correction: 'Ask for a correction',
  remove_listing: 'Remove listing',
  mark_agent_fraud: 'Mark agent as fraud',
};

export const BUSINESS_LIMITS = {
  /** Open reports from this many different people hide a listing from search until an admin decides. */
  reportsToHide: 3,
  /** Only accounts at least this many days old count toward hiding a listing. */
  reporterMinAccountDays: 7,
  /** An account whose reports of this many listings were dismissed no longer counts toward hiding. */
  reporterDismissalsToDistrust: 2,
  reportNoteMaxLength: 1000,
  correctionNoteMaxLength: 1000,
  /** Reports one account may file in an hour. */
  reportsPerHour: 10,
  analyticsTablePageSize: 20,
  reportQueuePageSize: 20,
  auditLogPageSize: 50,
  /** The oldest pending listings the dashboard names. */
  dashboardPendingShown: 10,
  /** The locations each top-locations table names. */
  dashboardTopLocations: 10,
} as const;

/** Everything the audit trail records, as stored. */
export const AUDIT_ACTIONS = [
  'user.role_changed',
  'user.deleted',
  'property.approval_changed',
  'property.edited',
  'property.deleted',
  'review.deleted',
  'offer.released',
  'payment.refunded',
  'message.removed',
  'report.decided',
  'export.downloaded',
  'job.run_again',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_TARGET_TYPES = [
  'user',
  'property',
  'review',
  'offer',
  'payment',
  'message',
  'export',
  'job',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'user.role_changed': 'Role changed',
  'user.deleted': 'User deleted',
  'property.approval_changed': 'Listing approved or rejected',
  'property.edited': 'Listing edited',
  'property.deleted': 'Listing deleted',
  'review.deleted': 'Review deleted',
  'offer.released': 'Offer released',
  'payment.refunded': 'Payment refunded',
  'message.removed': 'Message removed',
  'report.decided': 'Report decided',
  'export.downloaded': 'CSV exported',
  'job.run_again': 'Failed job run again',
};
