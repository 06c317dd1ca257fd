import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers/test-app.js';
import { testDriver } from '../../../test/helpers/test-database.js';

const ctx = useTestApp();

describe('health', () => {
  it('reports the process up', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('reports the database answering', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: testDriver });
  });
});
