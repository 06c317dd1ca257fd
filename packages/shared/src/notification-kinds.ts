/** What can happen that a person is told about, in the app and (by their settings) by e-mail. */
export const NOTIFICATION_KINDS = [
  'offer_received',
  'offer_withdrawn',
  'offer_accepted',
  'offer_rejected',
  'offer_ended_unpaid',
  'payment_deadline_changed',
  'payment_confirmed',
  'payment_received',
  'listing_approved',
  'listing_rejected',
  'listing_edited',
  'review_received',
  'role_changed',
  'message_received',
  'search_match',
  'report_outcome',
  'correction_requested',
  'tour_requested',
  'tour_confirmed',
  'tour_rescheduled',
  'tour_declined',
  'tour_cancelled',
  'tour_reminder',
  'tour_completed',
  'saved_home_price_changed',
  'saved_home_under_offer',
  'saved_home_back_on_market',
  'saved_home_sold',
  'saved_home_open_house',
  'shared_list_joined',
  'shared_list_left',
  'shared_home_added',
  'shared_home_removed',
  'shared_note_added',
  'shared_home_reaction',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How often a saved search's new matches are e-mailed. */
export const ALERT_FREQUENCIES = ['instant', 'daily', 'off'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

/** Who is told of each kind: the settings page shows a person the kinds their role can receive. */
export const NOTIFICATION_AUDIENCE: Record<NotificationKind, 'buyer' | 'agent' | 'everyone'> = {
  offer_received: 'agent',
  offer_withdrawn: 'agent',
  offer_accepted: 'buyer',
  offer_rejected: 'buyer',
  // The buyer whose offer lapsed or was released, and the listing's agent.
  offer_ended_unpaid: 'everyone',
  // The buyer of an accepted offer and the listing's agent, when a review pauses or resumes it.
  payment_deadline_changed: 'everyone',
  payment_confirmed: 'buyer',
  payment_received: 'agent',
  listing_approved: 'agent',
  listing_rejected: 'agent',
  listing_edited: 'agent',
  review_received: 'agent',
  role_changed: 'everyone',
  message_received: 'everyone',
  search_match: 'buyer',
  report_outcome: 'everyone',
  correction_requested: 'agent',
  tour_requested: 'agent',
  // The buyer when the agent confirms; the agent when the buyer accepts a proposed time.
  tour_confirmed: 'everyone',
  tour_rescheduled: 'buyer',
  tour_declined: 'buyer',
  tour_cancelled: 'everyone',
  tour_reminder: 'everyone',
  tour_completed: 'buyer',
  // The buyers who saved the home, when it changes (at most one e-mail a home a day).
  saved_home_price_changed: 'buyer',
  saved_home_under_offer: 'buyer',
  saved_home_back_on_market: 'buyer',
  saved_home_sold: 'buyer',
  saved_home_open_house: 'buyer',
  // The other people on a shared wishlist (buyers all).
  shared_list_joined: 'buyer',
  shared_list_left: 'buyer',
  shared_home_added: 'buyer',
  shared_home_removed: 'buyer',
  shared_note_added: 'buyer',
  shared_home_reaction: 'buyer',
};

export const ENGAGEMENT_LIMITS = {
  savedSearchesPerUser: 50,
  savedSearchNameMaxLength: 80,
  messageMaxLength: 2000,
  /** Messages one account may send in an hour. */
  messagesPerHour: 60,
  notificationsPanelSize: 8,
  notificationsPageSize: 20,
  /** A reset link works this long, once. */
  passwordResetMinutes: 30,
  /** Verification mails one account may ask for in an hour. */
  verificationResendsPerHour: 3,
} as const;
