import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { newsletterSubscribers } from '../../db/schema.js';

/** The queue that records a subscription and mails its confirmation, away from the request. */
export const NEWSLETTER_QUEUE = 'newsletter-subscribe';

const HOUR_MS = 60 * 60 * 1000;
/**
 * Confirmation mails one address receives in an hour, whoever asks: enough for a person who lost
 * the first, too few to flood a stranger's inbox from many clients.
 */
export const NEWSLETTER_CONFIRMATIONS_PER_ADDRESS = 3;
/** How long a confirmation link works. */
const CONFIRM_LINK_DAYS = 7;

/** The web page a confirmation link opens (apps/web/src/lib/paths.ts). */
const CONFIRM_PAGE = '/newsletter/confirm';

const digest = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * A subscription asked for: counted for its address, then handed to a job, so the answer and its
 * timing are the same whether the address is new, waiting for its confirmation, or confirmed.
 */
export async function requestSubscription(app: FastifyInstance, email: string) {
  const asked = await app.counters.hit(`newsletter-confirm:${email}`, HOUR_MS);
  if (asked > NEWSLETTER_CONFIRMATIONS_PER_ADDRESS) return;
  await app.jobs.send(
    NEWSLETTER_QUEUE,
    { email },
    { key: `newsletter:${randomBytes(16).toString('hex')}` },
  );
}

/**
 * Records the address as waiting for confirmation with a new link (an older one stops working)
 * and mails that link. A confirmed address is left as it is and sent nothing.
 */
export async function subscribe(app: FastifyInstance, email: string) {
  const token = randomBytes(32).toString('base64url');
  const waiting = { confirmTokenHash: digest(token), confirmSentAt: new Date() };
  const recorded = await app.db
    .insert(newsletterSubscribers)
    .values({ email, ...waiting })
    .onConflictDoUpdate({
      target: newsletterSubscribers.email,
      set: waiting,
      setWhere: isNull(newsletterSubscribers.confirmedAt),
    })
    .returning({ id: newsletterSubscribers.id });
  if (recorded.length === 0) return;
  const page = `${app.config.publicUrl.replace(/\/$/, '')}${CONFIRM_PAGE}`;
  await app.mail.enqueue({
    key: `newsletter-confirm:${waiting.confirmTokenHash}`,
    to: email,
    template: 'newsletter-confirm',
    props: { confirmUrl: `${page}?${new URLSearchParams({ token })}` },
  });
}

/**
 * Confirms the subscription a link names, once, while the link is fresh, and welcomes it with
 * the one-click unsubscribe. Answers false for a link that is unknown, used or expired.
 */
export async function confirmSubscription(app: FastifyInstance, token: string) {
  const [confirmed] = await app.db
    .update(newsletterSubscribers)
    .set({ confirmedAt: new Date(), confirmTokenHash: null })
    .where(
      and(
        eq(newsletterSubscribers.confirmTokenHash, digest(token)),
        isNull(newsletterSubscribers.confirmedAt),
        gt(
          newsletterSubscribers.confirmSentAt,
          sql`now() - make_interval(days => ${CONFIRM_LINK_DAYS})`,
        ),
      ),
    )
    .returning({ email: newsletterSubscribers.email });
  if (!confirmed) return false;
  await app.mail.enqueue({
    key: `newsletter-welcome:${confirmed.email}`,
    to: confirmed.email,
    template: 'newsletter-welcome',
    props: {},
    unsubscribe: { scope: 'newsletter', email: confirmed.email },
  });
  return true;
}
