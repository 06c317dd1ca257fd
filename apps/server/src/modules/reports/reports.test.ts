import { REPORT_MESSAGES, REPORT_OUTCOME_MESSAGES, REPORT_REASONS } from '@keyhaven/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../../test/helpers/accounts.js';
import { createListing, listingBody } from '../../../test/helpers/listings.js';
import { accept, offer } from '../../../test/helpers/offers.js';
import { useTestApp } from '../../../test/helpers/test-app.js';
import { auditLog, listingReports, notifications, properties, users } from '../../db/schema.js';

const ctx = useTestApp();

const report = (
  who: TestAccount,
  propertyId: string,
  body: Record<string, unknown> = { reason: 'suspected_fraud', note: 'Asks for a deposit by wire' },
) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/properties/${propertyId}/reports`,
    headers: who.bearer,
    payload: body,
  });

async function reported(who: TestAccount, propertyId: string, reason = 'suspected_fraud') {
  const response = await report(who, propertyId, { reason });
  expect(response.statusCode, response.body).toBe(201);
  expect(response.json()).toEqual({ message: REPORT_MESSAGES.reported });
}

const decide = (admin: TestAccount, propertyId: string, decision: string, note?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/admin/reports/${propertyId}/decision`,
    headers: admin.bearer,
    payload: note === undefined ? { decision } : { decision, note },
  });

