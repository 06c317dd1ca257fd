import { SHOPPING_TOGETHER_MESSAGES as M, SHOPPING_TOGETHER_LIMITS } from '@keyhaven/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../../test/helpers/accounts.js';
import { createListing } from '../../../test/helpers/listings.js';
import { offer } from '../../../test/helpers/offers.js';
import {
  addNote,
  answer,
  invitationMails,
  invitationToken,
  invite,
  react,
  save,
  sharedList,
  shareList,
} from '../../../test/helpers/shopping-together.js';
import { useTestApp } from '../../../test/helpers/test-app.js';
import {
  sharedHomeNotes,
  sharedWishlistInvitations,
  users,
  wishlistItems,
} from '../../db/schema.js';

const ctx = useTestApp();

async function scene() {
  const agent = await createAccount(ctx.app, 'agent');
  const [ana, ben, stranger] = [
    await createAccount(ctx.app, 'user', { name: 'Ana Starter' }),
    await createAccount(ctx.app, 'user', { name: 'Ben Joiner' }),
    await createAccount(ctx.app, 'user', { name: 'Sid Stranger' }),
  ];
  const cottage = await createListing(ctx.app, agent, { title: 'Cottage' });
  const loft = await createListing(ctx.app, agent, { title: 'Loft' });
  return { agent, ana, ben, stranger, cottage, loft };
}

