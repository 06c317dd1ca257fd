import {
  ADMIN_APPROVAL_STORED,
  ALERT_FREQUENCIES,
  AVAILABILITY,
  FEATURES,
  HOME_REACTIONS,
  INVITATION_STATUSES,
  LISTING_EVENT_KINDS,
  NOTE_VISIBILITIES,
  NOTIFICATION_KINDS,
  OFFER_STATUSES,
  PAYMENT_STATUSES,
  PROPERTY_TYPES,
  REPORT_REASONS,
  REPORT_STATUSES,
  REVIEW_TARGETS,
  ROLES,
  TOUR_CANCELLERS,
  TOUR_KINDS,
  TOUR_STATUSES,
} from '@keyhaven/shared';
import { type SQLWrapper, sql } from 'drizzle-orm';
import { pgEnum } from 'drizzle-orm/pg-core';

/* The database's enums, most of them the shared package's lists of the same values. */

export const roleEnum = pgEnum('user_role', ROLES);
export const availabilityEnum = pgEnum('availability', AVAILABILITY);
export const approvalEnum = pgEnum('approval_status', ADMIN_APPROVAL_STORED);
export const propertyTypeEnum = pgEnum('property_type', PROPERTY_TYPES);

/**
 * A pin moved 360 degrees of longitude per property type (its lane, the type's place in the
 * enum), so one GiST index keeps each type apart: a box on one lane finds that type's homes
 * alone (comparables, decision 056). Written the same in the indexes and the queries.
 */
export const typeLanePosition = (lng: SQLWrapper, lat: SQLWrapper, type: SQLWrapper) =>
  sql`point(${lng} + 360 * (case ${type} ${sql.raw(
    PROPERTY_TYPES.map((name, lane) => `when '${name}' then ${lane}`).join(' '),
  )} end), ${lat})`;

/** The lane of a property type (see typeLanePosition). */
export const typeLane = (type: (typeof PROPERTY_TYPES)[number]) => PROPERTY_TYPES.indexOf(type);
export const featureEnum = pgEnum('property_feature', FEATURES);
export const offerStatusEnum = pgEnum('offer_status', OFFER_STATUSES);
export const paymentProviderEnum = pgEnum('payment_provider', ['demo', 'stripe']);
/**
 * `refund_due`: the provider took the money, but the listing or its agent stopped being trusted
 * after checkout opened (or the offer ended), so nothing was sold and an admin must send it back;
 * `refunded` once they have.
 */
export const paymentStatusEnum = pgEnum('payment_status', PAYMENT_STATUSES);
export const reviewTargetEnum = pgEnum('review_target', REVIEW_TARGETS);
export const notificationKindEnum = pgEnum('notification_kind', NOTIFICATION_KINDS);
export const alertFrequencyEnum = pgEnum('alert_frequency', ALERT_FREQUENCIES);
export const emailDeliveryStatusEnum = pgEnum('email_delivery_status', ['sending', 'sent']);
export const reportReasonEnum = pgEnum('report_reason', REPORT_REASONS);
export const reportStatusEnum = pgEnum('report_status', REPORT_STATUSES);
export const tourStatusEnum = pgEnum('tour_status', TOUR_STATUSES);
export const tourKindEnum = pgEnum('tour_kind', TOUR_KINDS);
export const tourCancellerEnum = pgEnum('tour_canceller', TOUR_CANCELLERS);
export const listingEventKindEnum = pgEnum('listing_event_kind', LISTING_EVENT_KINDS);
export const invitationStatusEnum = pgEnum('shared_invitation_status', INVITATION_STATUSES);
export const noteVisibilityEnum = pgEnum('shared_note_visibility', NOTE_VISIBILITIES);
export const homeReactionEnum = pgEnum('home_reaction', HOME_REACTIONS);
