/*
 * Shopping together without the schema library: a shared wishlist's limits, reactions and note
 * kinds, so pages can import them from `@keyhaven/shared/constants`.
 */

/** Rules a shared wishlist keeps; the server checks them, the forms tell them. */
export const SHOPPING_TOGETHER_LIMITS = {
  /** People on one shared wishlist, its starter included; a pending invitation holds a seat. */
  maxPeople: 4,
  /** An invitation's link works this many days, once. */
  invitationDays: 7,
  /** Invitations one account may send in a day (each mails an address). */
  invitationsPerDay: 10,
  noteMaxLength: 1000,
  /** Notes one person may keep on one home of the list. */
  notesPerHome: 20,
  /** Notes, reactions and removals one account may make in an hour. */
  changesPerHour: 120,
  /** A co-buyer gets at most one e-mail of each kind of change in this many minutes. */
  emailQuietMinutes: 60,
} as const;

export const HOME_REACTIONS = ['up', 'down'] as const;
export type HomeReaction = (typeof HOME_REACTIONS)[number];

export const NOTE_VISIBILITIES = ['private', 'shared'] as const;
export type NoteVisibility = (typeof NOTE_VISIBILITIES)[number];

/** An invitation as stored; `expired` is read from its date. */
export const INVITATION_STATUSES = ['pending', 'accepted', 'declined', 'revoked'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number] | 'expired';

/** The page a co-buyer's notices lead to, and the invitation link opens. */
export const SHOPPING_TOGETHER_PAGE = '/dashboard/wishlist';
/** The query parameter of the invitation link that carries its token. */
export const INVITATION_PARAM = 'invitation';
