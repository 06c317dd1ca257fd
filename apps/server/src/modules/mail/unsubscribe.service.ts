import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { UnsubscribeClaim } from './unsubscribe-token.js';

/**
 * Stops the e-mails a token names: a person's saved-search alerts (their setting becomes off),
 * or the newsletter for the address. Doing it twice, or for an account since deleted, is fine.
 */
export async function unsubscribe(db: Database, claim: UnsubscribeClaim): Promise<void> {
  if (claim.scope === 'newsletter') {
    await db.execute(sql`delete from newsletter_subscribers where email = ${claim.email}`);
    return;
  }
  if (!claim.userId) return;
  await db.execute(
    sql`insert into notification_settings (user_id, search_alerts)
        select id, 'off' from users
        where id = ${claim.userId} and lower(email) = lower(${claim.email})
        on conflict (user_id) do update set search_alerts = 'off', updated_at = now()`,
  );
}
