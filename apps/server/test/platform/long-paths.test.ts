import { describe, expect, it } from 'vitest';
import { createAccount } from '../helpers/accounts.js';
import { useTestApp } from '../helpers/test-app.js';

/*
 * What the router refuses before any route runs (a path parameter over its length limit, a
 * broken percent-encoding) is answered like every other error: JSON {error, code}, the
 * request's id, and no echo of the path.
 */

const ctx = useTestApp();

describe('paths the router refuses', () => {
  it('answer an over-long path parameter with 414 in the API error shape', async () => {
    const buyer = await createAccount(ctx.app);
    const long = 'a'.repeat(600);
    for (const [method, url] of [
      ['GET', `/api/properties/${long}`],
      ['PATCH', `/make-offer/${long}`],
      ['DELETE', `/api/property-reviews/${long}`],
      ['GET', `/auth/users/${long}`],
    ] as const) {
      const response = await ctx.app.inject({ method, url, headers: buyer.bearer });
      expect(response.statusCode, url).toBe(414);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      expect(response.json(), url).toEqual({
        error: 'This address is too long',
        code: 'URI_TOO_LONG',
      });
      expect(response.body).not.toContain(long);
      expect(response.headers['x-request-id']).toEqual(expect.any(String));
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('still route a parameter as long as an e-mail address may be', async () => {
    const agent = await createAccount(ctx.app, 'agent');
    const email = `${'a'.repeat(64)}@${'b'.repeat(180)}.example`;
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/properties/requested/${encodeURIComponent(email)}`,
      headers: agent.bearer,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('FORBIDDEN');
  });

  it('answer a broken percent-encoding with 400 in the API error shape', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/properties/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'This address is not valid',
      code: 'VALIDATION_FAILED',
    });
  });
});