async function queue(admin: TestAccount, query = '') {
  const response = await ctx.app.inject({
    url: `/api/admin/reports${query}`,
    headers: admin.bearer,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const listingOf = async (id: string) =>
  (await ctx.app.db.select().from(properties).where(eq(properties.id, id)))[0];

const reportsOf = (id: string) =>
  ctx.app.db.select().from(listingReports).where(eq(listingReports.propertyTitle, id));

/** Ids of the listings a public search and the signed-in catalogue show. */
async function searchIds(viewer: TestAccount) {
  const open = await ctx.app.inject({ url: '/properties/search?limit=50' });
  const catalogue = await ctx.app.inject({
    url: '/api/all-properties?limit=50',
    headers: viewer.bearer,
  });
  expect(open.statusCode).toBe(200);
  expect(catalogue.statusCode).toBe(200);
  return {
    open: open.json().map((p: { _id: string }) => p._id) as string[],
    catalogue: catalogue.json().map((p: { _id: string }) => p._id) as string[],
  };
}

/** Buyers whose reports count toward hiding a listing: confirmed, and not new. */
const ESTABLISHED = { verified: true, joinedDaysAgo: 30 };

/** An agent's approved listing and three established buyers, with an admin to decide. */
async function scene() {
  const agent = await createAccount(ctx.app, 'agent', { name: 'Al Agent' });
  const admin = await createAccount(ctx.app, 'admin', { name: 'Ada Admin' });
  const buyers = [
    await createAccount(ctx.app, 'user', { name: 'Bea Buyer' }, ESTABLISHED),
    await createAccount(ctx.app, 'user', { name: 'Cal Buyer' }, ESTABLISHED),
    await createAccount(ctx.app, 'user', { name: 'Dee Buyer' }, ESTABLISHED),
  ] as const;
  const listing = await createListing(ctx.app, agent, { title: 'Lake house' });
  return { agent, admin, buyers, listing };
}

/** The scene with the listing held back by three reports. */
async function heldScene() {
  const world = await scene();
  for (const buyer of world.buyers) await reported(buyer, world.listing);
  expect((await listingOf(world.listing))?.heldByReports).toBe(true);
  return world;
}

describe('reporting a listing', () => {
  it('keeps one open report per person and listing, and tells the reporter theirs', async () => {
    const { buyers, listing, admin } = await scene();
    const [bea] = buyers;
    const none = await ctx.app.inject({
      url: `/api/properties/${listing}/my-report`,
      headers: bea.bearer,
    });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ report: null });

    expect(
      (await report(bea, listing, { reason: 'wrong_information', note: ' 3 beds, not 4 ' }))
        .statusCode,
    ).toBe(201);
    const again = await report(bea, listing, { reason: 'other' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(REPORT_MESSAGES.alreadyReported);

    const mine = await ctx.app.inject({
      url: `/api/properties/${listing}/my-report`,
      headers: bea.bearer,
    });
    expect(mine.json()).toEqual({
      report: {
        _id: expect.any(String),
        reason: 'wrong_information',
        note: '3 beds, not 4',
        createdAt: expect.any(String),
      },
    });
    // Someone else's report is theirs alone.
    const other = await ctx.app.inject({
      url: `/api/properties/${listing}/my-report`,
      headers: buyers[1].bearer,
    });
    expect(other.json()).toEqual({ report: null });

    // After a decision the person may report the listing again.
    expect((await decide(admin, listing, 'dismiss')).statusCode).toBe(200);
    expect(
      (
        await ctx.app.inject({ url: `/api/properties/${listing}/my-report`, headers: bea.bearer })
      ).json(),
    ).toEqual({ report: null });
    await reported(bea, listing);
    expect(await reportsOf('Lake house')).toHaveLength(2);
  });

  it('lets two reports sent at once by one person keep only one', async () => {
    const { buyers, listing } = await scene();
    const answers = await Promise.all([
      report(buyers[0], listing),
      report(buyers[0], listing),
      report(buyers[0], listing),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await reportsOf('Lake house')).toHaveLength(1);
  });

  it('refuses the agent their own listing, fraud accounts, unknown and hidden listings, and bad forms', async () => {
    const { agent, buyers, listing } = await scene();
    const own = await report(agent, listing);
    expect(own.statusCode).toBe(409);
    expect(own.json().error).toBe(REPORT_MESSAGES.ownListing);

    const fraud = await createAccount(ctx.app, 'fraud');
    expect((await report(fraud, listing)).statusCode).toBe(403);

    const pending = await createListing(ctx.app, agent, { title: 'Waiting' }, 'pending');
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const id of [pending, unknown]) {
      const response = await report(buyers[0], id);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe(REPORT_MESSAGES.notFound);
    }
    const suspended = await createAccount(ctx.app, 'agent');
    const frozen = await createListing(ctx.app, suspended, { title: 'Frozen' });
    await ctx.app.db.update(users).set({ role: 'fraud' }).where(eq(users.id, suspended.id));
    expect((await report(buyers[0], frozen)).statusCode).toBe(404);

    const noReason = await report(buyers[0], listing, { note: 'hm' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields.reason).toBe(REPORT_MESSAGES.reasonRequired);
    const long = await report(buyers[0], listing, { reason: 'other', note: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields.note).toBe(REPORT_MESSAGES.noteTooLong);
    expect(await ctx.app.db.select().from(listingReports)).toEqual([]);
  });

  it('keeps the listing in search at two reporters and hides it at the third', async () => {
    const { buyers, listing } = await scene();
    const viewer = await createAccount(ctx.app);
    // The searches are cached: they are read before the reports, as a busy site would.
    expect((await searchIds(viewer)).open).toContain(listing);
    await reported(buyers[0], listing);
    await reported(buyers[1], listing, 'already_sold');
    expect(await searchIds(viewer)).toEqual({ open: [listing], catalogue: [listing] });
    expect((await listingOf(listing))?.approval).toBe('approved');

    await reported(buyers[2], listing, 'offensive_content');
    expect(await searchIds(viewer)).toEqual({ open: [], catalogue: [] });
    const row = await listingOf(listing);
    expect(row).toMatchObject({ approval: 'pending', heldByReports: true });
    const details = await ctx.app.inject({
      url: `/api/properties/${listing}`,
      headers: viewer.bearer,
    });
    expect(details.statusCode).toBe(404);
    // Nobody else can report what they cannot see.
    expect((await report(viewer, listing)).statusCode).toBe(404);
    const stored = await ctx.app.db.select().from(listingReports);
    expect(stored.map((r) => r.propertyTitle)).toEqual(['Lake house', 'Lake house', 'Lake house']);
  });
});

describe('the admins’ queue', () => {
  it('groups open reports by listing, the most reported first, then the longest waiting', async () => {
    const { agent, admin, buyers, listing } = await scene();
    const quiet = await createListing(ctx.app, agent, { title: 'Quiet flat' });
    const busy = await createListing(ctx.app, agent, { title: 'Busy flat' });
    await reported(buyers[0], quiet, 'other');
    await reported(buyers[0], listing, 'wrong_information');
    await reported(buyers[0], busy);
    await reported(buyers[1], busy, 'already_sold');

    const answer = await queue(admin);
    expect(answer.total).toBe(3);
    expect(answer.items.map((item: { property: { _id: string } }) => item.property._id)).toEqual([
      busy,
      quiet,
      listing,
    ]);
    const [first] = answer.items;
    expect(first).toMatchObject({
      property: {
        _id: busy,
        title: 'Busy flat',
        approval: 'true',
        hidden: false,
        agent: { _id: agent.id, name: 'Al Agent', email: agent.email, role: 'agent' },
      },
      openReports: 2,
      reasons: {
        ...Object.fromEntries(REPORT_REASONS.map((reason) => [reason, 0])),
        suspected_fraud: 1,
        already_sold: 1,
      },
    });
    expect(Object.keys(first.reasons).sort()).toEqual([...REPORT_REASONS].sort());
    expect(first.reports).toEqual([
      expect.objectContaining({
        reason: 'suspected_fraud',
        note: '',
        reporter: { _id: buyers[0].id, name: 'Bea Buyer', email: buyers[0].email },
      }),
      expect.objectContaining({
        reason: 'already_sold',
        note: '',
        reporter: { _id: buyers[1].id, name: 'Cal Buyer', email: buyers[1].email },
      }),
    ]);
    expect(first.firstReportedAt).toBe(first.reports[0].createdAt);

    const second = await queue(admin, '?page=2&limit=2');
    expect(second.total).toBe(3);
    expect(second.items.map((item: { property: { _id: string } }) => item.property._id)).toEqual([
      listing,
    ]);
    // Decided reports leave the queue.
    expect((await decide(admin, busy, 'dismiss')).statusCode).toBe(200);
    expect((await queue(admin)).total).toBe(2);
  });

  it('shows a held listing as hidden and pending', async () => {
    const { admin, listing } = await heldScene();
    const [item] = (await queue(admin)).items;
    expect(item.property).toMatchObject({ _id: listing, approval: 'pending', hidden: true });
    expect(item.openReports).toBe(3);
  });
});

/** The audit entries of report decisions on a listing. */
const decisionsAudited = (propertyId: string) =>
  ctx.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'report.decided'), eq(auditLog.targetId, propertyId)));

async function outcomesTold(reporters: readonly TestAccount[]) {
  await ctx.app.jobs.drain();
  await ctx.app.jobs.drain();
  const told = await ctx.app.db
    .select()
    .from(notifications)
    .where(eq(notifications.kind, 'report_outcome'));
  expect(told.map((n) => n.userId).sort()).toEqual(reporters.map((r) => r.id).sort());
  return told;
}

describe('deciding on a listing’s reports', () => {
  it('dismissing returns a held listing to search and tells every reporter', async () => {
    const { admin, buyers, listing } = await heldScene();
    const viewer = await createAccount(ctx.app);
    expect((await searchIds(viewer)).open).toEqual([]);

    const response = await decide(admin, listing, 'dismiss');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: REPORT_MESSAGES.dismissed });
    expect(await listingOf(listing)).toMatchObject({ approval: 'approved', heldByReports: false });
    expect(await searchIds(viewer)).toEqual({ open: [listing], catalogue: [listing] });
    const closed = await reportsOf('Lake house');
    expect(closed.map((r) => [r.status, r.decidedBy])).toEqual([
      ['dismissed', admin.id],
      ['dismissed', admin.id],
      ['dismissed', admin.id],
    ]);
    expect(closed.every((r) => r.decidedAt instanceof Date)).toBe(true);

    const [entry] = await decisionsAudited(listing);
    expect(entry).toMatchObject({
      actorId: admin.id,
      targetType: 'property',
      details: expect.objectContaining({ decision: 'dismiss', note: '', reports: 3 }),
      before: { approval: 'pending', heldByReports: true, correctionNote: null },
      after: { approval: 'approved', heldByReports: false, correctionNote: null },
    });
    const told = await outcomesTold(buyers);
    expect(told[0]).toMatchObject({
      body: REPORT_OUTCOME_MESSAGES.dismiss,
      link: `/propertyDetails/${listing}`,
    });

    const none = await decide(admin, listing, 'dismiss');
    expect(none.statusCode).toBe(409);
    expect(none.json().error).toBe(REPORT_MESSAGES.noOpenReports);
  });

  it('dismissing leaves an approved listing that was never held as it was', async () => {
    const { admin, buyers, listing } = await scene();
    await reported(buyers[0], listing);
    expect((await decide(admin, listing, 'dismiss')).statusCode).toBe(200);
    expect(await listingOf(listing)).toMatchObject({ approval: 'approved', heldByReports: false });
    const [entry] = await decisionsAudited(listing);
    expect(entry?.before).toEqual(entry?.after);
  });

  it('asking for a correction shows the agent the note until they save an edit', async () => {
    const { admin, agent, buyers, listing } = await heldScene();
    const refused = await decide(admin, listing, 'request_correction', '  ');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.note).toBe(REPORT_MESSAGES.correctionNoteRequired);

    const note = 'The photos show another house.';
    const response = await decide(admin, listing, 'request_correction', note);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(REPORT_MESSAGES.correctionRequested);
    expect(await listingOf(listing)).toMatchObject({
      approval: 'pending',
      heldByReports: false,
      correctionNote: note,
    });
    expect((await reportsOf('Lake house')).map((r) => r.status)).toEqual([
      'correction_requested',
      'correction_requested',
      'correction_requested',
    ]);

    const own = await ctx.app.inject({ url: `/api/properties/${listing}`, headers: agent.bearer });
    expect(own.json()).toMatchObject({ adminApproval: 'pending', correctionNote: note });
    const list = await ctx.app.inject({
      url: '/api/properties?agentUID=self',
      headers: agent.bearer,
    });
    expect(list.json()[0]).toMatchObject({ _id: listing, correctionNote: note });
    const asAdmin = await ctx.app.inject({
      url: `/api/properties/${listing}`,
      headers: admin.bearer,
    });
    expect(asAdmin.json().correctionNote).toBe(note);
    // A buyer sees nothing of it (the listing waits for review).
    expect(
      (await ctx.app.inject({ url: `/api/properties/${listing}`, headers: buyers[0].bearer }))
        .statusCode,
    ).toBe(404);

    const [entry] = await decisionsAudited(listing);
    expect(entry).toMatchObject({
      details: expect.objectContaining({ decision: 'request_correction', note, reports: 3 }),
      before: { approval: 'pending', heldByReports: true, correctionNote: null },
      after: { approval: 'pending', heldByReports: false, correctionNote: note },
    });
    await outcomesTold(buyers);
    const [toAgent] = await ctx.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, agent.id));
    expect(toAgent).toMatchObject({
      kind: 'correction_requested',
      link: `/EditPropertyDetails/${listing}`,
    });
    expect(toAgent?.body).toContain(note);

    const edit = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/properties/${listing}`,
      headers: agent.bearer,
      payload: listingBody({ title: 'Lake house, other photos', availability: 'Available' }),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await listingOf(listing)).toMatchObject({ approval: 'pending', correctionNote: null });
    const after = await ctx.app.inject({
      url: `/api/properties/${listing}`,
      headers: agent.bearer,
    });
    expect(after.json().correctionNote).toBeNull();
  });

  it('approving a held listing ends its hold and any correction asked for', async () => {
    const { admin, listing } = await heldScene();
    const approved = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/properties/admin-approval/${listing}/true`,
      headers: admin.bearer,
    });
    expect(approved.statusCode).toBe(200);
    expect(await listingOf(listing)).toMatchObject({
      approval: 'approved',
      heldByReports: false,
      correctionNote: null,
    });
  });

  it('removing deletes the listing, keeps the reports with their title, and tells the reporters', async () => {
    const { admin, buyers, listing } = await heldScene();
    const response = await decide(admin, listing, 'remove_listing');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(REPORT_MESSAGES.listingRemoved);
    expect(await listingOf(listing)).toBeUndefined();
    const closed = await reportsOf('Lake house');
    expect(closed.map((r) => [r.status, r.propertyId])).toEqual([
      ['listing_removed', null],
      ['listing_removed', null],
      ['listing_removed', null],
    ]);
    const [entry] = await decisionsAudited(listing);
    expect(entry).toMatchObject({
      details: expect.objectContaining({ decision: 'remove_listing', reports: 3 }),
      before: { approval: 'pending', heldByReports: true, correctionNote: null },
      after: null,
    });
    expect(
      await ctx.app.db.select().from(auditLog).where(eq(auditLog.action, 'property.deleted')),
    ).toHaveLength(1);
    const told = await outcomesTold(buyers);
    expect(told[0]?.body).toBe(REPORT_OUTCOME_MESSAGES.remove_listing);
    expect(told[0]?.title).toContain('Lake house');
  });

  it('refuses to remove a listing with an accepted offer and changes nothing', async () => {
    const { admin, agent, buyers, listing } = await scene();
    await reported(buyers[0], listing);
    expect((await offer(ctx.app, buyers[1], listing)).statusCode).toBe(200);
    expect((await accept(ctx.app, agent, listing, buyers[1].email)).statusCode).toBe(200);
    const response = await decide(admin, listing, 'remove_listing');
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatch(/accepted or paid offer/);
    expect(await listingOf(listing)).toBeDefined();
    expect((await reportsOf('Lake house')).map((r) => r.status)).toEqual(['open']);
    expect(await decisionsAudited(listing)).toEqual([]);
  });

  it('marking the agent as fraud changes their role through the users service', async () => {
    const { admin, agent, buyers, listing } = await scene();
    // Their other listing leaves search too.
    await createListing(ctx.app, agent, { title: 'Other house' });
    await reported(buyers[0], listing);
    await reported(buyers[1], listing);
    const response = await decide(admin, listing, 'mark_agent_fraud');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(REPORT_MESSAGES.agentMarkedFraud);
    const [account] = await ctx.app.db.select().from(users).where(eq(users.id, agent.id));
    expect(account?.role).toBe('fraud');
    // A fraud agent's listings leave search, as they do after any role change to fraud.
    const viewer = await createAccount(ctx.app);
    expect(await searchIds(viewer)).toEqual({ open: [], catalogue: [] });
    const [entry] = await decisionsAudited(listing);
    expect(entry).toMatchObject({
      details: expect.objectContaining({ decision: 'mark_agent_fraud', reports: 2 }),
      before: { role: 'agent' },
      after: { role: 'fraud' },
    });
    expect(
      await ctx.app.db.select().from(auditLog).where(eq(auditLog.action, 'user.role_changed')),
    ).toHaveLength(1);
    const told = await outcomesTold([buyers[0], buyers[1]]);
    expect(told[0]?.body).toBe(REPORT_OUTCOME_MESSAGES.mark_agent_fraud);
    const [roleNews] = await ctx.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, agent.id));
    expect(roleNews?.kind).toBe('role_changed');
  });

  it('refuses to mark an agent already fraud or an admin, and changes nothing', async () => {
    const { admin, agent, buyers, listing } = await scene();
    await reported(buyers[0], listing);
    await ctx.app.db.update(users).set({ role: 'admin' }).where(eq(users.id, agent.id));
    const asAdmin = await decide(admin, listing, 'mark_agent_fraud');
    expect(asAdmin.statusCode).toBe(409);
    expect(asAdmin.json().error).toBe("An admin's account cannot be marked as fraud.");
    await ctx.app.db.update(users).set({ role: 'fraud' }).where(eq(users.id, agent.id));
    const already = await decide(admin, listing, 'mark_agent_fraud');
    expect(already.statusCode).toBe(409);
    expect(already.json().error).toBe('This agent is already marked as fraud.');
    expect((await reportsOf('Lake house')).map((r) => r.status)).toEqual(['open']);
    expect(await decisionsAudited(listing)).toEqual([]);
  });

  it('answers 404 for an unknown listing and 409 for one without open reports', async () => {
    const { admin, listing } = await scene();
    const unknown = await decide(admin, '00000000-0000-4000-8000-000000000000', 'dismiss');
    expect(unknown.statusCode).toBe(404);
    const none = await decide(admin, listing, 'remove_listing');
    expect(none.statusCode).toBe(409);
    expect(none.json().error).toBe(REPORT_MESSAGES.noOpenReports);
    expect(await listingOf(listing)).toBeDefined();
  });
});

