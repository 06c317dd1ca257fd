import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../../test/helpers/accounts.js';
import { createListing } from '../../../test/helpers/listings.js';
import { accept, offer, openCheckout, payDemo } from '../../../test/helpers/offers.js';
import { useTestApp } from '../../../test/helpers/test-app.js';
import { queryRows } from '../../db/client.js';
import { auditLog, payments, users } from '../../db/schema.js';
import { EXPORT_BATCH } from './marketplace-export.js';

const ctx = useTestApp();

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);

const download = (admin: TestAccount, kind: string, period = 30) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/admin/exports/${kind}?period=${period}`,
    headers: admin.bearer,
  });

const lines = (body: string) => body.split('\r\n').slice(0, -1);

describe('CSV exports', () => {
  it('sends the accounts created in the period as an attachment, quoted and neutralised', async () => {
    const admin = await createAccount(ctx.app, 'admin');
    const tricky = await createAccount(ctx.app);
    await ctx.app.db
      .update(users)
      .set({ name: 'Doe, "Jo"\nSecond line', country: '=HYPERLINK("http://evil.test")' })
      .where(eq(users.id, tricky.id));
    const formulas = ['+1+1', '-1+1', '@SUM(A1)'];
    const others = [];
    for (const name of formulas) {
      const account = await createAccount(ctx.app);
      await ctx.app.db.update(users).set({ name }).where(eq(users.id, account.id));
      others.push(account);
    }
    const old = await createAccount(ctx.app);
    await ctx.app.db.execute(
      sql`update users set created_at = now() - interval '40 days' where id = ${old.id}`,
    );

    const response = await download(admin, 'users');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="keyhaven-users-${daysAgo(29)}-to-${daysAgo(0)}.csv"`,
    );
    const body = response.body;
    const records = lines(body);
    expect(records[0]).toBe('id,name,email,role,country,created_at');
    // Admin, the tricky account and the three formula names; the old account is not in the period.
    expect(body).not.toContain(old.email);
    expect(body).toContain(`${admin.email},admin,United States,`);
    expect(body).toContain(
      `${tricky.id},"Doe, ""Jo""\nSecond line",${tricky.email},user,"'=HYPERLINK(""http://evil.test"")",`,
    );
    expect(body).toContain(`${others[0]?.id},'+1+1,`);
    expect(body).toContain(`${others[1]?.id},'-1+1,`);
    expect(body).toContain(`${others[2]?.id},'@SUM(A1),`);
    // The quoted line break is the only LF not ending a record.
    expect(body.split('\r\n')).toHaveLength(1 + 5 + 1);
    expect(records.at(-1)).toMatch(/,\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('records who downloaded what before sending it', async () => {
    const admin = await createAccount(ctx.app, 'admin');
    expect((await download(admin, 'listings', 90)).statusCode).toBe(200);
    const entries = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'export.downloaded'), eq(auditLog.actorId, admin.id)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorEmail: admin.email,
      targetType: 'export',
      targetId: 'listings',
      details: { period: 90, from: daysAgo(89), to: daysAgo(0) },
    });
  });

  it('lists listings and sales with prices in dollars and the people involved', async () => {
    const admin = await createAccount(ctx.app, 'admin');
    const agent = await createAccount(ctx.app, 'agent');
    const buyer = await createAccount(ctx.app);
    const id = await createListing(ctx.app, agent, {
      title: 'Loft, "the view"',
      location: 'Austin, Texas',
      minPrice: 250_000,
      maxPrice: 280_000.5,
    });
    await offer(ctx.app, buyer, id, { offerAmount: 262_500.5 });
    await accept(ctx.app, agent, id, buyer.email);
    const { sessionId } = await openCheckout(ctx.app, buyer, id);
    expect((await payDemo(ctx.app, buyer, sessionId)).statusCode).toBe(200);

    const listings = lines((await download(admin, 'listings')).body);
    expect(listings[0]).toBe(
      'id,title,location,type,min_price,max_price,bedrooms,bathrooms,area_sqft,approval,availability,agent_email,created_at',
    );
    expect(listings[1]).toMatch(
      new RegExp(
        `^${id},"Loft, ""the view""","Austin, Texas",House,250000.00,280000.50,3,2.5,1800,approved,Sold,${agent.email.replaceAll('.', '\\.')},\\d{4}-`,
      ),
    );

    const [payment] = await ctx.app.db.select().from(payments).where(eq(payments.status, 'paid'));
    const sales = lines((await download(admin, 'sales')).body);
    expect(sales).toEqual([
      'payment_id,paid_at,amount,currency,listing_id,listing_title,location,buyer_email,agent_email,transaction_id',
      `${payment?.id},${payment?.paidAt?.toISOString()},262500.50,USD,${id},"Loft, ""the view""","Austin, Texas",${buyer.email},${agent.email},${payment?.transactionId}`,
    ]);
  });

  it('sends every row of an export longer than one batch, once and in order', async () => {
    const admin = await createAccount(ctx.app, 'admin');
    const count = EXPORT_BATCH * 2 + 500;
    // Many accounts share a creation instant, so pages must continue by id as well as by date.
    await ctx.app.db.execute(sql`
      insert into users (id, name, email, role, created_at)
      select 'bulk-' || n, 'Bulk ' || n, 'bulk' || n || '@example.test', 'user',
        date_trunc('second', now()) - (n % 7) * interval '1 hour'
      from generate_series(1, ${count}) as n`);
    const expected = await queryRows<{ id: string }>(
      ctx.app.db,
      sql`select id from users order by created_at, id`,
    );
    expect(expected).toHaveLength(count + 1);

    const response = await download(admin, 'users');
    const ids = lines(response.body)
      .slice(1)
      .map((line) => line.split(',')[0]);
    expect(ids).toEqual(expected.map((row) => row.id));
  });

  it('refuses a kind or a period it does not offer, naming the field', async () => {
    const admin = await createAccount(ctx.app, 'admin');
    const kind = await download(admin, 'payments');
    expect(kind.statusCode).toBe(400);
    expect(kind.json().fields).toHaveProperty('kind');
    const period = await download(admin, 'users', 14);
    expect(period.statusCode).toBe(400);
    expect(period.json().fields).toHaveProperty('period');
    const written = await ctx.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'export.downloaded'));
    expect(written).toEqual([]);
  });
});
