import { formatNumber } from './en-us-format.js';
import { tooLongMessage } from './messages.js';
import { ENGAGEMENT_LIMITS, type NotificationKind } from './notification-kinds.js';

/*
 * The words of account recovery, notifications, saved searches and messages. Apart from the
 * other texts so that pages which never show them do not download them.
 */

export const ACCOUNT_RECOVERY_MESSAGES = {
  forgotTitle: 'Forgot your password?',
  forgotIntro:
    'Enter the e-mail address of your account and we will send you a link to set a new password.',
  forgotSubmit: 'Send reset link',
  forgotSent:
    'If an account exists for that e-mail address, we have sent a link to reset its password. The link works once, for 30 minutes.',
  forgotLink: 'Forgot password?',
  resetTitle: 'Set a new password',
  resetSubmit: 'Save new password',
  resetDone: 'Your password has been changed. You are signed out everywhere else.',
  resetInvalid: 'This reset link is invalid or has expired. Ask for a new one.',
  passwordsDiffer: 'The passwords do not match',
  verifyBanner: 'Please confirm your e-mail address: we sent you a link.',
  verifyResend: 'Send the link again',
  verifyResent: 'We sent a new link. Check your inbox.',
  verifyResendTooSoon: 'You asked for several links already. Please wait an hour and try again.',
  verified: 'Your e-mail address is confirmed.',
  verifyInvalid: 'This confirmation link is invalid or has expired.',
  verifyBeforeOffer: 'Please confirm your e-mail address before making an offer.',
  verifyBeforePayment: 'Please confirm your e-mail address before paying.',
  verifyBeforeReview: 'Please confirm your e-mail address before writing a review.',
  verifyBeforeReport: 'Please confirm your e-mail address before reporting a listing.',
  verifyBeforeMessage: 'Please confirm your e-mail address before sending a message.',
  verifyBeforeAlerts:
    'Please confirm your e-mail address before turning on e-mail alerts. You can save this search with alerts off.',
  newPasswordLabel: 'New password',
  confirmPasswordLabel: 'Confirm new password',
  confirmPasswordRequired: 'Please type the new password again',
  resetSignIn: 'Sign in with your new password',
  backToSignIn: 'Back to sign in',
  askAgain: 'Ask for a new link',
  verifying: 'Confirming your e-mail address...',
  forgotFailed: 'We could not send the link. Please try again.',
  resetFailed: 'We could not change your password. Please try again.',
  verifyFailed: 'We could not confirm your e-mail address. Please try again.',
  resendFailed: 'We could not send a new link. Please try again.',
  rememberedPrompt: 'Remembered your password?',
} as const;

export const NOTIFICATION_MESSAGES = {
  bellLabel: 'Notifications',
  panelTitle: 'Notifications',
  markAllRead: 'Mark all as read',
  markRead: 'Mark as read',
  seeAll: 'See all notifications',
  empty: 'You have no notifications yet.',
  loadFailed: 'Could not load your notifications.',
  settingsTitle: 'Notification settings',
  settingsIntro:
    'You always see notifications here in the app. Choose which ones also come by e-mail.',
  settingsSaved: 'Your notification settings are saved.',
  emailLabel: 'Also send by e-mail',
  searchAlertsLabel: 'Saved-search alerts by e-mail',
  unsubscribed: 'You will no longer receive these e-mails.',
  unsubscribeInvalid: 'This unsubscribe link is invalid.',
} as const;

/** `3 unread notifications`: the bell's name for screen readers. */
export const unreadNotificationsLabel = (count: number) =>
  count === 0
    ? NOTIFICATION_MESSAGES.bellLabel
    : `${NOTIFICATION_MESSAGES.bellLabel}, ${count} unread`;

