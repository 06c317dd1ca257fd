import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { SHOPPING_TOGETHER_MESSAGES as M } from '@keyhaven/shared';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../../test/helpers/accounts.js';
import { createListing } from '../../../test/helpers/listings.js';
import { addNote, react, save, shareList } from '../../../test/helpers/shopping-together.js';
import { useTestApp } from '../../../test/helpers/test-app.js';
import { emailDeliveries, notifications } from '../../db/schema.js';
import { deliver } from '../notifications/notifier.js';

const ctx = useTestApp();

const noticesOf = (who: TestAccount) =>
  ctx.app.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, who.id))
    .orderBy(asc(notifications.createdAt), asc(notifications.id));

const mailsTo = async (who: TestAccount) =>
  (await ctx.app.db.select().from(emailDeliveries)).filter(
    (row) => row.userId === who.id && row.template === 'notification',
  );

describe('what co-buyers are told', () => {
  it('tells the others once of each change, never of a private note, and mails a burst once', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const ana = await createAccount(ctx.app, 'user', { name: 'Ana' });
    const ben = await createAccount(ctx.app, 'user', { name: 'Ben' });
    const cottage = await createListing(ctx.app, agent, { title: 'Cottage' });
    const loft = await createListing(ctx.app, agent, { title: 'Loft' });
    await shareList(ctx.app, ctx.dataDir, ana, ben);
    await ctx.app.jobs.drain();
    expect((await noticesOf(ana)).map((n) => n.title)).toEqual([M.noticeJoined('Ben')]);

    await save(ctx.app, ben, cottage);
    // Saved again, and by Ana too: the home is not new to the list, nobody is told again.
    await save(ctx.app, ben, cottage);
    await save(ctx.app, ana, cottage);
    await save(ctx.app, ben, loft);
    await addNote(ctx.app, ana, cottage, 'My own thoughts', 'private');
    await addNote(ctx.app, ana, cottage, 'Great light', 'shared');
    await addNote(ctx.app, ana, loft, 'Too small', 'shared');
    await react(ctx.app, ana, cottage, 'up');
    await react(ctx.app, ana, cottage, 'up');
    await ctx.app.jobs.drain();
    await ctx.app.jobs.drain();

    const toAna = (await noticesOf(ana)).map((n) => [n.kind, n.title]);
    expect(toAna).toEqual([
      ['shared_list_joined', M.noticeJoined('Ben')],
      ['shared_home_added', M.noticeHomeAdded('Ben', 'Cottage')],
      ['shared_home_added', M.noticeHomeAdded('Ben', 'Loft')],
    ]);
    const toBen = await noticesOf(ben);
    expect(toBen.map((n) => [n.kind, n.title, n.body])).toEqual([
      ['shared_note_added', M.noticeNote('Ana', 'Cottage'), 'Great light'],
      ['shared_note_added', M.noticeNote('Ana', 'Loft'), 'Too small'],
      ['shared_home_reaction', M.noticeReaction('Ana', 'up', 'Cottage'), M.noticeReactionBody],
    ]);
    expect(JSON.stringify(toBen)).not.toContain('My own thoughts');
    // Two notes in one hour: two notices, one e-mail. Two saves: one e-mail to Ana.
    const bensMail = await mailsTo(ben);
    expect(bensMail.map((m) => m.subject).sort()).toEqual(
      ['A new note on your shared wishlist', 'A reaction on your shared wishlist'].sort(),
    );
    expect((await mailsTo(ana)).map((m) => m.subject).sort()).toEqual(
      ['A home was added to your shared wishlist', 'Someone joined your shared wishlist'].sort(),
    );

    // The same event reported again tells nobody twice and sends nothing twice.
    const note = toBen[0];
    if (!note) throw new Error('no note notice');
    const again = {
      kind: note.kind,
      key: note.eventKey,
      recipients: [ben.id],
      title: note.title,
      body: note.body,
      link: note.link,
    };
    await ctx.app.db.transaction((tx) => ctx.app.notifications.queue(tx, [again]));
    await ctx.app.jobs.drain();
    await deliver(ctx.app, { ...again, email: false });
    expect(await noticesOf(ben)).toHaveLength(3);
    expect(await mailsTo(ben)).toHaveLength(2);

    // Ben removes the Loft for everyone; then leaves: Ana hears both, and that the list ended.
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/shared-wishlist/homes/${loft}`,
      headers: ben.bearer,
    });
    expect(removed.statusCode).toBe(200);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/shared-wishlist/leave',
      headers: ben.bearer,
    });
    await ctx.app.jobs.drain();
    expect((await noticesOf(ana)).slice(3).map((n) => n.title)).toEqual([
      M.noticeHomeRemoved('Ben', 'Loft'),
      M.noticeEnded,
    ]);
    const outbox = await readdir(path.join(ctx.dataDir, 'outbox'));
    expect(outbox.length).toBeGreaterThan(0);
  });

  it('tells a removed member, and the rest, without telling the starter of their own act', async () => {
    const [ana, ben, cleo] = [
      await createAccount(ctx.app, 'user', { name: 'Ana' }),
      await createAccount(ctx.app, 'user', { name: 'Ben' }),
      await createAccount(ctx.app, 'user', { name: 'Cleo' }),
    ];
    await shareList(ctx.app, ctx.dataDir, ana, ben, cleo);
    const list = (
      await ctx.app.inject({ method: 'GET', url: '/api/shared-wishlist', headers: ana.bearer })
    ).json().list;
    const cleoId = list.members.find((m: { name: string }) => m.name === 'Cleo').id;
    await ctx.app.jobs.drain();
    const before = (await noticesOf(ana)).length;
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/shared-wishlist/members/${cleoId}`,
      headers: ana.bearer,
    });
    await ctx.app.jobs.drain();
    expect((await noticesOf(cleo)).at(-1)?.title).toBe(M.noticeRemovedYou);
    expect((await noticesOf(ben)).at(-1)?.title).toBe(M.noticeRemovedOther('Cleo'));
    expect(await noticesOf(ana)).toHaveLength(before);
  });
});
