import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import {
  accounts,
  listingReports,
  messages,
  offers,
  openHouses,
  payments,
  reviews,
  tourAvailability,
  tours,
} from '../../../src/db/schema.js';
import { addDays, instantOf, localDateOf } from '../../../src/lib/listing-time-zone.js';
import { createAccount, type TestAccount } from '../../helpers/accounts.js';
import { createListing, listingBody } from '../../helpers/listings.js';
import { accept, daysFromNow, offer, openCheckout, payDemo } from '../../helpers/offers.js';
import { type SharedWishlistWorld, sharedWishlistOf } from './shared-wishlist-world.js';

/** Who calls: the seven actors of the authorization matrix. */
export const ACTORS = [
  'anonymous',
  'user',
  'otherUser',
  'agent',
  'otherAgent',
  'admin',
  'fraud',
] as const;
export type Actor = (typeof ACTORS)[number];

/**
 * The objects every cell is tried against. `user` owns the buyer-side objects (offers, review,
 * wishlist item, payments, profile); `agent` owns every listing.
 */
export interface World {
  /**
   * Besides the actors: `spare`, and `unconfirmed`, a buyer whose e-mail address nobody
   * confirmed (it browses, but does nothing that reaches other people or brings mail).
   */
  accounts: Record<Exclude<Actor, 'anonymous'>, TestAccount> & {
    spare: TestAccount;
    unconfirmed: TestAccount;
  };
  /**
   * Approved and Available: the user's pending offer, wishlist item, review and open report are
   * on it.
   */
  openListing: string;
  /** Approved, Pending: the user's accepted offer, with an open demo checkout. */
  reservedListing: string;
  /** Approved and Sold to the user. */
  soldListing: string;
  /** Waiting for admin approval. */
  unapprovedListing: string;
  /**
   * Listings the user's accepted offer (with an open demo checkout) stands on, after trust was
   * lost: rejected, then edited by the agent and waiting for review again; rejected by an admin;
   * listed by an agent (not an actor) an admin has since marked as fraud.
   */
  reviewListing: string;
  rejectedListing: string;
  frozenListing: string;
  /** The agent of the frozen listing, marked as fraud. */
  fraudAgentId: string;
  reviewSessionId: string;
  rejectedSessionId: string;
  frozenSessionId: string;
  /** Money that arrived for the rejected listing, waiting for an admin's refund. */
  refundPaymentId: string;
  reviewId: string;
  /** The user's question about the open listing, to the agent, and that message. */
  conversationId: string;
  messageId: string;
  /** The user's news that their offer was accepted: theirs alone to read and mark. */
  notificationId: string;
  openSessionId: string;
  paidSessionId: string;
  transactionId: string;
  /** The user's saved search (of Austin homes). */
  savedSearchId: string;
  /** An open house of the open listing, three days ahead, and one of the listing waiting for approval. */
  openHouseId: string;
  unapprovedOpenHouseId: string;
  /**
   * The user's tours with the agent, one in each state: pending on the open listing, confirmed on
   * the reserved one, rescheduled on the one waiting for review; the three closed ones on the open
   * listing. The listings take tours every day from 8 to 8 in Chicago; `freeTourSlot` and
   * `spareTourSlot` are free slots of theirs.
   */
  tourIds: Record<
    'pending' | 'confirmed' | 'rescheduled' | 'declined' | 'cancelled' | 'completed',
    string
  >;
  freeTourSlot: string;
  spareTourSlot: string;
  /** The shared wishlist `spare` started and the user joined (see shared-wishlist-world.ts). */
  sharedWishlist: SharedWishlistWorld;
  /** A stored image file, as an upload leaves it. */
  imageKey: string;
  /** Password hashes: they must never leave the server, whoever asks. */
  passwordHashes: string[];
}

/** A type and features both the add and the edit form offer, so the agent can edit it. */
const EDITABLE = { propertyType: 'Villa', features: ['Garden'] };