/** What each kind is called on the settings page. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  offer_received: 'A new offer on my listing',
  offer_withdrawn: 'An offer on my listing is withdrawn',
  offer_accepted: 'My offer is accepted',
  offer_rejected: 'My offer is rejected',
  offer_ended_unpaid: 'An accepted offer ends unpaid (its deadline passed, or it was released)',
  payment_deadline_changed:
    'The payment deadline of an accepted offer pauses while the listing is reviewed, or resumes',
  payment_confirmed: 'My payment is confirmed',
  payment_received: 'A payment for my listing is received',
  listing_approved: 'My listing is approved',
  listing_rejected: 'My listing is rejected',
  listing_edited: 'An admin edits my listing',
  review_received: 'A new review of my listing',
  role_changed: 'My role changes',
  message_received: 'A new message',
  search_match: 'A new home matches my saved search',
  report_outcome: 'A listing I reported is decided',
  correction_requested: 'An admin asks me to correct my listing',
  tour_requested: 'A buyer requests a tour of my listing',
  tour_confirmed: 'A tour is confirmed',
  tour_rescheduled: 'The agent proposes a new time for my tour',
  tour_declined: 'My tour request is declined',
  tour_cancelled: 'A tour is cancelled',
  tour_reminder: 'A reminder before a tour (a day and an hour before)',
  tour_completed: 'My tour is completed (I can review the agent)',
  saved_home_price_changed: 'A home on my wishlist (or our shared one) changes price',
  saved_home_under_offer: 'A home on my wishlist (or our shared one) goes under offer',
  saved_home_back_on_market: 'A home on my wishlist (or our shared one) is back on the market',
  saved_home_sold: 'A home on my wishlist (or our shared one) sells',
  saved_home_open_house: 'A home on my wishlist (or our shared one) gets an open house',
  shared_list_joined: 'Someone joins my shared wishlist',
  shared_list_left: 'Someone leaves my shared wishlist, or I am removed from one',
  shared_home_added: 'A co-buyer saves a home to our shared wishlist',
  shared_home_removed: 'A co-buyer removes a home from our shared wishlist',
  shared_note_added: 'A co-buyer adds a shared note',
  shared_home_reaction: 'A co-buyer gives a home a thumbs up or down',
};

export const ALERT_FREQUENCY_LABELS = {
  instant: 'Right away',
  daily: 'Once a day',
  off: 'Off',
} as const;

export const SAVED_SEARCH_MESSAGES = {
  save: 'Save this search',
  saveTitle: 'Save this search',
  nameLabel: 'Name',
  nameRequired: 'Name is required',
  nameTooLong: tooLongMessage('Name', ENGAGEMENT_LIMITS.savedSearchNameMaxLength),
  alertLabel: 'E-mail me new matches',
  saved: 'Search saved. We will tell you when a new home matches.',
  tooMany: `You can keep at most ${ENGAGEMENT_LIMITS.savedSearchesPerUser} saved searches. Delete one to save another.`,
  pageTitle: 'Saved Searches',
  empty: 'You have no saved searches yet. Search for homes and choose Save this search.',
  open: 'Open',
  rename: 'Rename',
  delete: 'Delete',
  deleted: 'Saved search deleted.',
  notFound: 'Saved search not found',
  signInToSave: 'Log in to save this search.',
} as const;

/** `4 new`: matches listed since the owner last opened the search. */
export const newMatchesLabel = (count: number) =>
  count === 1 ? '1 new match' : `${count} new matches`;

/** The in-app notice of a new home matching a saved search. */
export const searchMatchTitle = (searchName: string) => `A new home matches “${searchName}”`;
export const searchMatchBody = (title: string, location: string, price: string) =>
  `${title} in ${location}, ${price}.`;

/** What a saved search looks for, in a few words, from its filters as the address carries them. */
export const SAVED_SEARCH_SUMMARY = {
  anywhere: 'Any home, anywhere',
  mapArea: 'Map area',
  drawnArea: 'Drawn area',
  beds: (count: string) => `${count}+ beds`,
  baths: (count: string) => `${count}+ baths`,
  from: (price: string) => `from ${price}`,
  upTo: (price: string) => `up to ${price}`,
  openHouseWeekend: 'open house this weekend',
} as const;

export const CONVERSATION_MESSAGES = {
  ask: 'Ask the agent a question',
  askTitle: 'Ask the agent',
  messageLabel: 'Message',
  send: 'Send',
  sending: 'Sending...',
  sent: 'Message sent.',
  bodyRequired: 'Message is required',
  bodyTooLong: tooLongMessage('Message', ENGAGEMENT_LIMITS.messageMaxLength),
  pageTitle: 'Messages',
  empty: 'No messages yet.',
  removed: 'This message was removed by an admin.',
  remove: 'Remove message',
  notFound: 'Conversation not found',
  fraudCannotSend: 'Your account cannot send messages.',
  listingNotOpen: 'This listing is not taking questions.',
  ownListing: 'You cannot message yourself about your own listing.',
  tooMany: 'You are sending messages too fast. Please wait a while and try again.',
  messageNotFound: 'Message not found',
  removedDone: 'Message removed.',
  removeConfirmTitle: 'Remove this message?',
  removeConfirm:
    'Both people in the conversation will see that an admin removed it. This cannot be undone.',
  replyLabel: 'Your reply',
  failed: 'Your message could not be sent.',
  loadFailed: 'The messages could not be loaded.',
  emptyHint: "Ask an agent a question from a listing's page, and the conversation shows here.",
  open: 'Open the conversation',
  back: 'All messages',
  you: 'You',
  signInToAsk: 'Sign in to ask the agent a question',
} as const;

/** `3 unread messages`, read out with a conversation's badge. */
export const unreadMessagesLabel = (count: number) =>
  `${count} unread ${count === 1 ? 'message' : 'messages'}`;

/** `1,234 / 2,000 characters` under the message box. */
export const messageLengthLabel = (length: number) =>
  `${formatNumber(length)} / ${formatNumber(ENGAGEMENT_LIMITS.messageMaxLength)} characters`;
