import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { INVITATION_PARAM } from '@keyhaven/shared';
import type { FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import type { TestAccount } from './accounts.js';

/* Shopping together through the API, as buyers do it, with the invitation read from the outbox. */

export const invite = (app: FastifyInstance, from: TestAccount, email: string) =>
  app.inject({
    method: 'POST',
    url: '/api/shared-wishlist/invitations',
    headers: from.bearer,
    payload: { email },
  });

export const answer = (
  app: FastifyInstance,
  who: TestAccount,
  action: 'accept' | 'decline' | 'preview',
  token: string,
) =>
  app.inject({
    method: 'POST',
    url: `/api/shared-wishlist/invitations/${action}`,
    headers: who.bearer,
    payload: { token },
  });

export const sharedList = (app: FastifyInstance, who: TestAccount) =>
  app.inject({ method: 'GET', url: '/api/shared-wishlist', headers: who.bearer });

export const save = (app: FastifyInstance, who: TestAccount, listingId: string) =>
  app.inject({
    method: 'PATCH',
    url: `/properties/${listingId}/wishlist`,
    headers: who.bearer,
    payload: { wishlistStatus: 'true' },
  });

export const addNote = (
  app: FastifyInstance,
  who: TestAccount,
  listingId: string,
  body: string,
  visibility: 'private' | 'shared',
) =>
  app.inject({
    method: 'POST',
    url: `/api/shared-wishlist/homes/${listingId}/notes`,
    headers: who.bearer,
    payload: { body, visibility },
  });

export const react = (
  app: FastifyInstance,
  who: TestAccount,
  listingId: string,
  reaction: 'up' | 'down',
) =>
  app.inject({
    method: 'PUT',
    url: `/api/shared-wishlist/homes/${listingId}/reaction`,
    headers: who.bearer,
    payload: { reaction },
  });

/** The invitation mails an address received so far, oldest first, read back from the outbox. */
export async function invitationMails(app: FastifyInstance, dataDir: string, email: string) {
  await app.jobs.drain();
  const outbox = path.join(dataDir, 'outbox');
  const files = (await readdir(outbox).catch(() => [] as string[]))
    .filter((f) => f.endsWith('.eml'))
    .sort();
  const found = [];
  for (const file of files) {
    const raw = await readFile(path.join(outbox, file));
    if (!raw.toString('utf8').toLowerCase().includes(email.toLowerCase())) continue;
    const mail = await simpleParser(raw);
    const to = [mail.to ?? []].flat().flatMap((group) => group.value.map((v) => v.address));
    if (!to.includes(email.toLowerCase()) || !mail.subject?.includes('shop for homes together'))
      continue;
    found.push(mail);
  }
  return found;
}

/** The token of the newest invitation mailed to an address. */
export async function invitationToken(app: FastifyInstance, dataDir: string, email: string) {
  const mail = (await invitationMails(app, dataDir, email)).at(-1);
  const link = mail?.text
    ?.match(/https?:\/\/\S+/g)
    ?.find((url) => url.includes(`${INVITATION_PARAM}=`));
  if (!link) throw new Error(`no invitation for ${email}`);
  return new URL(link).searchParams.get(INVITATION_PARAM) as string;
}

/** The starter invites each joiner, who accepts: one list of them all. */
export async function shareList(
  app: FastifyInstance,
  dataDir: string,
  starter: TestAccount,
  ...joiners: TestAccount[]
) {
  for (const joiner of joiners) {
    const sent = await invite(app, starter, joiner.email);
    if (sent.statusCode !== 202) throw new Error(`invite: ${sent.statusCode} ${sent.body}`);
    const token = await invitationToken(app, dataDir, joiner.email);
    const joined = await answer(app, joiner, 'accept', token);
    if (joined.statusCode !== 200) throw new Error(`accept: ${joined.statusCode} ${joined.body}`);
  }
}
