import { ADMIN_EDIT_MESSAGES } from '@keyhaven/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../../test/helpers/accounts.js';
import { createListing, listingBody } from '../../../test/helpers/listings.js';
import { messagesTo, useMailingTestApp } from '../../../test/helpers/smtp-server.js';
import { auditLog, notifications, properties } from '../../db/schema.js';

/*
 * An admin's edit of an agent's listing goes live at once (admins are the reviewers), so it is
 * written in the audit trail with what it changed, and the listing's agent is told, in the app
 * and by e-mail.
 */

const { ctx, mail } = useMailingTestApp({ PUBLIC_URL: 'https://keyhaven.test' });

const edit = (who: TestAccount, id: string, overrides: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/api/properties/${id}`,
    headers: who.bearer,
    payload: { ...listingBody(overrides), availability: 'Available' },
  });

const entriesFor = (id: string) =>
  ctx.app.db.select().from(auditLog).where(eq(auditLog.targetId, id));
/** The notices of admins' edits an account received. */
const noticesOf = (userId: string) =>
  ctx.app.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'listing_edited')));

describe("an admin's edit of an agent's listing", () => {
  it('goes live, is audited with what it changed, and its agent is told in the app and by e-mail', async () => {
    const agent = await createAccount(ctx.app, 'agent', { name: 'Agatha Agent' });
    const admin = await createAccount(ctx.app, 'admin');
    const id = await createListing(ctx.app, agent);

    const saved = await edit(admin, id, { title: 'Sunny home by the park', maxPrice: 295_000 });
    expect(saved.statusCode).toBe(200);

    // Live at once: still approved, and buyers read the admin's version.
    const [stored] = await ctx.app.db.select().from(properties).where(eq(properties.id, id));
    expect(stored?.approval).toBe('approved');
    expect(stored?.published?.title).toBe('Sunny home by the park');

    const [entry, ...others] = await entriesFor(id);
    expect(others).toEqual([]);
    expect(entry).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      action: 'property.edited',
      targetType: 'property',
      targetId: id,
      details: { title: 'Sunny home by the park', agentId: agent.id },
      before: { title: 'Sunny family home', maxPriceCents: 28_000_000 },
      after: { title: 'Sunny home by the park', maxPriceCents: 29_500_000 },
    });

    await ctx.app.jobs.drain();
    const notices = await noticesOf(agent.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      kind: 'listing_edited',
      title: ADMIN_EDIT_MESSAGES.noticeTitle('Sunny home by the park'),
      body: ADMIN_EDIT_MESSAGES.noticeBody,
      link: '/dashboard/my-properties',
    });
    await mail.smtp.waitFor(1);
    const mails = messagesTo(mail.smtp, agent.email);
    // The subject is in our words; the listing's title is in the message.
    expect(mails.map((mail) => mail.subject)).toEqual(['An admin edited your listing']);
    // The mail's text part writes its heading in capitals.
    expect(String(mails[0]?.text).toLowerCase()).toContain(
      ADMIN_EDIT_MESSAGES.noticeTitle('Sunny home by the park').toLowerCase(),
    );
    expect(String(mails[0]?.text)).toContain(ADMIN_EDIT_MESSAGES.noticeBody);
  });

  it('each edit is its own entry and notice; a save that changes nothing leaves neither', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const admin = await createAccount(ctx.app, 'admin');
    const id = await createListing(ctx.app, agent);
    expect((await edit(admin, id, {})).statusCode).toBe(200);
    expect((await edit(admin, id, { bedrooms: 4 })).statusCode).toBe(200);
    expect((await edit(admin, id, { bedrooms: 5 })).statusCode).toBe(200);
    const entries = await entriesFor(id);
    expect(entries.map((entry) => [entry.before, entry.after])).toEqual([
      [{ bedrooms: 3 }, { bedrooms: 4 }],
      [{ bedrooms: 4 }, { bedrooms: 5 }],
    ]);
    await ctx.app.jobs.drain();
    expect(await noticesOf(agent.id)).toHaveLength(2);
  });

  it("leaves no entry and no notice for an agent's own edit, nor an admin's edit of their own listing", async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const admin = await createAccount(ctx.app, 'agent');
    const agentsListing = await createListing(ctx.app, agent);
    const adminsListing = await createListing(ctx.app, admin);
    // An agent who became an admin keeps the listings they made.
    const promoted = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/user-role-update/${admin.id}/admin`,
      headers: (await createAccount(ctx.app, 'admin')).bearer,
    });
    expect(promoted.statusCode).toBe(200);
    expect((await edit(agent, agentsListing, { bedrooms: 4 })).statusCode).toBe(200);
    expect((await edit(admin, adminsListing, { bedrooms: 4 })).statusCode).toBe(200);
    expect(await entriesFor(agentsListing)).toEqual([]);
    expect(await entriesFor(adminsListing)).toEqual([]);
    await ctx.app.jobs.drain();
    expect(await noticesOf(agent.id)).toEqual([]);
    expect(await noticesOf(admin.id)).toEqual([]);
  });
});