describe('the hourly allowance of reports', () => {
  const limited = useTestApp({}, { accountLimits: { report: 2 } });

  it('refuses the third report in an hour with the reason and Retry-After', async () => {
    const buyer = await createAccount(limited.app);
    const agent = await createAccount(limited.app, 'agent');
    const listings = [
      await createListing(limited.app, agent, { title: 'One' }),
      await createListing(limited.app, agent, { title: 'Two' }),
      await createListing(limited.app, agent, { title: 'Three' }),
    ];
    const send = (id: string) =>
      limited.app.inject({
        method: 'POST',
        url: `/api/properties/${id}/reports`,
        headers: buyer.bearer,
        payload: { reason: 'other' },
      });
    expect((await send(listings[0] as string)).statusCode).toBe(201);
    expect((await send(listings[1] as string)).statusCode).toBe(201);
    const third = await send(listings[2] as string);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ error: REPORT_MESSAGES.tooMany, code: 'RATE_LIMITED' });
    expect(third.headers['retry-after']).toBeDefined();
    expect(await limited.app.db.select().from(listingReports)).toHaveLength(2);
    // Another account's allowance is its own.
    const other = await createAccount(limited.app);
    expect(
      (
        await limited.app.inject({
          method: 'POST',
          url: `/api/properties/${listings[2]}/reports`,
          headers: other.bearer,
          payload: { reason: 'other' },
        })
      ).statusCode,
    ).toBe(201);
  });
});

