import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../../src/db/client.js';

/*
 * The market's invariants, stated once, in SQL, so they can be checked on any database: the
 * test app's, or the one a killed server process left behind.
 *
 *  1. A listing has at most one offer that is accepted or paid (one sale per home).
 *  2. A paid offer has exactly one paid payment, for its amount, its buyer and its listing.
 *  3. A paid payment points at a listing and an offer that still exist (no sale of a deleted
 *     listing), the offer is paid and the listing is Sold.
 *  4. A listing has at most one paid payment (nobody pays twice for one home).
 *  5. A Sold listing has exactly one paid payment and one paid offer (no sale without money).
 *  6. A Pending listing has exactly one accepted offer and no paid one; an accepted offer's
 *     listing is Pending.
 *  7. Money is never negative, and an offer lies within its listing's price range.
 *
 * These hold for the state machine (offers, accept/reject/withdraw, checkout and payment,
 * listing deletion). Two things outside it relax them, and callers that use either say so:
 *  - `listingEdits`: the Edit Property form lets an agent set availability by hand (5, 6) and
 *    change the price range under pending offers (7);
 *  - `deletedAccounts`: deleting an account keeps its payments as money records but cascades
 *    its offers, or an agent's listings (2, 3, 5).
 */
export interface InvariantOptions {
  listingEdits?: boolean;
  deletedAccounts?: boolean;
}

interface Check {
  name: string;
  query: string;
  /** Skipped when the caller says any of these happened. */
  strictOnly?: Array<'listingEdits' | 'deletedAccounts'>;
}

const CHECKS: Check[] = [
  {
    name: 'a listing with more than one accepted-or-paid offer',
    query: `select property_id as id, count(*)::int as n from offers
            where status in ('accepted', 'paid') group by property_id having count(*) > 1`,
  },
  {
    name: 'a paid offer without exactly one matching paid payment',
    query: `select o.id, count(p.id)::int as n from offers o
            left join payments p on p.offer_id = o.id and p.status = 'paid'
              and p.amount_cents = o.amount_cents and p.buyer_id = o.buyer_id
              and p.property_id = o.property_id
            where o.status = 'paid' group by o.id having count(p.id) <> 1`,
  },
  {
    name: 'a paid payment for a deleted listing or offer',
    query: `select id from payments where status = 'paid' and (property_id is null or offer_id is null)`,
    strictOnly: ['deletedAccounts'],
  },
  {
    name: 'a paid payment whose offer is not paid',
    query: `select p.id from payments p join offers o on o.id = p.offer_id
            where p.status = 'paid' and o.status <> 'paid'`,
  },
  {
    name: 'a paid payment whose listing is not Sold',
    query: `select p.id from payments p join properties l on l.id = p.property_id
            where p.status = 'paid' and l.availability <> 'Sold'`,
  },
  {
    name: 'a listing paid for more than once',
    query: `select property_id as id, count(*)::int as n from payments
            where status = 'paid' and property_id is not null
            group by property_id having count(*) > 1`,
  },
  {
    name: 'an offer paid more than once',
    query: `select offer_id as id, count(*)::int as n from payments
            where status = 'paid' and offer_id is not null
            group by offer_id having count(*) > 1`,
  },
  {
    name: 'a Sold listing without exactly one paid payment',
    query: `select l.id from properties l where l.availability = 'Sold' and
              (select count(*) from payments p where p.property_id = l.id and p.status = 'paid') <> 1`,
    strictOnly: ['listingEdits'],
  },
  {
    name: 'a Sold listing without exactly one paid offer',
    query: `select l.id from properties l where l.availability = 'Sold' and
              (select count(*) from offers o where o.property_id = l.id and o.status = 'paid') <> 1`,
    strictOnly: ['listingEdits', 'deletedAccounts'],
  },
  {
    name: 'a Pending listing without exactly one accepted offer',
    query: `select l.id from properties l where l.availability = 'Pending' and (
              (select count(*) from offers o where o.property_id = l.id and o.status = 'accepted') <> 1
              or exists (select 1 from offers o where o.property_id = l.id and o.status = 'paid'))`,
    strictOnly: ['listingEdits'],
  },
  {
    name: 'an accepted offer on a listing that is not Pending',
    query: `select o.id from offers o join properties l on l.id = o.property_id
            where o.status = 'accepted' and l.availability <> 'Pending'`,
  },
  {
    name: 'a paid offer on a listing that is not Sold',
    query: `select o.id from offers o join properties l on l.id = o.property_id
            where o.status = 'paid' and l.availability <> 'Sold'`,
  },
  {
    name: 'negative money',
    query: `select id from offers where amount_cents < 0
            union all select id from payments where amount_cents < 0`,
  },
  {
    name: 'an offer outside its listing price range',
    query: `select o.id from offers o join properties l on l.id = o.property_id
            where o.status = 'pending' and (o.amount_cents < l.min_price_cents or o.amount_cents > l.max_price_cents)`,
    strictOnly: ['listingEdits'],
  },
];

/** The broken invariants, each with up to five offending ids; empty when all hold. */
export async function marketViolations(
  db: Database,
  options: InvariantOptions = {},
): Promise<string[]> {
  const problems: string[] = [];
  for (const check of CHECKS) {
    if (check.strictOnly?.some((relaxation) => options[relaxation])) continue;
    const rows = await queryRows<{ id: string }>(db, sql.raw(check.query));
    if (rows.length > 0) {
      problems.push(
        `${check.name}: ${rows
          .slice(0, 5)
          .map((row) => row.id)
          .join(', ')}`,
      );
    }
  }
  return problems;
}

/** Throws, naming every broken invariant, unless the market is consistent. */
export async function assertMarketInvariants(
  db: Database,
  options: InvariantOptions = {},
): Promise<void> {
  const problems = await marketViolations(db, options);
  if (problems.length > 0) {
    throw new Error(`market invariants broken:\n  - ${problems.join('\n  - ')}`);
  }
}