let addressCounter = 0;
/** A fresh client address per request, so per-address limits never trip by accident. */
export function freshAddress() {
  addressCounter += 1;
  return `10.200.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

export function headersFor(world: World, actor: Actor): Record<string, string> {
  return actor === 'anonymous' ? {} : world.accounts[actor].bearer;
}

/** Sends a request as an actor, from a fresh address. */
export function callAs(
  app: FastifyInstance,
  world: World,
  actor: Actor,
  options: InjectOptions & { headers?: Record<string, string> },
) {
  return app.inject({
    ...options,
    headers: { ...headersFor(world, actor), ...(options.headers ?? {}) },
    remoteAddress: freshAddress(),
  });
}

export async function buildWorld(app: FastifyInstance): Promise<World> {
  const [user, otherUser, agent, otherAgent, admin, fraud, spare, unconfirmed] = [
    await createAccount(app, 'user', { name: 'Ursula Owner' }),
    await createAccount(app, 'user', { name: 'Oscar Other' }),
    await createAccount(app, 'agent', { name: 'Agatha Agent' }),
    await createAccount(app, 'agent', { name: 'Otto Otheragent' }),
    await createAccount(app, 'admin', { name: 'Ada Admin' }),
    await createAccount(app, 'fraud', { name: 'Fred Fraud' }),
    await createAccount(app, 'user', { name: 'Sam Spare' }),
    await createAccount(app, 'user', { name: 'Uma Unconfirmed' }, { verified: false }),
  ] as const;

  const openListing = await createListing(app, agent, { title: 'Open house' });
  const reservedListing = await createListing(app, agent, { title: 'Reserved house' });
  const soldListing = await createListing(app, agent, { title: 'Sold house' });
  const unapprovedListing = await createListing(app, agent, { title: 'Waiting house' }, 'pending');

  const must = async (label: string, response: Promise<{ statusCode: number; body: string }>) => {
    const r = await response;
    if (r.statusCode !== 200) throw new Error(`${label}: ${r.statusCode} ${r.body}`);
    return r;
  };
  await must('offer on open listing', offer(app, user, openListing));
  await must(
    'wishlist',
    app.inject({
      method: 'PATCH',
      url: `/properties/${openListing}/wishlist`,
      headers: user.bearer,
      payload: { wishlistStatus: 'true' },
    }),
  );
  const review = await must(
    'review',
    app.inject({
      method: 'POST',
      url: '/api/reviews',
      headers: user.bearer,
      payload: {
        reviewFor: 'property',
        propertyId: openListing,
        rating: 4,
        title: 'Nice',
        text: 'Lovely garden',
      },
    }),
  );
  await must('offer on reserved listing', offer(app, user, reservedListing));
  await must('accept reserved', accept(app, agent, reservedListing, user.email));
  const open = await openCheckout(app, user, reservedListing);

  await must('offer on sold listing', offer(app, user, soldListing));
  await must('accept sold', accept(app, agent, soldListing, user.email));
  const paid = await openCheckout(app, user, soldListing);
  await must('pay', payDemo(app, user, paid.sessionId));
  const [payment] = await app.db
    .select()
    .from(payments)
    .where(and(eq(payments.checkoutSessionId, paid.sessionId), eq(payments.status, 'paid')));
  if (!payment?.transactionId) throw new Error('the sale was not recorded');

  // A sale in progress on each listing, then trust is lost under it.
  const suspended = await createAccount(app, 'agent', { name: 'Sid Suspended' });
  const reviewListing = await createListing(app, agent, { title: 'Re-edited house', ...EDITABLE });
  const rejectedListing = await createListing(app, agent, { title: 'Rejected house' });
  const frozenListing = await createListing(app, suspended, { title: 'Frozen house' });
  const sessionsOf: string[] = [];
  for (const [listing, owner] of [
    [reviewListing, agent],
    [rejectedListing, agent],
    [frozenListing, suspended],
  ] as const) {
    // Straight in the database: the user's offers through the API are counted by the
    // per-account limit, and the matrix's own offer cases need what is left of it.
    await app.db.insert(offers).values({
      propertyId: listing,
      buyerId: user.id,
      amountCents: 26_000_000,
      buyingDate: daysFromNow(30),
    });
    await must('accept before trust is lost', accept(app, owner, listing, user.email));
    sessionsOf.push((await openCheckout(app, user, listing)).sessionId);
  }
  // An agent cannot send a listing back to review under an accepted offer: it gets there once an
  // admin has rejected it and its agent edits it to ask for review again.
  await must(
    'reject before the agent edits',
    app.inject({
      method: 'PATCH',
      url: `/api/properties/admin-approval/${reviewListing}/false`,
      headers: admin.bearer,
    }),
  );
  await must(
    'agent edit sends it back to review',
    app.inject({
      method: 'PATCH',
      url: `/api/properties/${reviewListing}`,
      headers: agent.bearer,
      payload: listingBody({
        ...EDITABLE,
        title: 'Re-edited house, new words',
        availability: 'Pending',
      }),
    }),
  );
  await must(
    'reject',
    app.inject({
      method: 'PATCH',
      url: `/api/properties/admin-approval/${rejectedListing}/false`,
      headers: admin.bearer,
    }),
  );
  await must(
    'mark the agent as fraud',
    app.inject({
      method: 'PATCH',
      url: `/api/user-role-update/${suspended.id}/fraud`,
      headers: admin.bearer,
    }),
  );
  const [rejectedOffer] = await app.db
    .select()
    .from(offers)
    .where(eq(offers.propertyId, rejectedListing));
  const [refund] = await app.db
    .insert(payments)
    .values({
      offerId: rejectedOffer?.id,
      buyerId: user.id,
      propertyId: rejectedListing,
      provider: 'demo',
      checkoutSessionId: 'demo_cs_arrived_after_rejection',
      status: 'refund_due',
      amountCents: rejectedOffer?.amountCents ?? 0,
      transactionId: 'demo_txn_arrived_after_rejection',
      refundReason: 'under-review',
      paidAt: new Date(),
    })
    .returning({ id: payments.id });

  const savedSearch = await app.inject({
    method: 'POST',
    url: '/api/saved-searches',
    headers: user.bearer,
    payload: { name: 'Austin homes', filters: { location: 'Austin' } },
  });
  if (savedSearch.statusCode !== 201) throw new Error(`saved search: ${savedSearch.body}`);

  // Every event so far tells its people (its jobs run now, as a worker would run them).
  await app.jobs.drain();
  const news = await app.inject({ method: 'GET', url: '/api/notifications', headers: user.bearer });
  const notificationId: string | undefined = news.json().items?.[0]?._id;
  if (!notificationId) throw new Error(`the user has no notification: ${news.body}`);

  const question = await app.inject({
    method: 'POST',
    url: `/api/properties/${openListing}/messages`,
    headers: user.bearer,
    payload: { body: 'Is the garden south-facing?' },
  });
  if (question.statusCode !== 201) throw new Error(`question: ${question.body}`);
  const [message] = await app.db.select().from(messages);

  // The user's open report of the open listing, for the admins' queue; straight in the database,
  // so the user's hourly allowance of reports is left whole for the matrix's own cases.
  await app.db.insert(listingReports).values({
    propertyId: openListing,
    propertyTitle: 'Open house',
    reporterId: user.id,
    reason: 'wrong_information',
    note: 'The garden is smaller than the photos show',
  });

  const openHouseAt = (propertyId: string) => {
    const startsAt = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000);
    return {
      propertyId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 2 * 60 * 60 * 1000),
      timeZone: 'America/Chicago',
      localDate: startsAt.toISOString().slice(0, 10),
    };
  };
  const [openHouse, unapprovedOpenHouse] = await app.db
    .insert(openHouses)
    .values([openHouseAt(openListing), openHouseAt(unapprovedListing)])
    .returning({ id: openHouses.id });

  const tourWorld = await toursOf(app, user, agent, {
    openListing,
    reservedListing,
    reviewListing,
  });

  const sharedWishlist = await sharedWishlistOf(
    app,
    { user, otherUser, spare, fraud },
    {
      openListing,
      reservedListing,
    },
  );

  const imageKey = `${'ab'.repeat(16)}-1600.webp`;
  await writeFile(path.join(app.config.uploadsDir, imageKey), Buffer.from('RIFF....WEBP'));

  const hashes = (await app.db.select({ password: accounts.password }).from(accounts))
    .map((row) => row.password)
    .filter((hash): hash is string => Boolean(hash));
  const [storedReview] = await app.db.select().from(reviews);
  return {
    accounts: { user, otherUser, agent, otherAgent, admin, fraud, spare, unconfirmed },
    openListing,
    reservedListing,
    soldListing,
    unapprovedListing,
    reviewListing,
    rejectedListing,
    frozenListing,
    fraudAgentId: suspended.id,
    reviewSessionId: sessionsOf[0] as string,
    rejectedSessionId: sessionsOf[1] as string,
    frozenSessionId: sessionsOf[2] as string,
    refundPaymentId: refund?.id as string,
    reviewId: storedReview?.id ?? (JSON.parse(review.body).insertedId as string),
    conversationId: question.json().conversationId,
    messageId: message?.id as string,
    notificationId,
    openSessionId: open.sessionId,
    paidSessionId: paid.sessionId,
    transactionId: payment.transactionId,
    savedSearchId: savedSearch.json()._id,
    openHouseId: openHouse?.id as string,
    unapprovedOpenHouseId: unapprovedOpenHouse?.id as string,
    ...tourWorld,
    sharedWishlist,
    imageKey,
    passwordHashes: hashes,
  };
}

/** Tours of the user's with the agent, in every state, on listings open for tours. */
async function toursOf(
  app: FastifyInstance,
  user: TestAccount,
  agent: TestAccount,
  listings: { openListing: string; reservedListing: string; reviewListing: string },
) {
  const zone = 'America/Chicago';
  const today = localDateOf(new Date(), zone);
  /** 10 am in Chicago, `days` days from today. */
  const at = (days: number, time = '10:00') => instantOf(addDays(today, days), time, zone) as Date;
  const hourLater = (instant: Date) => new Date(instant.getTime() + 3_600_000);
  await app.db.insert(tourAvailability).values(
    Object.values(listings).map((propertyId) => ({
      propertyId,
      timeZone: zone,
      slotMinutes: 60,
      weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '08:00', end: '20:00' })),
    })),
  );
  const tour = (
    propertyId: string,
    status: (typeof tours.$inferInsert)['status'],
    startsAt: Date,
    extra: Partial<typeof tours.$inferInsert> = {},
  ) => ({
    propertyId,
    agentId: agent.id,
    buyerId: user.id,
    propertyTitle: 'Open house',
    propertyLocation: 'Austin, Texas',
    kind: 'in-person' as const,
    status,
    startsAt,
    endsAt: hourLater(startsAt),
    timeZone: zone,
    ...extra,
  });
  const rows = await app.db
    .insert(tours)
    .values([
      tour(listings.openListing, 'pending', at(2)),
      tour(listings.reservedListing, 'confirmed', at(3), { sequence: 1 }),
      tour(listings.reviewListing, 'rescheduled', at(4), {
        proposedStartsAt: at(5),
        proposedEndsAt: hourLater(at(5)),
        sequence: 1,
      }),
      tour(listings.openListing, 'declined', at(2, '11:00'), { sequence: 1 }),
      tour(listings.openListing, 'cancelled', at(2, '12:00'), {
        sequence: 1,
        cancelledBy: 'buyer',
        cancelReason: 'Plans changed',
      }),
      tour(listings.openListing, 'completed', at(2, '13:00'), { sequence: 2 }),
    ])
    .returning({ id: tours.id, status: tours.status });
  const idOf = (status: string) => rows.find((row) => row.status === status)?.id as string;
  return {
    tourIds: {
      pending: idOf('pending'),
      confirmed: idOf('confirmed'),
      rescheduled: idOf('rescheduled'),
      declined: idOf('declined'),
      cancelled: idOf('cancelled'),
      completed: idOf('completed'),
    },
    freeTourSlot: at(6).toISOString(),
    spareTourSlot: at(7, '15:00').toISOString(),
  };
}

/**
 * What an actor must never read: other people's private data. Agents' names and e-mails are
 * public (a listing's page shows them so buyers can reach its agent), and a reviewer's name is
 * public on reviews; account ids
 * (a reviewer's too), e-mails, phones, payment references, tokens and password hashes are not.
 * `agent` legitimately sees the buyer of its own listings; `admin` sees everyone.
 */
export function secretsHiddenFrom(
  world: World,
  actor: Actor,
): Array<{ what: string; value: string }> {
  const { user, otherUser, admin, fraud } = world.accounts;
  const secrets: Array<{ what: string; value: string; readers: Actor[] }> = [
    { what: "the user's e-mail", value: user.email, readers: ['user', 'agent', 'admin'] },
    { what: "the user's id", value: user.id, readers: ['user', 'agent', 'admin'] },
    { what: "the other user's e-mail", value: otherUser.email, readers: ['otherUser', 'admin'] },
    { what: "the other user's id", value: otherUser.id, readers: ['otherUser', 'admin'] },
    { what: "the fraud user's e-mail", value: fraud.email, readers: ['fraud', 'admin'] },
    { what: "the fraud user's id", value: fraud.id, readers: ['fraud', 'admin'] },
    { what: "the admin's e-mail", value: admin.email, readers: ['admin'] },
    { what: "the admin's id", value: admin.id, readers: ['admin'] },
    { what: "the user's open checkout", value: world.openSessionId, readers: ['user'] },
    { what: "the user's paid checkout", value: world.paidSessionId, readers: ['user'] },
    {
      what: "the sale's transaction id",
      value: world.transactionId,
      readers: ['user', 'agent', 'admin'],
    },
  ];
  for (const [name, account] of Object.entries(world.accounts)) {
    secrets.push({
      what: `${name}'s session token`,
      value: account.token,
      readers: [name as Actor],
    });
  }
  // Written privately by someone who is not an actor: nobody else may ever read it.
  secrets.push({
    what: "a co-buyer's private note",
    value: world.sharedWishlist.privateNote,
    readers: [],
  });
  for (const hash of world.passwordHashes) {
    secrets.push({ what: 'a password hash', value: hash, readers: [] });
  }
  return secrets.filter((secret) => !secret.readers.includes(actor));
}

/** The secrets present in a response body. */
export function leakedSecrets(body: string, world: World, actor: Actor): string[] {
  return secretsHiddenFrom(world, actor)
    .filter((secret) => body.includes(secret.value))
    .map((secret) => secret.what);
}