describe('a reported listing that goes another way', () => {
  it('closes its open reports when its agent deletes it, and tells the reporters', async () => {
    const { agent, buyers, listing } = await scene();
    const [bea, cal] = buyers;
    await reported(bea, listing);
    await reported(cal, listing, 'already_sold');

    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/properties/${listing}`,
      headers: agent.bearer,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);

    const closed = await ctx.app.db
      .select()
      .from(listingReports)
      .where(eq(listingReports.propertyTitle, 'Lake house'));
    expect(closed.map((row) => [row.status, row.propertyId, row.decidedBy])).toEqual([
      ['listing_removed', null, agent.id],
      ['listing_removed', null, agent.id],
    ]);
    const told = await outcomesTold([bea, cal]);
    expect(told.every((n) => n.body === REPORT_OUTCOME_MESSAGES.remove_listing)).toBe(true);
  });

  it('closes the open reports of its listings when an admin deletes the agent’s account', async () => {
    const { agent, admin, buyers, listing } = await scene();
    await reported(buyers[0], listing);

    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/${agent.id}`,
      headers: admin.bearer,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);

    const [closed] = await ctx.app.db
      .select()
      .from(listingReports)
      .where(eq(listingReports.reporterId, buyers[0].id));
    expect(closed?.status).toBe('listing_removed');
    expect((await queue(admin)).total).toBe(0);
  });
});
