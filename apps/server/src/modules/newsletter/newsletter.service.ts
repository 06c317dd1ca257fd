import type { FastifyInstance } from 'fastify';
import { newsletterSubscribers } from '../../db/schema.js';

/**
 * Adds an e-mail to the newsletter list and welcomes it, with the one-click unsubscribe; an
 * address already on the list stays as it is and is not written to again.
 */
export async function subscribe(app: FastifyInstance, email: string) {
  const added = await app.db
    .insert(newsletterSubscribers)
    .values({ email })
    .onConflictDoNothing()
    .returning({ id: newsletterSubscribers.id });
  if (added.length === 0) return;
  await app.mail.enqueue({
    key: `newsletter-welcome:${email}`,
    to: email,
    template: 'newsletter-welcome',
    props: {},
    unsubscribe: { scope: 'newsletter', email },
  });
}
