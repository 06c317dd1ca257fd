import type { NotificationKind } from './notification-kinds.js';
import { SHOPPING_TOGETHER_LIMITS } from './shopping-together-rules.js';

/*
 * The words of shopping together: the listing's Share button, the wishlist's Shopping together
 * section, the invitation, the server's refusals, notices and e-mails.
 */

const { maxPeople, invitationDays, noteMaxLength, notesPerHome } = SHOPPING_TOGETHER_LIMITS;

export const SHARE_MESSAGES = {
  button: 'Share',
  buttonLabel: (title: string) => `Share ${title}`,
  copied: 'Link copied',
  copyFailed: 'Copy the link below to share this home.',
  linkLabel: 'Link to this home',
  shareText: (title: string) => `Have a look at this home: ${title}`,
} as const;

export const SHOPPING_TOGETHER_MESSAGES = {
  // The section and its parts
  sectionTitle: 'Shopping together',
  intro: `Invite a partner, friend or family member to your wishlist. You all see the homes each of you saves, add notes and give a thumbs up or down. Offers stay your own. Up to ${maxPeople} people.`,
  loading: 'Loading your shared wishlist...',
  loadFailed: 'Your shared wishlist could not be loaded.',
  peopleTitle: 'People',
  homesTitle: 'Homes you share',
  homesEmpty: 'No saved homes yet. Homes any of you save show here.',
  waitingForAnswer:
    'Waiting for an answer. Once someone accepts, you see each other’s saved homes.',
  you: 'You',
  starter: 'Started the list',
  savedBy: (names: string) => `Saved by ${names}`,
  // Inviting
  inviteTitle: 'Invite someone',
  emailLabel: 'Their e-mail address',
  invite: 'Send invitation',
  inviting: 'Sending...',
  invited: (email: string) =>
    `If ${email} can join, an invitation is on its way. It works for ${invitationDays} days.`,
  invitedMessage: `If this address can join, an invitation is on its way. It works for ${invitationDays} days.`,
  pendingInvitation: (email: string) => `Invited: ${email}`,
  expiredInvitation: (email: string) => `Invitation expired: ${email}`,
  expiresOn: (date: string) => `Link works until ${date}`,
  revoke: 'Withdraw',
  revokeLabel: (email: string) => `Withdraw the invitation to ${email}`,
  revoked: 'Invitation withdrawn.',
  verifyBeforeInvite: 'Please confirm your e-mail address before inviting someone.',
  inviteSelf: 'You cannot invite yourself.',
  alreadyMember: 'This person is already on your shared wishlist.',
  listFull: `A shared wishlist holds up to ${maxPeople} people, invitations waiting included. Withdraw an invitation or remove someone first.`,
  onlyStarterInvites: (name: string) =>
    `You are on ${name}’s shared wishlist: only ${name} can invite people to it.`,
  // The invitation link
  invitationTitle: 'An invitation to shop together',
  invitationFrom: (name: string) =>
    `${name} invited you to shop for homes together. You will see each other’s saved homes, notes and reactions. Your offers stay your own.`,
  invitationLoading: 'Opening the invitation...',
  accept: 'Accept',
  accepting: 'Joining...',
  decline: 'Decline',
  accepted: 'You are shopping together now.',
  declined: 'Invitation declined.',
  invitationNotFound: 'This invitation link is not valid. Ask for a new invitation.',
  invitationUsed: 'This invitation was already used.',
  invitationWithdrawn: 'This invitation was withdrawn or declined. Ask for a new one.',
  invitationExpired: 'This invitation has expired. Ask for a new one.',
  wrongAccount:
    'This invitation was sent to another e-mail address. Sign in with the address it was sent to.',
  verifyBeforeAccept: 'Please confirm your e-mail address before accepting the invitation.',
  alreadyOnThisList: 'You are already on this shared wishlist.',
  alreadyInAnotherList:
    'You already shop together with other people. Leave that shared wishlist before joining another.',
  // Leaving and removing
  leave: 'Leave the shared wishlist',
  leaveTitle: 'Leave the shared wishlist?',
  leaveBody:
    'Your saved homes stay in your wishlist. Your notes and reactions on this list are deleted, and you no longer see the others’ homes.',
  left: 'You left the shared wishlist.',
  remove: 'Remove',
  removeLabel: (name: string) => `Remove ${name}`,
  removeTitle: (name: string) => `Remove ${name}?`,
  removeBody:
    'Their saved homes stay in their own wishlist. Their notes and reactions on this list are deleted.',
  removed: 'Removed from the shared wishlist.',
  notInList: 'You are not on a shared wishlist.',
  onlyStarterRemoves: 'Only the person who started the shared wishlist can remove people.',
  memberNotFound: 'This person is not on your shared wishlist.',
  invitationToRevokeNotFound: 'This invitation is not waiting for an answer.',
  // Homes, notes and reactions
  homeNotFound: 'This home is not on your shared wishlist.',
  removeHome: 'Remove from shared list',
  removeHomeLabel: (title: string) => `Remove ${title} from the shared list`,
  removeHomeTitle: 'Remove this home for everyone?',
  removeHomeBody:
    'It leaves every saved list on this shared wishlist, with its notes and reactions.',
  homeRemoved: 'Removed from the shared wishlist.',
  thumbsUp: 'Thumbs up',
  thumbsDown: 'Thumbs down',
  reactionLabel: (reaction: 'up' | 'down', title: string, count: number) =>
    `${reaction === 'up' ? 'Thumbs up' : 'Thumbs down'} for ${title} (${count})`,
  reactionsBy: (names: string) => `Reacted: ${names}`,
  reactionFailed: 'Your reaction could not be saved.',
  reactionRemoved: 'Reaction taken back.',
  notesTitle: 'Notes',
  notesEmpty: 'No notes yet.',
  noteLabel: 'Add a note',
  noteHint: `At most ${noteMaxLength} characters`,
  noteRequired: 'Write a note first.',
  noteTooLong: `A note has at most ${noteMaxLength} characters.`,
  visibilityLabel: 'Who sees it',
  visibility: { shared: 'Everyone on the list', private: 'Only me' },
  privateBadge: 'Private',
  sharedBadge: 'Shared',
  saveNote: 'Add note',
  savingNote: 'Adding...',
  noteSaved: 'Note added.',
  noteFailed: 'Your note could not be added.',
  deleteNote: 'Delete',
  deleteNoteLabel: 'Delete your note',
  noteDeleted: 'Note deleted.',
  noteNotFound: 'This note is not yours or no longer exists.',
  tooManyNotes: `You can keep up to ${notesPerHome} notes on one home.`,
  soloList: 'Notes and reactions start once someone joins your shared wishlist.',
  // Notices (the app and e-mail)
  noticeJoined: (name: string) => `${name} joined your shared wishlist`,
  noticeJoinedBody: 'You now see each other’s saved homes, shared notes and reactions.',
  noticeLeft: (name: string) => `${name} left your shared wishlist`,
  noticeLeftBody: 'Their saved homes are no longer on your shared list. Yours stay as they are.',
  noticeRemovedOther: (name: string) => `${name} is no longer on your shared wishlist`,
  noticeRemovedYou: 'You were removed from a shared wishlist',
  noticeRemovedYouBody: (name: string) =>
    `${name} removed you from their shared wishlist. Your saved homes stay in your wishlist.`,
  noticeEnded: 'Your shared wishlist has ended',
  noticeEndedBody: (name: string) =>
    `${name} left, and nobody else is on the list. Your saved homes stay in your wishlist.`,
  noticeHomeAdded: (name: string, title: string) => `${name} saved ${title}`,
  noticeHomeAddedBody: 'It is on your shared wishlist now.',
  noticeHomeRemoved: (name: string, title: string) => `${name} removed ${title}`,
  noticeHomeRemovedBody: 'It is no longer on your shared wishlist.',
  noticeNote: (name: string, title: string) => `${name} added a note on ${title}`,
  noticeReaction: (name: string, reaction: 'up' | 'down', title: string) =>
    `${name} gave ${title} a thumbs ${reaction}`,
  noticeReactionBody: 'See what everyone thinks on your shared wishlist.',
  // The invitation e-mail
  mailHeading: 'You are invited to shop together',
  mailBody: (name: string, email: string) =>
    `${name} (${email}) invited you to share a wishlist of homes: you would see each other’s saved homes, notes and reactions.`,
  mailHow: `Open the link, then sign in or register with this e-mail address to accept. It works once, for ${invitationDays} days.`,
  mailAction: 'See the invitation',
  mailIgnore: 'If you do not know this person, ignore this e-mail: nothing happens.',
} as const;

/** Subject lines in our own words: a name or title a person typed never heads a stranger's inbox. */
export const SHOPPING_TOGETHER_MAIL_SUBJECTS: Record<
  Extract<NotificationKind, `shared_${string}`>,
  string
> = {
  shared_list_joined: 'Someone joined your shared wishlist',
  shared_list_left: 'Your shared wishlist changed',
  shared_home_added: 'A home was added to your shared wishlist',
  shared_home_removed: 'A home was removed from your shared wishlist',
  shared_note_added: 'A new note on your shared wishlist',
  shared_home_reaction: 'A reaction on your shared wishlist',
};

export const SHOPPING_TOGETHER_INVITATION_SUBJECT = (brandName: string) =>
  `An invitation to shop for homes together on ${brandName}`;