const listOf = async (who: TestAccount) => {
  const response = await sharedList(ctx.app, who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().list;
};

const homeRoutes = (listingId: string, noteId: string) => [
  { method: 'DELETE' as const, url: `/api/shared-wishlist/homes/${listingId}` },
  {
    method: 'PUT' as const,
    url: `/api/shared-wishlist/homes/${listingId}/reaction`,
    payload: { reaction: 'up' },
  },
  { method: 'DELETE' as const, url: `/api/shared-wishlist/homes/${listingId}/reaction` },
  {
    method: 'POST' as const,
    url: `/api/shared-wishlist/homes/${listingId}/notes`,
    payload: { body: 'Nosy', visibility: 'shared' },
  },
  { method: 'DELETE' as const, url: `/api/shared-wishlist/notes/${noteId}` },
];

describe('shopping together', () => {
  it('shows both buyers every saved home with who saved it, and private notes to their author alone', async () => {
    const { ana, ben, cottage, loft } = await scene();
    await save(ctx.app, ana, cottage);
    await shareList(ctx.app, ctx.dataDir, ana, ben);
    await save(ctx.app, ben, loft);
    await save(ctx.app, ben, cottage);

    expect((await addNote(ctx.app, ana, cottage, 'Lovely garden', 'shared')).statusCode).toBe(201);
    expect((await addNote(ctx.app, ana, cottage, 'Too dear for Ben', 'private')).statusCode).toBe(
      201,
    );
    expect((await addNote(ctx.app, ben, loft, 'Near my work', 'shared')).statusCode).toBe(201);
    expect((await react(ctx.app, ben, cottage, 'down')).statusCode).toBe(200);
    expect((await react(ctx.app, ben, cottage, 'up')).statusCode).toBe(200);

    const seenByBen = await listOf(ben);
    expect(seenByBen.members.map((m: { name: string }) => m.name)).toEqual([
      'Ana Starter',
      'Ben Joiner',
    ]);
    const cottageForBen = seenByBen.homes.find(
      (h: { property: { _id: string } }) => h.property._id === cottage,
    );
    expect(cottageForBen.savedBy).toEqual([
      { name: 'Ben Joiner', you: true },
      { name: 'Ana Starter', you: false },
    ]);
    expect(cottageForBen.reactions).toEqual([{ name: 'Ben Joiner', you: true, reaction: 'up' }]);
    expect(cottageForBen.notes.map((n: { body: string }) => n.body)).toEqual(['Lovely garden']);
    // Nowhere in Ben's answer: Ana's private note, or anyone's account id or e-mail.
    const raw = (await sharedList(ctx.app, ben)).body;
    expect(raw).not.toContain('Too dear for Ben');
    expect(raw).not.toContain(ana.id);
    expect(raw).not.toContain(ana.email);

    const seenByAna = await listOf(ana);
    const cottageForAna = seenByAna.homes.find(
      (h: { property: { _id: string } }) => h.property._id === cottage,
    );
    expect(
      cottageForAna.notes.map((n: { body: string; visibility: string }) => [n.body, n.visibility]),
    ).toEqual([
      ['Lovely garden', 'shared'],
      ['Too dear for Ben', 'private'],
    ]);
    expect(
      seenByAna.homes.map((h: { property: { title: string } }) => h.property.title).sort(),
    ).toEqual(['Cottage', 'Loft']);
  });

  it('keeps offers each buyer’s own', async () => {
    const { ana, ben, cottage } = await scene();
    await shareList(ctx.app, ctx.dataDir, ana, ben);
    await save(ctx.app, ana, cottage);
    expect((await offer(ctx.app, ana, cottage)).statusCode).toBe(200);
    const raw = (await sharedList(ctx.app, ben)).body;
    expect(raw).not.toMatch(/offer/i);
  });

  it('answers strangers and former members 404, and keeps everyone’s own saves when someone leaves', async () => {
    const { ana, ben, stranger, cottage, loft } = await scene();
    await shareList(ctx.app, ctx.dataDir, ana, ben);
    await save(ctx.app, ana, cottage);
    await save(ctx.app, ben, loft);
    const note = (await addNote(ctx.app, ana, cottage, 'Shared words', 'shared')).json();
    await addNote(ctx.app, ben, cottage, 'Ben’s secret', 'private');
    await addNote(ctx.app, ben, cottage, 'Ben’s shared words', 'shared');

    for (const route of homeRoutes(cottage, note.id)) {
      const response = await ctx.app.inject({ ...route, headers: stranger.bearer });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(404);
    }
    expect(await listOf(stranger)).toBeNull();

    const left = await ctx.app.inject({
      method: 'POST',
      url: '/api/shared-wishlist/leave',
      headers: ben.bearer,
    });
    expect(left.statusCode).toBe(200);
    expect(await listOf(ben)).toBeNull();
    for (const route of homeRoutes(cottage, note.id)) {
      const response = await ctx.app.inject({ ...route, headers: ben.bearer });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(404);
    }
    // Ben's notes went with him (his private one above all); everyone's saves stayed.
    const notes = await ctx.app.db.select().from(sharedHomeNotes);
    expect(notes.map((n) => n.body)).not.toContain('Ben’s secret');
    expect(notes.map((n) => n.body)).not.toContain('Ben’s shared words');
    const saves = await ctx.app.db.select().from(wishlistItems);
    expect(saves.map((s) => [s.userId === ana.id ? 'ana' : 'ben', s.propertyId]).sort()).toEqual(
      [
        ['ana', cottage],
        ['ben', loft],
      ].sort(),
    );
    // The list had two people: it has ended, and Ana is on none.
    expect(await listOf(ana)).toBeNull();
  });

  it('lets the starter remove a member and withdraw invitations, and nobody else', async () => {
    const { ana, ben, stranger } = await scene();
    const cleo = await createAccount(ctx.app, 'user', { name: 'Cleo' });
    await shareList(ctx.app, ctx.dataDir, ana, ben, cleo);
    const list = await listOf(ana);
    const cleoId = list.members.find((m: { name: string }) => m.name === 'Cleo').id;
    const benId = list.members.find((m: { name: string }) => m.name === 'Ben Joiner').id;
    const remove = (who: TestAccount, memberId: string) =>
      ctx.app.inject({
        method: 'DELETE',
        url: `/api/shared-wishlist/members/${memberId}`,
        headers: who.bearer,
      });
    expect((await remove(stranger, cleoId)).statusCode).toBe(404);
    expect((await remove(ben, cleoId)).statusCode).toBe(403);
    expect((await remove(ana, cleoId)).statusCode).toBe(200);
    expect(await listOf(cleo)).toBeNull();
    expect((await listOf(ben)).members).toHaveLength(2);

    await invite(ctx.app, ana, 'dora@example.test');
    const waiting = (await listOf(ana)).invitations[0];
    expect(waiting).toMatchObject({ email: 'dora@example.test', status: 'pending' });
    expect((await listOf(ben)).invitations).toEqual([]);
    const revoke = (who: TestAccount) =>
      ctx.app.inject({
        method: 'DELETE',
        url: `/api/shared-wishlist/invitations/${waiting.id}`,
        headers: who.bearer,
      });
    expect((await revoke(ben)).statusCode).toBe(404);
    expect((await revoke(stranger)).statusCode).toBe(404);
    expect((await revoke(ana)).statusCode).toBe(200);
    expect((await revoke(ana)).statusCode).toBe(404);
    expect((await remove(ana, benId)).statusCode).toBe(200);
  });
});

describe('invitations', () => {
  it('answer the same whether or not the address has an account, and mail a one-time link', async () => {
    const { ana, ben } = await scene();
    const known = await invite(ctx.app, ana, ben.email.toUpperCase());
    const unknown = await invite(ctx.app, ana, 'nobody-here@example.test');
    expect([known.statusCode, unknown.statusCode]).toEqual([202, 202]);
    expect(known.json()).toEqual(unknown.json());
    expect((await invitationMails(ctx.app, ctx.dataDir, 'nobody-here@example.test')).length).toBe(
      1,
    );
    const token = await invitationToken(ctx.app, ctx.dataDir, ben.email);
    // Only a digest of the token is kept.
    const stored = await ctx.app.db.select().from(sharedWishlistInvitations);
    expect(JSON.stringify(stored)).not.toContain(token);

    expect((await answer(ctx.app, ben, 'preview', token)).json()).toMatchObject({
      invitedBy: 'Ana Starter',
      people: 1,
    });
    expect((await answer(ctx.app, ben, 'accept', token)).statusCode).toBe(200);
    const again = await answer(ctx.app, ben, 'accept', token);
    expect([again.statusCode, again.json().error]).toEqual([409, M.invitationUsed]);
  });

  it('refuse a wrong account, an agent, an unconfirmed address, a used, withdrawn or expired link', async () => {
    const { ana, ben, stranger } = await scene();
    const agent = await createAccount(ctx.app, 'agent');
    await invite(ctx.app, ana, ben.email);
    const token = await invitationToken(ctx.app, ctx.dataDir, ben.email);
    const wrong = await answer(ctx.app, stranger, 'accept', token);
    expect([wrong.statusCode, wrong.json().error]).toEqual([403, M.wrongAccount]);
    expect((await answer(ctx.app, agent, 'accept', token)).statusCode).toBe(403);
    expect((await answer(ctx.app, ben, 'accept', 'x'.repeat(43))).statusCode).toBe(404);

    await ctx.app.db.update(users).set({ emailVerified: false }).where(eq(users.id, ben.id));
    const unconfirmed = await answer(ctx.app, ben, 'accept', token);
    expect([unconfirmed.statusCode, unconfirmed.json().code]).toEqual([403, 'EMAIL_NOT_VERIFIED']);
    await ctx.app.db.update(users).set({ emailVerified: true }).where(eq(users.id, ben.id));

    await ctx.app.db
      .update(sharedWishlistInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await answer(ctx.app, ben, 'accept', token);
    expect([expired.statusCode, expired.json().error]).toEqual([409, M.invitationExpired]);

    // Inviting again replaces it: the old link is withdrawn, the new one works once.
    await invite(ctx.app, ana, ben.email);
    const withdrawn = await answer(ctx.app, ben, 'accept', token);
    expect([withdrawn.statusCode, withdrawn.json().error]).toEqual([409, M.invitationWithdrawn]);
    const fresh = await invitationToken(ctx.app, ctx.dataDir, ben.email);
    expect(fresh).not.toBe(token);
    expect((await answer(ctx.app, ben, 'decline', fresh)).statusCode).toBe(200);
    const declined = await answer(ctx.app, ben, 'accept', fresh);
    expect(declined.statusCode).toBe(409);
  });

  it('keep the limits: yourself, someone on the list, a full list, a member who did not start it, another list', async () => {
    const { ana, ben, stranger } = await scene();
    const self = await invite(ctx.app, ana, ana.email);
    expect([self.statusCode, self.json().fields?.email]).toEqual([400, M.inviteSelf]);
    await shareList(ctx.app, ctx.dataDir, ana, ben);
    const twice = await invite(ctx.app, ana, ben.email);
    expect([twice.statusCode, twice.json().error]).toEqual([409, M.alreadyMember]);
    const byMember = await invite(ctx.app, ben, stranger.email);
    expect([byMember.statusCode, byMember.json().error]).toEqual([
      409,
      M.onlyStarterInvites('Ana Starter'),
    ]);

    for (let n = 2; n < SHOPPING_TOGETHER_LIMITS.maxPeople; n += 1) {
      expect((await invite(ctx.app, ana, `seat${n}@example.test`)).statusCode).toBe(202);
    }
    const full = await invite(ctx.app, ana, 'one-too-many@example.test');
    expect([full.statusCode, full.json().error]).toEqual([409, M.listFull]);

    // Someone sharing a list with others cannot join another.
    const zed = await createAccount(ctx.app, 'user', { name: 'Zed' });
    await invite(ctx.app, zed, ben.email);
    const other = await answer(
      ctx.app,
      ben,
      'accept',
      await invitationToken(ctx.app, ctx.dataDir, ben.email),
    );
    expect([other.statusCode, other.json().error]).toEqual([409, M.alreadyInAnotherList]);

    // Someone alone on a list of their own (invitations unanswered) leaves it to join.
    await invite(ctx.app, stranger, 'friend@example.test');
    await invite(ctx.app, zed, stranger.email);
    const joined = await answer(
      ctx.app,
      stranger,
      'accept',
      await invitationToken(ctx.app, ctx.dataDir, stranger.email),
    );
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().list.members.map((m: { name: string }) => m.name)).toEqual([
      'Zed',
      'Sid Stranger',
    ]);
  });

  it('are limited per account per day', async () => {
    const { ana } = await scene();
    for (let n = 0; n < SHOPPING_TOGETHER_LIMITS.invitationsPerDay; n += 1) {
      await invite(ctx.app, ana, `friend${n % 3}@example.test`);
    }
    const over = await invite(ctx.app, ana, 'late@example.test');
    expect(over.statusCode).toBe(429);
  });
});
