import { ESTIMATE_MESSAGES, type ListingEstimate } from '@keyhaven/shared';
import { describe, expect, it } from 'vitest';
import { createAccount } from '../../../test/helpers/accounts.js';
import {
  homeRow,
  insertHomes,
  milesFromCentre,
  type Person,
  person,
  soldRow,
} from '../../../test/helpers/comparables.js';
import { createListing } from '../../../test/helpers/listings.js';
import { accept, offer, openCheckout, payDemo } from '../../../test/helpers/offers.js';
import { useTestApp } from '../../../test/helpers/test-app.js';

/* A public listing's estimate is kept in the listing caches: kept answers never outlive a change. */

const ctx = useTestApp({ SEARCH_CACHE_SECONDS: '60' });

async function estimateOf(who: Person, id: string) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/properties/${id}/estimate`,
    headers: who.bearer,
  });
  return { status: response.statusCode, body: response.json() as ListingEstimate };
}

describe('the kept estimate of a public listing', () => {
  it('is read once for every viewer, and a sale nearby makes the next answer new', async () => {
    const agent = await person(ctx.app.db, 'agent');
    const [buyer, otherBuyer] = [
      await person(ctx.app.db, 'user'),
      await person(ctx.app.db, 'user'),
    ];
    const [subject] = (await insertHomes(ctx.app.db, [
      homeRow(agent.id, { title: 'The listing' }),
      soldRow(agent.id, 0.1, 2, 400_000),
      soldRow(agent.id, 0.3, 3, 410_000),
    ])) as [string];
    const { lookups } = ctx.app.listingCache.estimates;

    const first = await estimateOf(buyer, subject);
    expect(first.status).toBe(200);
    // Two sales are not enough to say.
    expect(first.body.estimate).toBeNull();
    const hitsBefore = lookups.hits;
    expect(await estimateOf(otherBuyer, subject)).toEqual(first);
    expect(lookups.hits).toBe(hitsBefore + 1);

    // A third sale, made as buyers make them: offer, acceptance, payment.
    const sellingAgent = await createAccount(ctx.app, 'agent');
    const purchaser = await createAccount(ctx.app, 'user');
    const sold = await createListing(ctx.app, sellingAgent, {
      title: 'Sold next door',
      ...milesFromCentre(0.2),
      minPrice: 390_000,
      maxPrice: 420_000,
      bathrooms: 2,
      areaSize: 2000,
    });
    expect((await offer(ctx.app, purchaser, sold, { offerAmount: 405_000 })).statusCode).toBe(200);
    expect((await accept(ctx.app, sellingAgent, sold)).statusCode).toBe(200);
    const { sessionId } = await openCheckout(ctx.app, purchaser, sold);
    expect((await payDemo(ctx.app, purchaser, sessionId)).statusCode).toBe(200);

    const after = await estimateOf(buyer, subject);
    expect(after.status).toBe(200);
    expect(after.body.estimate).toMatchObject({ salesUsed: 3 });
    expect(after.body.comparables.map((comparable) => comparable.title)).toContain(
      'Sold next door',
    );
  });

  it('is no longer shown to buyers once the listing is hidden, while its agent still sees it', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const admin = await createAccount(ctx.app, 'admin');
    const buyer = await person(ctx.app.db, 'user');
    const id = await createListing(ctx.app, agent, {
      title: 'Soon rejected',
      ...milesFromCentre(0),
    });
    expect((await estimateOf(buyer, id)).status).toBe(200);
    expect((await estimateOf(buyer, id)).status).toBe(200);

    const rejected = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/properties/admin-approval/${id}/false`,
      headers: admin.bearer,
    });
    expect(rejected.statusCode).toBe(200);
    const refused = await estimateOf(buyer, id);
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ error: ESTIMATE_MESSAGES.notFound });
    const own = await estimateOf(agent, id);
    expect(own.status).toBe(200);
    expect(own.body.unavailable).toBeNull();
  });
});
