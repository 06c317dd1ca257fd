import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../test/helpers/test-app.js';

const ctx = useTestApp();

describe('health', () => {
  it('reports the process up', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('says ready when the database answers, and nothing about what it runs on', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.body).not.toMatch(/pglite|postgres/i);
  });

  it('says only "not ready" (503) when the database does not answer', async () => {
    const ping = vi
      .spyOn(ctx.app.database, 'ping')
      .mockRejectedValueOnce(new Error('connect ECONNREFUSED 127.0.0.1:5432 (PostgreSQL)'));
    try {
      const response = await ctx.app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ error: 'Not ready', code: 'UNAVAILABLE' });
      expect(response.headers['retry-after']).toBe('5');
    } finally {
      ping.mockRestore();
    }
  });

  it('says "stopping" (503) once the instance is leaving, while still up', async () => {
    ctx.app.leaving.start();
    const ready = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ error: 'Stopping', code: 'UNAVAILABLE' });
    expect(ready.headers['retry-after']).toBe('5');
    expect((await ctx.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
